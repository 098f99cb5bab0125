//! Rule (CPU accounting, `workload.recursive`, `report.rs`): SQLSlammer's statements are
//! recursive calls of its PL/SQL call, so their CPU is in `recursive cpu usage` and again in
//! `CPU used by this session`; seed 001's "CPU used" is the two summed. Switched off, the
//! statements are user calls and no CPU is recursive.

use super::super::{metric_value, Sim};
use super::spec;

fn report(recursive: bool) -> super::super::CacheReport {
    let mut s = spec(3, 4);
    s.workload.recursive = recursive;
    let mut sim = Sim::new(&s).unwrap();
    sim.run_to_end();
    sim.report()
}

#[test]
fn statements_under_plsql_count_their_cpu_twice_in_the_papers_sum() {
    let r = report(true).sysstat;
    assert!(r.cpu_used_s > 0.0);
    // every CPU burst is a statement's parse or execution, all at depth 1
    assert_eq!(r.recursive_cpu_s, r.cpu_used_s);
    assert_eq!(r.cpu_with_recursive_s, r.cpu_used_s + r.recursive_cpu_s);
}

#[test]
fn user_call_statements_have_no_recursive_cpu() {
    let (on, off) = (report(true), report(false));
    assert_eq!(off.sysstat.recursive_cpu_s, 0.0);
    assert_eq!(off.sysstat.cpu_with_recursive_s, off.sysstat.cpu_used_s);
    // the switch changes what is reported, not what is run
    assert_eq!(on.sysstat.cpu_used_s, off.sysstat.cpu_used_s);
    assert_eq!(on.elapsed_s, off.elapsed_s);
    assert_eq!(
        metric_value(&on, "cpu_with_recursive_s"),
        Some(2.0 * on.sysstat.cpu_used_s)
    );
    assert_eq!(metric_value(&on, "cpu_used_s"), Some(on.sysstat.cpu_used_s));
}
