//! Rule (wait timing, `cost.library.waits_end_on_cpu`, `sched/wait.rs`): a wait is timed from
//! its start until its session is back on a CPU, so a woken session's time in the run queue
//! is part of its wait; switched off, a wait is only its sleep.

use super::super::sched::{Acct, Op};
use super::super::{Event, Latch, Sim, LATCH_SLEEP_NS, TIME_SLICE_NS};
use super::{recorded, spec};

/// One CPU, three sessions: session 1 holds library cache latch 0 for 5 ms of CPU and then
/// computes on; session 2 computes; session 0 wants the latch first thing, so it sleeps
/// 10 ms, wakes behind session 2 and runs only when session 2's quantum ends.
fn queued_after_sleep(on: bool) -> (Sim, Vec<Event>) {
    let mut s = spec(3, 1);
    s.cpu_count = 1;
    s.cost.waits_end_on_cpu = on;
    // the sleeper sleeps its time out (posting would wake it when session 1 frees the latch)
    s.cost.latch_wait_posting = false;
    let mut sim = Sim::new(&s).unwrap();
    sim.set_record(true);
    sim.latches[0].holder = Some(1);
    sim.sess[1].held.push(0);
    let work = |ops: &mut std::collections::VecDeque<Op>, first: &[Op]| {
        ops.clear();
        ops.extend(first.iter().copied());
    };
    work(
        &mut sim.sess[1].ops,
        &[
            Op::Cpu(5_000_000, Acct::Exec),
            Op::Free(0),
            Op::Cpu(50_000_000, Acct::Exec),
        ],
    );
    work(&mut sim.sess[2].ops, &[Op::Cpu(100_000_000, Acct::Exec)]);
    sim.sess[1].stmt_in_slam = 1;
    sim.sess[2].stmt_in_slam = 1;
    let mut ev = Vec::new();
    while sim.tick() {
        ev.append(&mut sim.events);
    }
    (sim, ev)
}

/// Session 0's first timed wait: (at, ns, queued_ns).
fn first_wait_of_0(ev: &[Event]) -> (u64, u64, u64) {
    ev.iter()
        .find_map(|e| match *e {
            Event::WaitEnd {
                session: 0,
                at_ns,
                latch: Some(Latch::LibraryCache { child: 0 }),
                ns,
                queued_ns,
            } => Some((at_ns, ns, queued_ns)),
            _ => None,
        })
        .expect("session 0's latch free wait is timed")
}

#[test]
fn a_latch_free_wait_lasts_until_the_session_is_back_on_a_cpu() {
    let spin = 20; // _spin_count (1 on one CPU) × spin_iteration_ns: the sleep starts here
    let (sim, ev) = queued_after_sleep(true);
    // woken at spin + 10 ms behind session 2, which got the CPU at that moment's slice end
    // (session 1's): session 0 runs a quantum later
    let (at, ns, queued) = first_wait_of_0(&ev);
    assert_eq!(at, spin + LATCH_SLEEP_NS + TIME_SLICE_NS);
    assert_eq!(ns, LATCH_SLEEP_NS + TIME_SLICE_NS);
    assert_eq!(queued, TIME_SLICE_NS);
    let r = sim.report();
    assert_eq!(r.latches[0].sleeps, 1);
    assert_eq!(r.latch_free_wait_s, 0.02);
}

#[test]
fn switched_off_a_latch_free_wait_is_its_sleep() {
    let (sim, ev) = queued_after_sleep(false);
    let (_, ns, queued) = first_wait_of_0(&ev);
    assert_eq!((ns, queued), (LATCH_SLEEP_NS, 0));
    assert_eq!(sim.report().latch_free_wait_s, 0.01);
    // the rule only times the wait: the run itself is the same
    let (on, _) = queued_after_sleep(true);
    let (a, b) = (on.report(), sim.report());
    assert_eq!(
        (a.elapsed_s, a.sysstat.cpu_used_s, a.latches[0].sleeps),
        (b.elapsed_s, b.sysstat.cpu_used_s, b.latches[0].sleeps)
    );
}

#[test]
fn every_wait_is_timed_once_and_the_totals_are_their_sums() {
    // literal SQL on one CPU: preemptions under the latches make sessions sleep
    let mut s = spec(10, 500);
    s.cpu_count = 1;
    s.workload.use_nds = false;
    // sleeps slept out, so that a wait off the CPU is its sleep (posting ends sleeps early)
    s.cost.latch_wait_posting = false;
    for on in [true, false] {
        s.cost.waits_end_on_cpu = on;
        let (sim, ev) = recorded(&s);
        let r = sim.report();
        let sleeps: u64 = r.latches.iter().map(|l| l.sleeps).sum();
        assert!(sleeps > 0, "the run has latch sleeps");
        let (mut latch_ns, mut load_ns, mut timed, mut slept_ns) = (0, 0, 0, 0);
        for e in &ev {
            match *e {
                Event::WaitEnd {
                    latch,
                    ns,
                    queued_ns,
                    ..
                } => {
                    assert!(queued_ns <= ns);
                    if !on {
                        assert_eq!(queued_ns, 0);
                    }
                    match latch {
                        Some(_) => {
                            latch_ns += ns;
                            timed += 1;
                        }
                        None => load_ns += ns,
                    }
                }
                Event::LatchSleep { ns, .. } => slept_ns += ns,
                _ => {}
            }
        }
        assert_eq!(timed, sleeps, "one latch free wait per sleep");
        let secs = |ns: u64| ns as f64 / 1e9;
        assert!((r.latch_free_wait_s - secs(latch_ns)).abs() < 1e-9);
        assert!((r.load_lock_wait_s - secs(load_ns)).abs() < 1e-9);
        if on {
            assert!(
                latch_ns > slept_ns,
                "some woken sessions waited for the CPU"
            );
        } else {
            assert_eq!(latch_ns, slept_ns);
        }
    }
}
