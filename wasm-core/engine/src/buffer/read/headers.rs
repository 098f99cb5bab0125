//! Every buffer header at once, as columns: what the SQL console's X$BH snapshot needs beyond
//! the per-frame views (`dba`, `tch`, `flags`), without a JSON row per buffer (issue #12).

use crate::buffer::cache::lists::NIL;
use crate::buffer::cache::Cache;

/// Columns in [`Cache::header_columns`], each `b.len()` long, in this order.
pub const HEADER_COLUMNS: [&str; 4] = ["set", "prev", "next", "tim"];

impl Cache {
    /// `[set…, prev…, next…, tim…]`: each buffer's working set, its neighbours on the
    /// replacement (or write) list toward the MRU head (`prev`) and the LRU tail (`next`) —
    /// −1 for none — and the simulated second of its last touch-count increment.
    pub fn header_columns(&self) -> Vec<f64> {
        let b = &self.b;
        let link = |i: &u32| if *i == NIL { -1.0 } else { f64::from(*i) };
        let mut out = Vec::with_capacity(b.len() * HEADER_COLUMNS.len());
        out.extend(b.set.iter().map(|&s| f64::from(s)));
        out.extend(b.link.iter().map(|l| link(&l.prev)));
        out.extend(b.link.iter().map(|l| link(&l.next)));
        out.extend(b.tim.iter().map(|&t| t as f64 / 1e9));
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::buffer::Run;
    use crate::Replayed;

    #[test]
    fn header_columns_follow_the_lists() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../scenarios/seed000-8.0-test2.json"
        ))
        .unwrap();
        let mut run = Run::from_json(&text).unwrap();
        run.step(500);
        let c = run.cache();
        let n = c.b.len();
        let cols = c.header_columns();
        assert_eq!(cols.len(), 4 * n);
        for i in 0..n {
            assert_eq!(cols[i], f64::from(c.b.set[i]));
            let next = cols[2 * n + i];
            if next >= 0.0 {
                // the neighbour toward the tail names this buffer as its own `prev`
                assert_eq!(cols[n + next as usize], i as f64);
            }
        }
    }
}
