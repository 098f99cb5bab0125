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
    /// Zipf over more blocks than an alias table holds: rejection-inversion, no table.
    pub large_zipf: Option<ZipfRejection>,
    pub write_share: f64,
    pub think_ns: u64,
}

impl Random {
    fn pick(&mut self) -> (u32, u32) {
        let g = match (&self.alias, &self.large_zipf) {
            (Some(t), _) => t.sample(&mut self.rng),
            (None, Some(z)) => z.sample(&mut self.rng) - 1,
            (None, None) => self.rng.below(self.total_blocks),
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

/// Zipf(s) over ranks 1..=n without a table: Hörmann and Derflinger's rejection-inversion
/// ("Rejection-inversion to generate variates from monotone discrete distributions", ACM
/// TOMACS 1996), as Apache Commons Math writes it (`ZipfRejectionInversionSampler`). For the
/// workloads over more than 10,000,000 blocks (a sampled run's terabytes), where the alias
/// table would take gigabytes. libm's functions: the same draws on every machine.
#[derive(Debug, Clone)]
pub struct ZipfRejection {
    n: u64,
    exponent: f64,
    h_integral_x1: f64,
    h_integral_n: f64,
    s: f64,
}

impl ZipfRejection {
    pub fn new(n: u64, exponent: f64) -> ZipfRejection {
        let mut z = ZipfRejection {
            n,
            exponent,
            h_integral_x1: 0.0,
            h_integral_n: 0.0,
            s: 0.0,
        };
        z.h_integral_x1 = z.h_integral(1.5) - 1.0;
        z.h_integral_n = z.h_integral(n as f64 + 0.5);
        z.s = 2.0 - z.h_integral_inverse(z.h_integral(2.5) - z.h(2.0));
        z
    }

    /// A rank in 1..=n.
    pub fn sample(&self, rng: &mut Rng) -> u64 {
        loop {
            let u = self.h_integral_n + rng.unit() * (self.h_integral_x1 - self.h_integral_n);
            let x = self.h_integral_inverse(u);
            let k = ((x + 0.5) as u64).clamp(1, self.n);
            if k as f64 - x <= self.s || u >= self.h_integral(k as f64 + 0.5) - self.h(k as f64) {
                return k;
            }
        }
    }

    fn h(&self, x: f64) -> f64 {
        libm::exp(-self.exponent * libm::log(x))
    }

    fn h_integral(&self, x: f64) -> f64 {
        let lx = libm::log(x);
        helper2((1.0 - self.exponent) * lx) * lx
    }

    fn h_integral_inverse(&self, x: f64) -> f64 {
        let t = (x * (1.0 - self.exponent)).max(-1.0);
        libm::exp(helper1(t) * x)
    }
}

/// log(1 + x) / x, exact near 0.
fn helper1(x: f64) -> f64 {
    if x.abs() > 1e-8 {
        libm::log1p(x) / x
    } else {
        1.0 - x * (0.5 - x * (1.0 / 3.0 - 0.25 * x))
    }
}

/// (exp(x) − 1) / x, exact near 0.
fn helper2(x: f64) -> f64 {
    if x.abs() > 1e-8 {
        libm::expm1(x) / x
    } else {
        1.0 + x * 0.5 * (1.0 + x / 3.0 * (1.0 + 0.25 * x))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rejection-inversion draws Zipf: the rank frequencies match 1/k^s over the total (here
    /// over 1,000 ranks, where the exact weights are cheap), for s below, at and above 1.
    #[test]
    fn rejection_inversion_draws_zipf() {
        for s in [0.5, 0.9, 1.0, 1.3] {
            let z = ZipfRejection::new(1000, s);
            let mut rng = Rng::new(7);
            let mut counts = vec![0u64; 1001];
            let n = 400_000;
            for _ in 0..n {
                counts[z.sample(&mut rng) as usize] += 1;
            }
            let total: f64 = (1..=1000).map(|k| 1.0 / (k as f64).powf(s)).sum();
            for k in [1usize, 2, 10, 100] {
                let p = 1.0 / (k as f64).powf(s) / total;
                let sd = (n as f64 * p * (1.0 - p)).sqrt();
                let got = counts[k] as f64;
                assert!(
                    (got - n as f64 * p).abs() < 5.0 * sd,
                    "s {s} rank {k}: {got} vs {}",
                    n as f64 * p
                );
            }
        }
    }
}
