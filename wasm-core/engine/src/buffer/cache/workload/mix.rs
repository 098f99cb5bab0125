//! Workloads interleaved by weight.

use super::{Access, Generator, Rng};

/// Several workloads interleaved: each execution is drawn from a part by weight; a part that
/// runs out starts over.
#[derive(Debug, Clone)]
pub struct Mix {
    pub rng: Rng,
    pub left: u64,
    pub weights: Vec<f64>,
    pub parts: Vec<Generator>,
    pub fresh: Vec<Generator>,
}

impl Mix {
    /// The part the next execution comes from, by weight.
    pub(super) fn draw(&mut self) -> usize {
        let total: f64 = self.weights.iter().sum();
        let mut u = self.rng.unit() * total;
        for (i, w) in self.weights.iter().enumerate() {
            if u < *w {
                return i;
            }
            u -= w;
        }
        self.weights.len() - 1
    }

    pub(super) fn next_exec(&mut self, out: &mut Vec<Access>) -> bool {
        if self.left == 0 {
            return false;
        }
        self.left -= 1;
        let k = self.draw();
        if !self.parts[k].next_exec(out) {
            self.parts[k] = self.fresh[k].clone();
            return self.parts[k].next_exec(out);
        }
        true
    }
}
