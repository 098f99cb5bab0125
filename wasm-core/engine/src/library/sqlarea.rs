//! V$SQL: one row per cursor now in the library cache, with its per-cursor counters and the
//! bytes of its chunks (the SQL console's `v$sql` / `v$sqlarea`, issue #12).

use super::heap::NIL;
use super::sched::Sim;
use serde::Serialize;
use ts_rs::TS;

/// One V$SQL row (the model has one child per parent, so V$SQLAREA is the same rows).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export, export_to = "library/")]
pub struct SqlRow {
    /// The object's slot: the row's ADDRESS.
    pub obj: u32,
    pub hash_value: u32,
    pub sql_text: String,
    /// Bytes of the chunks the cursor holds now (handle, heaps 0 and 6, their extents).
    pub sharable_mem: u32,
    pub loads: u32,
    #[ts(type = "number")]
    pub parse_calls: u64,
    #[ts(type = "number")]
    pub executions: u64,
    /// Pins now (V$SQL's USERS_EXECUTING).
    pub users_executing: u32,
    /// Heap 6 is in the pool (0 once it was flushed, until the next reload).
    pub loaded_versions: u32,
    pub kept: bool,
}

impl Sim {
    /// The cursors now in the library cache, in slot order.
    pub fn sql_view(&self) -> Vec<SqlRow> {
        let lib = &self.lib;
        let bytes = |c: u32| {
            if c == NIL {
                0
            } else {
                lib.heap.chunks[c as usize].size
            }
        };
        lib.objs
            .iter()
            .enumerate()
            .filter(|(_, o)| o.alive)
            .map(|(i, o)| SqlRow {
                obj: i as u32,
                hash_value: o.hash,
                sql_text: o.text.clone(),
                sharable_mem: [o.handle, o.heap0, o.ext0, o.child0, o.heap6, o.ext6]
                    .into_iter()
                    .map(bytes)
                    .sum(),
                loads: o.loads,
                parse_calls: o.parse_calls,
                executions: o.executions,
                users_executing: o.pins,
                loaded_versions: u32::from(o.heap6 != NIL),
                kept: o.kept,
            })
            .collect()
    }
}
