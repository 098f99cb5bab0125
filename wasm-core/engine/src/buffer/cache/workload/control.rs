//! A script's statements as data: what the `script` workload makes of each step
//! (`script.rs` here) and the cache carries out when the step's turn comes (`Cache::control`).

use crate::common::PoolId;
use crate::io::SerialDirectRead;

/// What a statement does to the instance.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// A full scan (its blocks follow as accesses).
    Scan,
    /// Another workload (its executions follow).
    Run,
    /// `alter session set events '<event> trace name context forever, level <level>'`
    /// (`… context off`: level 0).
    Event { event: u32, level: u32 },
    /// `alter system flush buffer_cache`.
    Flush,
    /// `alter table <seg> storage (buffer_pool <pool>)`: blocks read from now on go there.
    SetPool { seg: u32, pool: PoolId },
    /// `alter session set "_serial_direct_read" = …`.
    SerialDirectRead(SerialDirectRead),
    /// `alter session set "_small_table_threshold" = …`.
    SmallTableThreshold(u32),
    /// `alter session set db_file_multiblock_read_count = …` (the workload reads it).
    MultiblockReadCount(u32),
}

/// One step of a script: its text as written, and what it does.
#[derive(Debug, Clone, PartialEq)]
pub struct Control {
    pub text: String,
    pub action: Action,
}
