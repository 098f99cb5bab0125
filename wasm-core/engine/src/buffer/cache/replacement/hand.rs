//! A hand over a working set's list and a one-bit mark per buffer: what CLOCK (the reference
//! bit) and SIEVE (the visited bit) share. The hand walks from the tail towards the head and
//! from the head round to the tail again; it is kept per working set (NIL: at the tail), so a
//! victim scan that gives up (`_db_block_max_scan_pct`) goes on where it stopped. A hit sets
//! the mark and moves nothing; under the hand a marked buffer has its mark cleared and the
//! hand moves on, an unmarked clean one is the victim. Where a block goes into the list and
//! where the hand goes when the buffer under it leaves are each policy's own ([`Sweep`]); the
//! rest is [`Swept`], the one [`Replacement`] both are.

use super::{order, Cx, PolicyParam, PolicyState, RegionDef, Replacement, Setup, Verdict};
use crate::buffer::cache::events::{Event, Place, Touch};
use crate::buffer::cache::lists::{self, Buffers, WorkingSet, NIL};
use std::marker::PhantomData;

/// What a policy with a hand decides itself: its words, its list's region, where a block goes
/// into the list and where the hand goes when the buffer under it leaves.
pub trait Sweep: Clone + std::fmt::Debug {
    /// [`Replacement::NAME`] and the policy's other words.
    const NAME: &'static str;
    const LABEL: &'static str;
    const LINE: &'static str;
    const LIBCACHESIM: Option<&'static str>;
    /// What the mark is called ("reference bit", "visited").
    const MARK: &'static str;
    /// The one region, the whole list.
    const REGIONS: &'static [RegionDef];
    /// The view's name and note for the list's size ("ring", "buffers in the ring").
    const SIZE: [&'static str; 2];

    /// Put buffer `i` on the list: a block just read (`new`, its mark already 0) or a buffer
    /// DBWR wrote (its mark kept). `hand` is where the hand points (NIL: at the tail).
    fn place(cx: &mut Cx, hand: u32, i: u32, new: bool);

    /// Where the hand goes when buffer `i`, under it, leaves the list (NIL: the tail).
    fn leave(b: &Buffers, ws: &WorkingSet, i: u32) -> u32;
}

/// A policy with a hand: [`Hand`] under the rules of `S`.
#[derive(Debug, Clone)]
pub struct Swept<S> {
    hand: Hand,
    rules: PhantomData<S>,
}

impl<S: Sweep> Replacement for Swept<S> {
    const NAME: &'static str = S::NAME;
    const LABEL: &'static str = S::LABEL;
    const LINE: &'static str = S::LINE;
    const LIBCACHESIM: Option<&'static str> = S::LIBCACHESIM;

    fn new(setup: &Setup) -> Self {
        Swept {
            hand: Hand::new(setup, S::MARK),
            rules: PhantomData,
        }
    }

    fn regions(&self) -> &'static [RegionDef] {
        S::REGIONS
    }

    #[inline]
    fn hit(&mut self, cx: &mut Cx, i: u32, _relink: bool) -> Touch {
        self.hand.hit(cx, i)
    }

    #[inline]
    fn insert(&mut self, cx: &mut Cx, i: u32, _to_tail: bool) -> Place {
        cx.b.tch[i as usize] = 0;
        self.hand.mark[i as usize] = 0;
        S::place(cx, self.hand.at[cx.set as usize], i, true);
        Place::MruHead
    }

    #[inline]
    fn judge(&mut self, cx: &mut Cx, i: u32) -> Verdict {
        self.hand.judge(cx, i)
    }

    #[inline]
    fn scan_start(&self, b: &Buffers, ws: &WorkingSet) -> u32 {
        self.hand.scan_start(b, ws)
    }

    #[inline]
    fn scan_next(&self, b: &Buffers, ws: &WorkingSet, i: u32) -> u32 {
        after(b, ws, i)
    }

    fn unlink(&mut self, cx: &mut Cx, i: u32, evicted: bool) {
        // The hand leaves the buffer (the victim, or a dirty buffer the scan sends to DBWR)
        // where the policy says.
        if self.hand.of(cx.ws, cx.set) == i {
            self.hand.at[cx.set as usize] = S::leave(cx.b, cx.ws, i);
        }
        lists::unlink_repl(cx.b, cx.ws, i);
        if evicted {
            self.hand.mark[i as usize] = 0;
        }
    }

    fn written(&mut self, cx: &mut Cx, i: u32) {
        S::place(cx, self.hand.at[cx.set as usize], i, false);
    }

    fn state(&self, b: &Buffers, ws: &WorkingSet, set: u32) -> PolicyState {
        let [name, note] = S::SIZE;
        self.hand.state(
            b,
            ws,
            set,
            PolicyParam {
                name,
                value: ws.size() as f64,
                note,
            },
        )
    }
}

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
        let hand = self.of(ws, set);
        PolicyState {
            hand: (hand != NIL).then_some(hand),
            mark_name: Some(self.word),
            marks: order(b, ws)
                .into_iter()
                .map(|i| (i, Some(self.mark[i as usize] as i64)))
                .collect(),
            params: vec![size],
            ..PolicyState::default()
        }
    }
}
