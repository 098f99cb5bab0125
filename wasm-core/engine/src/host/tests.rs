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
