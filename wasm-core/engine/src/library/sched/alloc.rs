//! A statement's dealings with the shared pool heap, seen from the scheduler: what an
//! allocation costs and the event it leaves, and ORA-04031 when none fits.

use super::{Acct, Op, Sim};
use crate::library::events::{Event, Piece};
use crate::library::heap::NIL;
use crate::library::objects::Alloc;

impl Sim {
    pub(super) fn alloc_cost(&self, a: &Alloc) -> u64 {
        let n = &self.cfg.ns;
        u64::from(a.examined)
            .saturating_mul(n.chunk_examined)
            .saturating_add(u64::from(a.flushed).saturating_mul(n.flush_chunk))
            .saturating_add(n.latch_op)
    }

    pub(super) fn emit_alloc(&mut self, s: u32, obj: u32, piece: Piece, a: &Alloc) {
        let k = piece.group();
        self.c.piece_allocs[k] += 1;
        self.c.piece_examined[k] += u64::from(a.examined);
        let at = self.now;
        let offset = a.chunk.map(|c| self.lib.heap.chunks[c as usize].off);
        let a = *a;
        self.emit(|_| Event::Alloc {
            session: s,
            at_ns: at,
            obj,
            piece,
            size: a.size,
            offset,
            examined: a.examined,
            flushed: a.flushed,
            tries: a.tries,
        });
    }

    /// ORA-04031: the statement fails; the latches held are freed and the session goes on.
    pub(super) fn fail(&mut self, s: u32, cost: u64, size: u32) {
        self.c.failed += 1;
        self.c.statements_done += 1;
        let at = self.now;
        self.emit(|_| Event::Ora04031 {
            session: s,
            at_ns: at,
            size,
        });
        let ss = &mut self.sess[s as usize];
        ss.obj = NIL;
        ss.ops.clear();
        ss.ops.push_back(Op::Cpu(cost, Acct::Parse));
        for &l in &ss.held.clone() {
            ss.ops.push_back(Op::Free(l));
        }
    }
}
