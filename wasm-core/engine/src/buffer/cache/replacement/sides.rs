//! The two regions of a list that ARC (T1, T2), 2Q (A1in, Am) and S3-FIFO (S, M) split a
//! working set into: the cold region from the midpoint to the tail, where new blocks start,
//! and the hot one from the head, flagged HOT. A buffer DBWR holds is off the list; [`Sides`]
//! remembers which region it left so that, written, it comes back to that region's eviction
//! end.

use super::Cx;
use crate::buffer::cache::events::Place;
use crate::buffer::cache::lists::{self, flag};

/// Per buffer: whether it is (or, off the list, was last) in the hot region.
#[derive(Debug, Clone)]
pub struct Sides {
    hot: Vec<bool>,
}

impl Sides {
    pub fn new(buffers: usize) -> Sides {
        Sides {
            hot: vec![false; buffers],
        }
    }

    /// Buffer `i` is in the hot region (or left it for DBWR).
    #[inline]
    pub fn hot(&self, i: u32) -> bool {
        self.hot[i as usize]
    }

    #[inline]
    pub fn set(&mut self, i: u32, hot: bool) {
        self.hot[i as usize] = hot;
    }

    /// A block just read into buffer `i`: at the head of the hot region (`hot`), else at the
    /// cold region's head, the midpoint.
    #[inline]
    pub fn insert(&mut self, cx: &mut Cx, i: u32, hot: bool) -> Place {
        self.hot[i as usize] = hot;
        if hot {
            lists::insert_hot_head(cx.b, cx.ws, i);
            Place::MruHead
        } else {
            lists::insert_cold_head(cx.b, cx.ws, i);
            Place::Midpoint
        }
    }

    /// A hit moves buffer `i` to the hot region's head (unless DBWR holds it: it comes back to
    /// the hot region).
    #[inline]
    pub fn to_hot_head(&mut self, cx: &mut Cx, i: u32) {
        self.hot[i as usize] = true;
        if !cx.b.has(i, flag::ON_WRITE_LIST | flag::WRITING) {
            lists::unlink_repl(cx.b, cx.ws, i);
            lists::insert_hot_head(cx.b, cx.ws, i);
        }
    }

    /// Take buffer `i` off the list, remembering its region.
    #[inline]
    pub fn unlink(&mut self, cx: &mut Cx, i: u32) {
        self.hot[i as usize] = cx.b.has(i, flag::HOT);
        lists::unlink_repl(cx.b, cx.ws, i);
    }

    /// A buffer DBWR wrote comes back at the eviction end of the region it left.
    #[inline]
    pub fn written(&self, cx: &mut Cx, i: u32) {
        lists::insert_region_tail(cx.b, cx.ws, i, self.hot[i as usize]);
    }
}
