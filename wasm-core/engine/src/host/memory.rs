//! The host's pages and where each one is: central storage (RAM), expanded storage (MVS), or
//! auxiliary storage (MVS page data sets, swap). One LRU order over all pageable pages of all
//! address spaces (docs/model.md §3.1, seed 002 "Paging in MVS"):
//!
//! - a reference to a page in central moves it to the most recently used end;
//! - a page never referenced takes a frame without any I/O (a fresh page);
//! - a page in expanded storage comes back to central: a **page-in**, CPU-synchronous
//!   (`page_in_us`);
//! - a page in auxiliary storage comes back with a disk read: a **page fault from disk**;
//! - central full: its least recently used page moves to expanded storage ("pages moved to
//!   expanded storage"), or, with no expanded storage, out to swap;
//! - expanded full: its least recently used page **migrates** to auxiliary storage.
//!
//! Fixed pages (`lock_sga = TRUE`, or other address spaces' fixed storage) sit in central and
//! are never paged; the frames they take are not in the LRU order.

use crate::common::{Ends, Links};

/// Where a page is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Loc {
    /// Never referenced yet: no frame, no slot.
    Untouched = 0,
    Central = 1,
    Expanded = 2,
    Aux = 3,
    /// Fixed in central storage: never paged.
    Fixed = 4,
}

/// What one reference cost the host.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Touched {
    /// Where the page was before.
    pub from_expanded: bool,
    pub from_aux: bool,
    /// Pages this reference pushed from central to expanded storage, and from expanded (or
    /// central, without expanded storage) to auxiliary storage.
    pub to_expanded: u32,
    pub to_aux: u32,
}

#[derive(Debug, Clone)]
pub struct Memory {
    loc: Vec<Loc>,
    links: Links,
    central: Ends,
    expanded: Ends,
    /// Frames of central storage the pageable pages may use (central minus fixed pages).
    pub central_cap: u32,
    pub expanded_cap: u32,
    pub aux_len: u32,
    pub fixed: u32,
}

impl Memory {
    /// `pages` pages, all untouched; `central_cap` frames for pageable pages.
    pub fn new(pages: u32, central_cap: u32, expanded_cap: u32) -> Memory {
        Memory {
            loc: vec![Loc::Untouched; pages as usize],
            links: Links::new(pages as usize),
            central: Ends::EMPTY,
            expanded: Ends::EMPTY,
            central_cap: central_cap.max(1),
            expanded_cap,
            aux_len: 0,
            fixed: 0,
        }
    }

    pub fn len(&self) -> u32 {
        self.loc.len() as u32
    }
    pub fn is_empty(&self) -> bool {
        self.loc.is_empty()
    }
    pub fn loc(&self, p: u32) -> Loc {
        self.loc[p as usize]
    }
    pub fn central_len(&self) -> u32 {
        self.central.len + self.fixed
    }
    pub fn expanded_len(&self) -> u32 {
        self.expanded.len
    }

    /// Fix a page in central storage (it never pages, and takes a frame outside the LRU).
    pub fn fix(&mut self, p: u32) {
        debug_assert_eq!(self.loc[p as usize], Loc::Untouched);
        self.loc[p as usize] = Loc::Fixed;
        self.fixed += 1;
    }

    /// The links, and the list of `which` (central or expanded).
    fn list(&mut self, which: Loc) -> (&mut Links, &mut Ends) {
        let l = if which == Loc::Central {
            &mut self.central
        } else {
            &mut self.expanded
        };
        (&mut self.links, l)
    }

    fn unlink(&mut self, which: Loc, p: u32) {
        let (links, l) = self.list(which);
        links.unlink(l, p);
    }

    fn push_head(&mut self, which: Loc, p: u32) {
        let (links, l) = self.list(which);
        links.push_head(l, p);
        self.loc[p as usize] = which;
    }

    /// Reference page `p`.
    #[inline]
    pub fn touch(&mut self, p: u32) -> Touched {
        let mut t = Touched::default();
        match self.loc[p as usize] {
            Loc::Fixed => return t,
            Loc::Central => {
                if self.central.head != p {
                    self.unlink(Loc::Central, p);
                    self.push_head(Loc::Central, p);
                }
                return t;
            }
            Loc::Untouched => {}
            Loc::Expanded => {
                self.unlink(Loc::Expanded, p);
                t.from_expanded = true;
            }
            Loc::Aux => {
                self.aux_len -= 1;
                t.from_aux = true;
            }
        }
        self.push_head(Loc::Central, p);
        self.make_room(&mut t);
        t
    }

    /// Central over its frames: page out its least recently used pages.
    fn make_room(&mut self, t: &mut Touched) {
        while self.central.len > self.central_cap {
            let v = self.central.tail;
            self.unlink(Loc::Central, v);
            if self.expanded_cap > 0 {
                self.push_head(Loc::Expanded, v);
                t.to_expanded += 1;
                while self.expanded.len > self.expanded_cap {
                    let m = self.expanded.tail;
                    self.unlink(Loc::Expanded, m);
                    self.loc[m as usize] = Loc::Aux;
                    self.aux_len += 1;
                    t.to_aux += 1;
                }
            } else {
                self.loc[v as usize] = Loc::Aux;
                self.aux_len += 1;
                t.to_aux += 1;
            }
        }
    }

    /// Pages of `range` in each place: (central incl. fixed, expanded, aux, untouched).
    pub fn census(&self, range: std::ops::Range<u32>) -> [u32; 4] {
        let mut n = [0u32; 4];
        for p in range {
            n[match self.loc[p as usize] {
                Loc::Central | Loc::Fixed => 0,
                Loc::Expanded => 1,
                Loc::Aux => 2,
                Loc::Untouched => 3,
            }] += 1;
        }
        n
    }

    /// Pages in LRU order, most recent first, of central then expanded (tests).
    #[cfg(test)]
    pub fn order(&self, which: Loc) -> Vec<u32> {
        let l = if which == Loc::Central {
            self.central
        } else {
            self.expanded
        };
        self.links.walk(l.head).collect()
    }
}
