//! Repeated serial full scans, and the scan a script's statement runs.

use super::Access;
use crate::buffer::cache::events::Op;

/// The session sleeps `ns` after the last access written so far (the end of an execution or
/// a batch).
#[inline]
pub(super) fn sleep_after_last(out: &mut [Access], ns: u64) {
    if let Some(last) = out.last_mut() {
        last.sleep_after_ns = ns;
    }
}

/// Repeated full scans of one segment, `db_file_multiblock_read_count` blocks per request.
#[derive(Debug, Clone)]
pub struct Scan {
    pub seg: u32,
    pub blocks: u32,
    pub left: u32,
    pub mbrc: u32,
    pub hint: Option<bool>,
    pub sleep_ns: u64,
}

/// One serial full scan: every block of the segment, `mbrc` blocks per read request.
pub(crate) fn push_scan(
    out: &mut Vec<Access>,
    seg: u32,
    blocks: u32,
    mbrc: u32,
    hint: Option<bool>,
) {
    out.reserve_exact(blocks as usize);
    for block in 0..blocks {
        let mut a = Access::read(seg, block, Op::Scan);
        a.multiblock = true;
        a.io_start = block % mbrc == 0;
        a.scan_start = block == 0;
        a.cache_hint = hint;
        out.push(a);
    }
}

impl Scan {
    pub(super) fn next_exec(&mut self, out: &mut Vec<Access>) -> bool {
        if self.left == 0 {
            return false;
        }
        self.left -= 1;
        push_scan(out, self.seg, self.blocks, self.mbrc, self.hint);
        sleep_after_last(out, self.sleep_ns);
        true
    }
}
