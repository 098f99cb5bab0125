//! One unit test per rule of docs/model.md §2; each fails if its rule is wrong.

mod cpu;
mod memory;
mod parse;
mod pieces;
mod sched;
mod text;
mod view;
mod wait;

use super::{Sim, Size, Slammer, Spec};

/// A small run: `jobs` sessions, one slam of `stmts` statements, no sleep, exact timers (the
/// clock tick has its own tests, in `sched.rs`).
pub fn spec(jobs: u32, stmts: u32) -> Spec {
    let mut s = Spec {
        workload: Slammer {
            jobs,
            stmts_per_slam: stmts,
            total_slams: 1,
            slam_sleeptime: 0.0,
            ..Slammer::default()
        },
        ..Spec::default()
    };
    s.cost.clock_tick_ms = 0.0;
    s
}

pub fn mb(n: u64) -> Size {
    Size::Bytes(n << 20)
}

pub fn recorded(spec: &Spec) -> (Sim, Vec<super::Event>) {
    let mut sim = Sim::new(spec).unwrap();
    sim.set_record(true);
    let mut ev = Vec::new();
    loop {
        let more = sim.step();
        ev.extend_from_slice(sim.events());
        if !more {
            break;
        }
    }
    (sim, ev)
}
