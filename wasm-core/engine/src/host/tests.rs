//! One test per rule of the host's memory (docs/model.md §3); the rules that need a buffer
//! cache over the host are tested on the cache's side (`buffer/cache/host_path/tests.rs`).

use super::memory::{Loc, Memory};

#[test]
fn central_pages_out_its_least_recently_used_page() {
    let mut m = Memory::new(10, 3, 5);
    for p in 0..3 {
        m.touch(p);
    }
    m.touch(0); // 0 is now the most recent; 1 the least
    let t = m.touch(3);
    assert_eq!(t.to_expanded, 1);
    assert_eq!(m.loc(1), Loc::Expanded);
    assert_eq!(m.order(Loc::Central), vec![3, 0, 2]);
    m.touch(4);
    assert_eq!(m.order(Loc::Expanded), vec![2, 1]);
    // back from expanded: a page-in, and the LRU page of central goes out
    let t = m.touch(1);
    assert!(t.from_expanded && t.to_expanded == 1);
    assert_eq!(m.order(Loc::Central), vec![1, 4, 3]);
    assert_eq!(m.order(Loc::Expanded), vec![0, 2]);
}

#[test]
fn pages_migrate_only_when_central_and_expanded_are_full() {
    let mut m = Memory::new(10, 2, 2);
    let mut migrated = 0;
    for p in 0..4 {
        migrated += m.touch(p).to_aux;
    }
    assert_eq!((migrated, m.aux_len), (0, 0), "4 pages fit in 2 + 2");
    let t = m.touch(4);
    assert_eq!((t.to_expanded, t.to_aux), (1, 1));
    assert_eq!(m.loc(0), Loc::Aux, "the oldest expanded page migrates");
    // a migrated page comes back from disk
    let t = m.touch(0);
    assert!(t.from_aux && !t.from_expanded);
    assert_eq!(m.aux_len, 1);
}

/// Issue 44, item 3: the page references a run makes for the PGA and the other address
/// spaces are bounded (`MAX_PAGE_REFERENCES`). The other address spaces' depend on the
/// simulated time, so a run counts them as it goes (`other_cycle_s` = 1 µs over 1,000 MB
/// referenced all 256,000 pages at every access: a hang); past the limit the error names the
/// field of the area that made most of them.
#[test]
fn page_references_past_the_limit_name_the_field_that_made_them() {
    use super::config::{HostSpec, MAX_PAGE_REFERENCES};
    use super::Host;
    let spec = HostSpec {
        central_storage_mb: 64.0,
        expanded_storage_mb: 0.0,
        auxiliary_storage_mb: None,
        page_size_kb: 4,
        page_in_us: 100.0,
        sga_other_mb: 0.0,
        pga_kb: 512.0,
        other_mb: 16.0,
        other_cycle_s: 0.000_001,
        io_cpu_us: 0.0,
    };
    let mut h = Host::new(Some(&spec), 1000, 4096, 15, true, false, false, 0).unwrap();
    assert_eq!(h.session_pages(), 128);
    assert!(h.check_work(MAX_PAGE_REFERENCES / 128).is_ok());
    let e = h.check_work(MAX_PAGE_REFERENCES / 128 + 1).unwrap_err();
    assert_eq!(e.path, "host.pga_kb", "{e}");
    assert!(e.message.contains("at most 508 KB"), "{e}");
    // other address spaces: 4,096 pages, all of them at each 1 µs
    h.other_work(1_000);
    assert_eq!(h.refs.other, 4096);
    assert!(h.over_limit().is_none());
    h.refs.other = MAX_PAGE_REFERENCES - 4096;
    h.other_work(2_000);
    assert!(h.over_limit().is_none(), "at the limit");
    h.other_work(3_000);
    let e = h.over_limit().expect("past the limit");
    assert_eq!(e.path, "host.other_cycle_s", "{e}");
    assert!(e.message.contains("500000000 host page references"), "{e}");
    // a PGA's references past it name the PGA
    h.refs = super::Refs {
        session: MAX_PAGE_REFERENCES,
        other: 0,
    };
    assert!(h.over_limit().is_none());
    h.session_work(3);
    assert_eq!(h.over_limit().unwrap().path, "host.pga_kb");
}
