//! The 8.0 LRU: a hit moves to the MRU head, a miss replaces the LRU tail.

use super::*;

#[test]
fn v80_hit_moves_to_mru_head() {
    let mut c = cache("8.0", POOL50);
    fill(&mut c, 0..3);
    assert_eq!(list(&c), vec![2, 1, 0]);
    let ev = read(&mut c, 0, 0);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Hit {
            touch: Touch::MovedToHead,
            ..
        }
    )));
    assert_eq!(list(&c), vec![0, 2, 1]);
}

#[test]
fn v80_miss_inserts_at_mru_and_replaces_lru_tail() {
    let mut c = cache("8.0", POOL50);
    fill(&mut c, 0..50);
    let ev = read(&mut c, 0, 50);
    let victim = ev.iter().find_map(|e| match e {
        Event::Victim { old_dba, .. } => Some(crate::buffer::cache::hash::split_dba(*old_dba).1),
        _ => None,
    });
    assert_eq!(victim, Some(0), "the LRU tail (block 0) is replaced");
    assert_eq!(list(&c)[0], 50);
    assert!(inserted_at(&ev, Place::MruHead));
}

#[test]
fn never_used_buffers_are_taken_first() {
    let mut c = cache("8.1.5", POOL50);
    let ev = read(&mut c, 0, 7);
    assert!(ev.iter().any(|e| matches!(e, Event::FreeBuffer { .. })));
    assert!(!ev.iter().any(|e| matches!(e, Event::Inspect { .. })));
}
