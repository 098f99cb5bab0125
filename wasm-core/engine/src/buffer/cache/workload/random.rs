//! Random single-block accesses, uniform or Zipf (drawn by Walker's alias method).

use super::{Access, Rng};
use crate::buffer::cache::events::Op;

/// Random single-block accesses over chosen segments, uniform or Zipf (rank 1 = the first
/// block of the first segment), a share of them writes.
#[derive(Debug, Clone)]
pub struct Random {
    pub rng: Rng,
    pub left: u64,
    /// (segment, first global block) of each chosen segment, and the total block count.
    pub segs: Vec<(u32, u64)>,
    pub total_blocks: u64,
    /// Walker's alias table of the Zipf weights, None for uniform.
    pub alias: Option<std::rc::Rc<Alias>>,
    pub write_share: f64,
    pub think_ns: u64,
}

impl Random {
    fn pick(&mut self) -> (u32, u32) {
        let g = match &self.alias {
            None => self.rng.below(self.total_blocks),
            Some(t) => t.sample(&mut self.rng),
        };
        let k = if self.segs.len() == 1 {
            0
        } else {
            self.segs.partition_point(|&(_, first)| first <= g) - 1
        };
        let (seg, first) = self.segs[k];
        (seg, (g - first) as u32)
    }

    pub(super) fn next_exec(&mut self, out: &mut Vec<Access>) -> bool {
        if self.left == 0 {
            return false;
        }
        self.left -= 1;
        let (seg, block) = self.pick();
        let op = if self.write_share > 0.0 && self.rng.unit() < self.write_share {
            Op::Write
        } else {
            Op::Read
        };
        let mut a = Access::read(seg, block, op);
        a.sleep_after_ns = self.think_ns;
        out.push(a);
        true
    }
}

/// Walker's alias method: draws from a discrete distribution in constant time, with the
/// same results wherever it runs (IEEE arithmetic only, then integers). Each column is one
/// `(threshold, alias)` pair so a draw touches one cache line.
#[derive(Debug, Clone)]
pub struct Alias {
    /// Keep column i when the low 32 random bits are below `threshold`, else take `alias`.
    table: Vec<(u32, u32)>,
}

impl Alias {
    pub fn new(weights: &[f64]) -> Alias {
        let n = weights.len();
        let total: f64 = weights.iter().sum();
        let mut prob: Vec<f64> = weights.iter().map(|w| w * n as f64 / total).collect();
        let mut alias: Vec<u32> = (0..n as u32).collect();
        let (mut small, mut large): (Vec<u32>, Vec<u32>) =
            (0..n as u32).partition(|&i| prob[i as usize] < 1.0);
        while let (Some(s), Some(&l)) = (small.pop(), large.last()) {
            alias[s as usize] = l;
            prob[l as usize] = prob[l as usize] + prob[s as usize] - 1.0;
            if prob[l as usize] < 1.0 {
                large.pop();
                small.push(l);
            }
        }
        let table = (0..n)
            .map(|i| {
                let p = prob[i].clamp(0.0, 1.0);
                // p = 1 (or what is left on the stacks): always keep the column itself
                if p >= 1.0 || alias[i] == i as u32 {
                    (u32::MAX, i as u32)
                } else {
                    ((p * 4_294_967_296.0) as u32, alias[i])
                }
            })
            .collect();
        Alias { table }
    }

    /// One 64-bit draw: the high half picks the column, the low half decides it.
    #[inline]
    pub fn sample(&self, rng: &mut Rng) -> u64 {
        let r = rng.next_u64();
        let i = (((r >> 32) * self.table.len() as u64) >> 32) as usize;
        let (threshold, alias) = self.table[i];
        if (r as u32) < threshold {
            i as u64
        } else {
            alias as u64
        }
    }
}
