//! Seed 004 from the rules: serial direct path reads in 10.2.0.5 and the KEEP-pool bug, the
//! fix in 11.2.0.2. The assertions are on shape (which scan is direct, which is fast) and on
//! the tolerance against the paper; the costs come from the DEFAULT run only.

use crate::common;

use cachesim::buffer::read::report::StepStatistics;
use cachesim::io::ScanReason;
use cachesim::scenario::paper::PaperComparison;

fn run(name: &str) -> (Vec<StepStatistics>, Option<PaperComparison>) {
    let run = common::run_to_end(name);
    (run.report().steps, run.paper())
}

/// The five scans of the script (steps 4, 5, 7, 8 and 10).
fn scans(steps: &[StepStatistics]) -> Vec<&StepStatistics> {
    [3, 4, 6, 7, 9].iter().map(|&k| &steps[k]).collect()
}

#[test]
fn ten_two_default_direct_then_buffered_then_cached() {
    let (steps, paper) = run("seed004-10.2.0.5-default.json");
    for s in &steps {
        eprintln!(
            "{:>2} {:>8.2} s  direct {:>6}  {}",
            s.index + 1,
            s.elapsed_s,
            s.physical_reads_direct,
            s.text
        );
    }
    let sc = scans(&steps);
    let direct: Vec<bool> = sc.iter().map(|s| s.scan.unwrap().direct).collect();
    assert_eq!(direct, [true, true, false, false, false]);
    // Both direct scans equally slow; the first buffered scan the slowest of all.
    assert!((sc[0].elapsed_s - sc[1].elapsed_s).abs() < 0.01);
    assert!(sc[2].elapsed_s > sc[0].elapsed_s);
    assert!(sc[3].elapsed_s < 1.0 && sc[4].elapsed_s < 1.0);
    assert_eq!(sc[4].scan.unwrap().reason, ScanReason::MostlyCached);
    assert_eq!(sc[3].physical_reads + sc[4].physical_reads, 0);
    check_paper(paper.unwrap());
}

#[test]
fn ten_two_keep_behaves_the_same_because_of_the_bug() {
    let (steps, paper) = run("seed004-10.2.0.5-keep.json");
    let sc = scans(&steps);
    assert_eq!(sc[0].scan.unwrap().reason, ScanReason::KeepBug);
    assert_eq!(sc[1].scan.unwrap().reason, ScanReason::KeepBug);
    assert!(!sc[2].scan.unwrap().direct && sc[3].elapsed_s < 1.0);
    assert_eq!(sc[4].scan.unwrap().reason, ScanReason::MostlyCached);
    check_paper(paper.unwrap());
}

#[test]
fn eleven_two_two_keeps_the_keep_segment_cached_after_the_first_scan() {
    let (steps, _) = run("seed004-11.2.0.2-keep.json");
    let sc = scans(&steps);
    assert_eq!(sc[0].scan.unwrap().reason, ScanReason::KeepFits);
    assert!(sc[0].elapsed_s > 50.0);
    for s in &sc[1..] {
        assert!(!s.scan.unwrap().direct);
        assert!(s.elapsed_s < 1.0, "{} took {}", s.text, s.elapsed_s);
        assert_eq!(s.physical_reads, 0);
    }
}

/// Every elapsed time within 15 % of the paper; those under a second within 0.2 s.
/// (`run` has printed the rows.)
fn check_paper(p: PaperComparison) {
    assert_eq!(p.rows.len(), 5);
    for r in &p.rows {
        if r.paper < 1.0 {
            assert!((r.sim - r.paper).abs() <= 0.2, "{r:?}");
        } else {
            assert!(r.diff_pct.abs() <= 15.0, "{r:?}");
        }
    }
}
