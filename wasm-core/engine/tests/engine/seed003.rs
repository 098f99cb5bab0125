//! Seed 003 from the rules: the same cached OLTP reads with a small DB cache over the OS page
//! cache, and with a large DB cache and direct I/O. Shape and the band, not a tuned
//! figure: the costs are calibrated in the scenarios' descriptions.

use crate::common;

use cachesim::buffer::Report;

fn run(name: &str) -> Report {
    common::run_to_end(name).report()
}

#[test]
fn the_db_cache_serves_two_to_two_and_a_half_times_the_rows_of_the_fs_cache() {
    let fs = run("seed003-fs-cache.json");
    let db = run("seed003-db-cache.json");
    let (f, d) = (&fs.steps[2], &db.steps[2]);
    let ratio = d.rows_per_s.unwrap() / f.rows_per_s.unwrap();
    eprintln!(
        "rows/s FS {:.0}, DB {:.0}, ratio {ratio:.3} (paper 2.42)",
        f.rows_per_s.unwrap(),
        d.rows_per_s.unwrap()
    );
    assert!((2.0..=2.6).contains(&ratio), "ratio {ratio}");
    // The FS test: its physical reads are OS-cache copies, and the DB cache's blocks are
    // held twice.
    let os = fs.io.as_ref().unwrap().os_cache.as_ref().unwrap();
    eprintln!(
        "FS: {os:?}, avg read {:?} ms",
        fs.io.as_ref().unwrap().avg_read_ms
    );
    assert!(f.os_cache_hits > 0 && f.os_cache_hits == f.physical_reads);
    assert_eq!(os.double_buffered_blocks, 2048);
    assert!(fs.io.as_ref().unwrap().avg_read_ms.unwrap() < 1.0);
    assert!(
        f.avg_read_ms.unwrap() < 0.01,
        "OS-cache copies: {:?}",
        f.avg_read_ms
    );
    // The DB test: no OS page cache, no physical reads once warm.
    assert!(db.io.as_ref().unwrap().os_cache.is_none());
    assert_eq!((d.physical_reads, d.os_cache_hits), (0, 0));
}
