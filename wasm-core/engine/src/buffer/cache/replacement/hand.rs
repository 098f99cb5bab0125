//! A hand over a working set's list and a one-bit mark per buffer: what CLOCK (the reference
//! bit) and SIEVE (the visited bit) share. The hand walks from the tail towards the head and
//! from the head round to the tail again; it is kept per working set (NIL: at the tail), so a
//! victim scan that gives up (`_db_block_max_scan_pct`) goes on where it stopped. A hit sets
//! the mark and moves nothing; under the hand a marked buffer has its mark cleared and the
//! hand moves on, an unmarked clean one is the victim. Where the victim's successor and a new
//! block go is each policy's own.

use super::{Cx, PolicyParam, PolicyState, Setup, Verdict};
use crate::buffer::cache::events::{Event, Touch};
use crate::buffer::cache::lists::{self, Buffers, WorkingSet, NIL};

#[derive(Debug, Clone)]
pub struct Hand {
    /// Per working set: the buffer the hand points at (NIL: the list's tail).
    pub at: Vec<u32>,
    /// Per buffer: its mark.
    pub mark: Vec<u8>,
    /// What the mark is called ("reference bit", "visited").
    word: &'static str,
}

/// The buffer after `i` in the hand's walk: towards the head, from the head round to the tail.
#[inline]
pub fn after(b: &Buffers, ws: &WorkingSet, i: u32) -> u32 {
    let p = b.link[i as usize].prev;
    if p == NIL {
        ws.tail
    } else {
        p
    }
}

impl Hand {
    pub fn new(setup: &Setup, word: &'static str) -> Hand {
        Hand {
            at: vec![NIL; setup.sets.len()],
            mark: vec![0; setup.buffers()],
            word,
        }
    }

    /// Where the hand points in working set `set` (NIL only when the list is empty).
    #[inline]
    pub fn of(&self, ws: &WorkingSet, set: u32) -> u32 {
        match self.at[set as usize] {
            NIL => ws.tail,
            h => h,
        }
    }

    /// The scan starts at the hand (the set's index is its first buffer's).
    #[inline]
    pub fn scan_start(&self, b: &Buffers, ws: &WorkingSet) -> u32 {
        self.of(ws, b.set[ws.lo as usize])
    }

    /// A hit sets the mark (also on a buffer DBWR holds: it keeps it when it comes back).
    #[inline]
    pub fn hit(&mut self, cx: &mut Cx, i: u32) -> Touch {
        let before = std::mem::replace(&mut self.mark[i as usize], 1);
        let word = self.word;
        cx.rec.emit(|| Event::Rule {
            buf: Some(i),
            text: format!("hit → {word} {before} → 1"),
        });
        Touch::Marked
    }

    /// Under the hand: a marked buffer is cleared and spared (the hand moves on), an
    /// unmarked one is the victim.
    #[inline]
    pub fn judge(&mut self, cx: &mut Cx, i: u32) -> Verdict {
        let word = self.word;
        if self.mark[i as usize] != 0 {
            self.mark[i as usize] = 0;
            let next = after(cx.b, cx.ws, i);
            self.at[cx.set as usize] = next;
            cx.rec.emit(|| Event::Rule {
                buf: Some(i),
                text: format!("{word} 1 → cleared, stays; hand moves on to buf {next}"),
            });
            Verdict::Spared
        } else {
            cx.rec.emit(|| Event::Rule {
                buf: Some(i),
                text: format!("{word} 0 under the hand → victim"),
            });
            Verdict::Victim
        }
    }

    /// The hand, the marks and the list's size for the view.
    pub fn state(&self, b: &Buffers, ws: &WorkingSet, set: u32, size: PolicyParam) -> PolicyState {
        let mut order = Vec::with_capacity(ws.len as usize);
        lists::repl_order(b, ws, &mut order);
        let hand = self.of(ws, set);
        PolicyState {
            hand: (hand != NIL).then_some(hand),
            mark_name: Some(self.word),
            marks: order
                .iter()
                .map(|&i| (i, Some(self.mark[i as usize] as i64)))
                .collect(),
            params: vec![size],
            ..PolicyState::default()
        }
    }
}
