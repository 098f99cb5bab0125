//! The touch-count rules of 8i: midpoint insertion, `_db_aging_touch_time`, promotion at
//! `_db_aging_hot_criteria`, cooling and the hot region bounded by `_db_percent_hot_*`.

use super::*;

#[test]
fn touch_count_read_goes_to_midpoint_with_tch_1() {
    let mut c = cache("8.1.5", POOL50);
    fill(&mut c, 0..10);
    // make block 0 hot: tch 2 then force a scan over it
    let i = buf_of(&c, 3);
    assert_eq!(c.b.tch[i as usize], 1);
    let ev = read(&mut c, 0, 20);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Insert {
            place: Place::Midpoint,
            tch: 1,
            ..
        }
    )));
    // nothing hot yet: the midpoint is the head
    assert_eq!(list(&c)[0], 20);
}

#[test]
fn touch_count_hit_does_not_move_and_increments_once_per_touch_time() {
    let mut c = cache("8.1.6", POOL50);
    fill(&mut c, 0..5);
    let before = list(&c);
    let i = buf_of(&c, 2) as usize;
    // 1 s later: too soon (touch time 3 s)
    let ev = read(&mut c, SEC, 2);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Hit {
            touch: Touch::TooSoon,
            tch_after: 1,
            ..
        }
    )));
    assert_eq!(c.b.tch[i], 1);
    // 3 s after the read: incremented, and tim moves
    let ev = read(&mut c, 3 * SEC, 2);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Hit {
            touch: Touch::Incremented,
            tch_after: 2,
            ..
        }
    )));
    assert_eq!(c.b.tim[i], 3 * SEC);
    // 2 s after that: too soon again
    read(&mut c, 5 * SEC, 2);
    assert_eq!(c.b.tch[i], 2);
    assert_eq!(
        list(&c),
        before,
        "hits never move a buffer under touch counts"
    );
}

#[test]
fn touch_time_parameter_is_used() {
    let mut c = pool50("8.1.6", r#""_db_aging_touch_time": 0"#);
    read(&mut c, 0, 1);
    read(&mut c, 0, 1);
    read(&mut c, 0, 1);
    assert_eq!(c.b.tch[buf_of(&c, 1) as usize], 3);
}

/// Fill a 50-buffer set, then make block 0 reach tch 2.
fn filled_with_hot_block0(profile: &str, extra: &str) -> Cache {
    let mut c = pool50(profile, extra);
    fill(&mut c, 0..50);
    read(&mut c, 10 * SEC, 0);
    assert_eq!(c.b.tch[buf_of(&c, 0) as usize], 2);
    c
}

#[test]
fn promotion_at_hot_criteria_sets_stay_count() {
    let mut c = filled_with_hot_block0("8.1.5", "");
    let i0 = buf_of(&c, 0);
    // block 0 was read first: it is at the cold tail; the next miss inspects it
    let ev = read(&mut c, 11 * SEC, 100);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Promote { buf, tch_before: 2, tch_after: 0 } if *buf == i0)));
    assert!(c.b.has(i0, flag::HOT));
    assert_eq!(list(&c)[0], 0, "promoted to the hot head");
    // the victim is the next one up the list, block 1
    let victim = ev.iter().find_map(|e| match e {
        Event::Victim { old_dba, .. } => Some(crate::buffer::cache::hash::split_dba(*old_dba).1),
        _ => None,
    });
    assert_eq!(victim, Some(1));
}

#[test]
fn hot_criteria_parameter_is_used() {
    let mut c = filled_with_hot_block0("8.1.5", r#""_db_aging_hot_criteria": 3"#);
    let ev = read(&mut c, 11 * SEC, 100);
    assert!(!ev.iter().any(|e| matches!(e, Event::Promote { .. })));
}

#[test]
fn percent_hot_zero_cools_at_once_and_815_sets_cool_count() {
    let mut c = filled_with_hot_block0("8.1.5", r#""_db_percent_hot_default": 0"#);
    let i0 = buf_of(&c, 0);
    let ev = read(&mut c, 11 * SEC, 100);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Cool { buf, tch_after: 1, .. } if *buf == i0)));
    assert!(!c.b.has(i0, flag::HOT));
    assert_eq!(c.b.tch[i0 as usize], 1, "_db_aging_cool_count");
    assert_eq!(c.sets[0].hot_len, 0);
}

/// Cool a buffer whose tch is 2 and return the Cool event's (tch_before, tch_after).
fn cool_a_buffer_with_tch_2(profile: &str) -> (u32, u32) {
    let mut c = pool50(
        profile,
        r#""_db_percent_hot_default": 2, "_db_aging_touch_time": 0, "_db_aging_hot_criteria": 3"#,
    );
    for b in 0..50 {
        read(&mut c, 0, b); // tch 1; the tail is block 0
    }
    for b in [0, 0, 1, 1] {
        read(&mut c, 0, b); // blocks 0 and 1 reach tch 3
    }
    read(&mut c, 0, 100); // promote 0, promote 1 (hot_max 1): block 0 cools with tch 0
    let i1 = buf_of(&c, 1);
    assert!(c.b.has(i1, flag::HOT));
    read(&mut c, 0, 1);
    read(&mut c, 0, 1); // hot block 1: tch 0 → 2
    for _ in 0..3 {
        let t = *list(&c).last().unwrap();
        read(&mut c, 0, t); // the tail block reaches tch 4
        read(&mut c, 0, t);
        read(&mut c, 0, t);
        let ev = read(&mut c, 0, 200 + t); // promote the tail: block 1 cools
        if let Some(r) = ev.iter().find_map(|e| match e {
            Event::Cool {
                buf,
                tch_before,
                tch_after,
            } if *buf == i1 => Some((*tch_before, *tch_after)),
            _ => None,
        }) {
            return r;
        }
    }
    panic!("block 1 never cooled");
}

#[test]
fn v816_cooling_keeps_the_touch_count() {
    assert_eq!(cool_a_buffer_with_tch_2("8.1.6"), (2, 2));
    assert_eq!(
        cool_a_buffer_with_tch_2("8.1.5"),
        (2, 1),
        "8.1.5 sets _db_aging_cool_count"
    );
}

#[test]
fn hot_region_is_bounded_by_percent_hot() {
    let mut c = cache(
        "8.1.5",
        r#""db_block_buffers": 100, "_db_aging_touch_time": 0"#,
    );
    for b in 0..100 {
        read(&mut c, 0, b);
        read(&mut c, 0, b);
    }
    fill(&mut c, 100..400);
    assert!(c.sets[0].hot_len <= 50);
    assert_eq!(c.sets[0].hot_max, 50);
}
