use super::super::sched::{Acct, Op};
use super::super::{
    default_spin_count, latch_sleep_ns, Event, Latch, Sim, LATCH_SLEEP_NS, TIME_SLICE_NS,
};
use super::spec;
use crate::library::report::CacheReport;

/// Two sessions; session 1 "holds" library cache latch 0 and will free it after
/// `hold_ns` of CPU; session 0 wants it first thing.
fn contended(cpus: u32, hold_ns: u64) -> (Sim, Vec<Event>) {
    contended_ticking(cpus, hold_ns, 0.0)
}

/// `contended` with the OS clock ticking every `tick_ms` (0: exact timers), and a sleeper
/// that sleeps its time out (no latch wait posting: the rules these tests check are the
/// sleep's own, whatever the default; `a_freed_latch_posts_its_first_sleeper` has posting).
fn contended_ticking(cpus: u32, hold_ns: u64, tick_ms: f64) -> (Sim, Vec<Event>) {
    contended_with(cpus, hold_ns, tick_ms, false)
}

fn contended_with(cpus: u32, hold_ns: u64, tick_ms: f64, posting: bool) -> (Sim, Vec<Event>) {
    let mut s = spec(2, 1);
    s.cost.latch_wait_posting = posting;
    s.cost.clock_tick_ms = tick_ms;
    s.cpu_count = cpus;
    s.spin_count = default_spin_count(cpus);
    let mut sim = Sim::new(&s).unwrap();
    sim.set_record(true);
    sim.latches[0].holder = Some(1);
    sim.sess[1].held.push(0);
    sim.sess[1].ops.clear();
    sim.sess[1]
        .ops
        .extend([Op::Cpu(hold_ns, Acct::Exec), Op::Free(0)]);
    sim.sess[1].stmt_in_slam = 1;
    let mut ev = Vec::new();
    while sim.tick() {
        ev.append(&mut sim.events);
    }
    (sim, ev)
}

/// The library cache latch's (misses, sleeps, spin gets).
fn misses_sleeps_spin_gets(r: &CacheReport) -> (u64, u64, u64) {
    let l = &r.latches[0];
    (l.misses, l.sleeps, l.spin_gets)
}

#[test]
fn on_one_cpu_a_spin_cannot_succeed_so_the_session_sleeps() {
    let (sim, ev) = contended(1, 5_000_000);
    let lc = Latch::LibraryCache { child: 0 };
    let k = ev
        .iter()
        .position(|e| {
            matches!(
                e,
                Event::LatchMiss {
                    session: 0,
                    holder: 1,
                    ..
                }
            )
        })
        .unwrap();
    let spin = 20; // _spin_count (1 on one CPU) × spin_iteration_ns
    assert!(
        matches!(ev[k + 1], Event::LatchSleep { session: 0, latch, ns, at_ns } if latch == lc && ns == LATCH_SLEEP_NS && at_ns == spin)
    );
    let r = sim.report();
    assert_eq!(misses_sleeps_spin_gets(&r), (1, 1, 0));
    assert_eq!(r.latch_free_wait_s, 0.01);
    assert!(r.done);
}

#[test]
fn on_two_cpus_the_spinner_gets_the_latch_when_it_is_freed() {
    let (sim, ev) = contended(2, 10_000);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::SpinGet {
            session: 0,
            at_ns: 10_000,
            ..
        }
    )));
    let r = sim.report();
    assert_eq!(misses_sleeps_spin_gets(&r), (1, 0, 1));
    assert_eq!(r.latches[0].impact, 0.0);
}

#[test]
fn sleeps_back_off_exponentially_to_two_seconds() {
    let ms: Vec<u64> = (0..6).map(|k| latch_sleep_ns(k) / 1_000_000).collect();
    assert_eq!(ms, vec![10, 10, 20, 20, 40, 40]);
    assert_eq!(latch_sleep_ns(40), 2_000_000_000);
}

#[test]
fn the_quantum_ends_a_burst_and_the_holder_keeps_its_latch() {
    let (_, ev) = contended(1, 3 * TIME_SLICE_NS);
    // session 0 sleeps, session 1 runs a whole quantum; nobody else is ready at first, then
    // session 0 wakes and session 1 is preempted still holding the latch
    let p = ev
        .iter()
        .find(|e| matches!(e, Event::Preempt { session: 1, .. }))
        .expect("preempted");
    let Event::Preempt { holding, .. } = p else {
        unreachable!()
    };
    assert_eq!(holding, &vec![Latch::LibraryCache { child: 0 }]);
}

#[test]
fn runs_are_deterministic_and_stepping_equals_running() {
    let mut s = spec(4, 50);
    s.workload.total_slams = 3;
    s.workload.slam_sleeptime = 0.001;
    let (a, ea) = super::recorded(&s);
    let (b, eb) = super::recorded(&s);
    assert_eq!(ea, eb);
    assert_eq!(a.report(), b.report());
    let mut c = Sim::new(&s).unwrap();
    c.run_to_end();
    assert_eq!(c.report(), a.report());
}

#[test]
fn cpu_time_is_work_and_elapsed_includes_sleeps() {
    let mut s = spec(1, 5);
    s.workload.total_slams = 2;
    s.workload.slam_sleeptime = 0.02;
    s.workload.use_bindvars = true;
    let mut sim = Sim::new(&s).unwrap();
    sim.run_to_end();
    let r = sim.report();
    assert!(
        (r.elapsed_s - (r.sysstat.cpu_used_s + 0.04)).abs() < 1e-9,
        "{r:?}"
    );
}

#[test]
fn a_quantum_is_not_renewed_when_its_session_sleeps() {
    let mut sim = Sim::new(&spec(2, 1)).unwrap();
    sim.set_record(true);
    let ms = 1_000_000;
    sim.sess[0].ops.clear();
    sim.sess[0].ops.extend([
        Op::Cpu(6 * ms, Acct::Exec),
        Op::Sleep(ms),
        Op::Cpu(6 * ms, Acct::Exec),
    ]);
    sim.sess[1].ops.clear();
    sim.sess[1].ops.extend([Op::Cpu(20 * ms, Acct::Exec)]);
    let mut ev = Vec::new();
    while sim.now_ns() < 25 * ms && sim.tick() {
        ev.append(&mut sim.events);
    }
    let pre: Vec<(u32, u64)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Preempt { session, at_ns, .. } => Some((*session, *at_ns)),
            _ => None,
        })
        .collect();
    // session 1 gets a fresh quantum at 6 ms (ends at 16 ms); session 0 comes back with
    // the 4 ms it had left, so it is preempted at 20 ms, not 26 ms
    assert_eq!(&pre[..2], &[(1, 16 * ms), (0, 20 * ms)]);
}

/// Issue 14: merging whole rounds of time slices changes nothing but the number of events —
/// the same report, clock and CPU per session as ticking every quantum, on one CPU and more,
/// with sleeps between slams and without.
#[test]
fn merged_time_slices_give_the_same_run_as_ticking_every_quantum() {
    let mut merged_any = 0;
    for (jobs, cpus, exec_us, sleep) in [
        (2, 1, 250_000.0, 0.0),
        (3, 1, 95_000.0, 0.02),
        (4, 2, 180_000.0, 0.0),
        (5, 3, 333_333.0, 0.01),
        (7, 2, 55_555.0, 0.0),
    ] {
        let mut s = spec(jobs, 3);
        s.cpu_count = cpus;
        s.spin_count = default_spin_count(cpus);
        s.cost.execute_us = exec_us;
        s.workload.total_slams = 4;
        s.workload.slam_sleeptime = sleep;
        let run = |merge: bool| {
            let mut sim = Sim::new(&s).unwrap();
            sim.merge_slices = merge;
            while sim.tick() {}
            sim
        };
        let (a, b) = (run(true), run(false));
        assert_eq!(a.report(), b.report(), "{jobs} jobs on {cpus} CPUs");
        assert_eq!(a.now, b.now);
        let cpu = |sim: &Sim| -> Vec<(u64, u64, Option<u64>)> {
            sim.sess
                .iter()
                .map(|x| (x.cpu_parse, x.cpu_exec, x.finished_at))
                .collect()
        };
        assert_eq!(cpu(&a), cpu(&b));
        assert_eq!(b.c.merged_slices, 0);
        assert!(a.ticks < b.ticks, "{} vs {} events", a.ticks, b.ticks);
        merged_any += a.c.merged_slices;
    }
    assert!(merged_any > 0);
}

/// A session on a latch (or spinning) stops the merge: its preemptions are ticked one by one,
/// so `preemptions holding a latch` still counts each of them.
#[test]
fn no_merge_while_a_latch_is_held() {
    let (sim, ev) = contended(1, 5 * TIME_SLICE_NS);
    assert_eq!(sim.c.merged_slices, 0);
    assert!(!ev.iter().any(|e| matches!(e, Event::Timeslices { .. })));
    assert!(sim.c.preemptions_holding > 0);
}

/// Issue 14: a run is bounded by its scheduler events; at the limit it stops and says so.
#[test]
fn a_run_stops_at_its_event_limit() {
    let mut sim = Sim::new(&spec(3, 50)).unwrap();
    sim.max_events = 100;
    while sim.tick() {}
    assert!(sim.event_limit_hit);
    assert_eq!(sim.ticks, 100);
    assert!(!sim.done());
    let mut sim = Sim::new(&spec(3, 50)).unwrap();
    while sim.tick() {}
    assert!(!sim.event_limit_hit && sim.done());
}

/// Rule (clock tick, `cost.library.clock_tick_ms`): a timed sleep ends at the first clock
/// interrupt at or after it is due — a latch sleep of 10 ms that starts just after a tick of
/// 10 ms lasts until the tick after next, almost 20 ms.
#[test]
fn a_latch_sleep_ends_on_the_clock_tick() {
    let sleep_of_0 = |ev: &[Event]| {
        ev.iter()
            .find_map(|e| match *e {
                Event::LatchSleep {
                    session: 0,
                    at_ns,
                    ns,
                    ..
                } => Some((at_ns, ns)),
                _ => None,
            })
            .expect("session 0 sleeps")
    };
    let spin = 20; // _spin_count 1 × spin_iteration_ns: the sleep starts here
    let (_, exact) = contended_ticking(1, 5_000_000, 0.0);
    assert_eq!(sleep_of_0(&exact), (spin, LATCH_SLEEP_NS));
    let (sim, ticking) = contended_ticking(1, 5_000_000, 10.0);
    assert_eq!(sleep_of_0(&ticking), (spin, 2 * LATCH_SLEEP_NS - spin));
    // the wait is the whole sleep (and any run queue after it)
    let slept = (2 * LATCH_SLEEP_NS - spin) as f64 / 1e9;
    assert!(sim.report().latch_free_wait_s >= slept - 1e-12);
}

/// The slam's DBMS_LOCK.SLEEP is a timed sleep too: it ends on a tick.
#[test]
fn a_slam_sleep_ends_on_the_clock_tick() {
    let mut s = spec(1, 1);
    s.workload.total_slams = 3;
    s.workload.slam_sleeptime = 0.02;
    s.cost.clock_tick_ms = 10.0;
    let (_, ev) = super::recorded(&s);
    let sleeps: Vec<(u64, u64)> = ev
        .iter()
        .filter_map(|e| match *e {
            Event::Sleep { at_ns, ns, .. } => Some((at_ns, ns)),
            _ => None,
        })
        .collect();
    assert!(!sleeps.is_empty());
    for (at, ns) in sleeps {
        assert_eq!((at + ns) % 10_000_000, 0, "ends on a tick");
        assert!((20_000_000..30_000_000).contains(&ns), "{ns} ns");
    }
}

#[test]
fn the_clock_tick_is_checked() {
    for bad in [-1.0, 1000.5, f64::NAN] {
        let mut s = spec(1, 1);
        s.cost.clock_tick_ms = bad;
        let e = s.validate().unwrap_err().to_string();
        assert!(
            e.contains("cost.clock_tick_ms") && e.contains("0..=1000 ms"),
            "{e}"
        );
    }
}

/// Rule (latch wait posting, `cost.library.latch_wait_posting`, off by default; Adams 1999,
/// ch. 3): on one CPU the holder frees the latch after 5 ms of CPU, while the waiter sleeps
/// its 10 ms: the release posts the sleeper, which runs at once (the holder is done) and takes
/// the latch — a wait of 5 ms instead of the sleep's 10. Off, the sleeper sleeps its time out.
#[test]
fn a_freed_latch_posts_its_first_sleeper() {
    let spin = 20; // _spin_count 1 × spin_iteration_ns: the sleep starts here
    let (posted, ev) = contended_with(1, 5_000_000, 0.0, true);
    let r = posted.report();
    assert_eq!(r.latch_posts, 1);
    assert_eq!(misses_sleeps_spin_gets(&r), (1, 1, 0));
    let wait = ev
        .iter()
        .find_map(|e| match *e {
            Event::WaitEnd {
                session: 0,
                at_ns,
                ns,
                ..
            } => Some((at_ns, ns)),
            _ => None,
        })
        .expect("session 0's wait is timed");
    // session 1 ran from 0 to 5 ms (session 0 spun 20 ns first, then slept)
    assert_eq!(wait, (spin + 5_000_000, 5_000_000));
    assert!(r.done);
    let (slept, _) = contended_with(1, 5_000_000, 0.0, false);
    let q = slept.report();
    assert_eq!(q.latch_posts, 0);
    assert_eq!(q.latch_free_wait_s, 0.01);
    assert!(r.elapsed_s < q.elapsed_s);
    // on two CPUs a holder that frees the latch within the waiter's spin hands it over: the
    // waiter never sleeps, and nobody is posted
    let (two, _) = contended_with(2, 10_000, 0.0, true);
    let t = two.report();
    assert_eq!((t.latch_posts, misses_sleeps_spin_gets(&t)), (0, (1, 0, 1)));
}
