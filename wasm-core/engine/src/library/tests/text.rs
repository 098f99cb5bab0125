use super::super::text::{Literals, Shape, Stream, LCG_MODULUS};
use super::super::{force_binds, hash, CursorSharing, Spec};

#[test]
fn force_replaces_literals_not_comments_names_or_binds() {
    let t = r#"SELECT /* comment: 'x' 42 */ "DUMMY1" FROM t2 WHERE a = '12345' AND b = 7.5 AND c = :HV1 AND d = 'it''s' -- 9"#;
    assert_eq!(
        force_binds(t),
        r#"SELECT /* comment: 'x' 42 */ "DUMMY1" FROM t2 WHERE a = :"SYS_B_0" AND b = :"SYS_B_1" AND c = :HV1 AND d = :"SYS_B_2" -- 9"#
    );
    // two literal statements of the seed become one text
    let a = r#"SELECT /* comment:  */ "DUMMY" FROM dual WHERE dummy = '12345'"#;
    let b = r#"SELECT /* comment:  */ "DUMMY" FROM dual WHERE dummy = '987'"#;
    assert_eq!(force_binds(a), force_binds(b));
    assert!(force_binds(a).ends_with(r#"dummy = :"SYS_B_0""#));
}

#[test]
fn force_handles_exponents_and_any_text_without_panicking() {
    assert_eq!(
        force_binds("x = 1e5 + 2.5E-3 - c1"),
        r#"x = :"SYS_B_0" + :"SYS_B_1" - c1"#
    );
    assert_eq!(
        force_binds("SELECT 'é', ñ1, \"ü\" FROM t"),
        "SELECT :\"SYS_B_0\", ñ1, \"ü\" FROM t"
    );
    for t in ["'", "\"", "/*", "--", "1.", "'unterminated", "é'"] {
        force_binds(t);
    }
}

#[test]
fn force_changes_nothing_without_literals() {
    let t = r#"SELECT /* comment:  */ "DUMMY" FROM dual WHERE dummy = :HV"#;
    assert_eq!(force_binds(t), t);
}

#[test]
fn hash_is_fnv1a_32() {
    assert_eq!(hash(""), 0x811C_9DC5);
    assert_eq!(hash("a"), 0xE40C_292C);
    assert_eq!(hash("foobar"), 0xBF9C_F968);
}

#[test]
fn slammer_text_is_the_seeds_with_padding() {
    let shape = Shape {
        stmt_size: 0,
        rand_comment: false,
        binds: false,
    };
    let mut s = Stream::new(0, 0);
    let t = s.next(shape, &[]);
    assert!(
        t.starts_with(r#"SELECT /* comment:  */ "DUMMY" FROM dual WHERE dummy = '"#),
        "{t}"
    );
    assert!(t.ends_with('\''));
    let b = Stream::new(0, 0).next(
        Shape {
            binds: true,
            ..shape
        },
        &[],
    );
    assert_eq!(
        b,
        r#"SELECT /* comment:  */ "DUMMY" FROM dual WHERE dummy = :HV"#
    );
    // stmt_size pads the comment with $ up to the length
    let p = Stream::new(0, 0).next(
        Shape {
            stmt_size: 100,
            binds: true,
            ..shape
        },
        &[],
    );
    assert_eq!(p.len(), 100);
    assert!(p.contains("comment: $$$$"));
    // a random comment makes even bind statements unique
    let mut r = Stream::new(0, 0);
    let rs = Shape {
        rand_comment: true,
        binds: true,
        ..shape
    };
    assert_ne!(r.next(rs, &[]), r.next(rs, &[]));
}

#[test]
fn sessions_have_their_own_literal_streams() {
    let shape = Shape {
        stmt_size: 0,
        rand_comment: false,
        binds: false,
    };
    let a: Vec<String> = (0..5)
        .map({
            let mut s = Stream::new(0, 0);
            move |_| s.next(shape, &[])
        })
        .collect();
    let b: Vec<String> = (0..5)
        .map({
            let mut s = Stream::new(1, 0);
            move |_| s.next(shape, &[])
        })
        .collect();
    assert!(a.iter().all(|t| !b.contains(t)));
}

#[test]
fn literal_generator_has_full_period_over_a_million() {
    let mut l = Literals::new(100);
    let first = l.next();
    let mut n = 1u32;
    while l.next() != first {
        n += 1;
    }
    assert_eq!(n, LCG_MODULUS);
    assert!(n > 1_000_000);
}

#[test]
fn typed_statements_round_robin() {
    let typed = vec![
        "SELECT 1 FROM dual".to_string(),
        "SELECT 2 FROM dual".to_string(),
    ];
    let shape = Shape {
        stmt_size: 0,
        rand_comment: false,
        binds: false,
    };
    let mut s = Stream::new(0, 0);
    let got: Vec<String> = (0..3).map(|_| s.next(shape, &typed)).collect();
    assert_eq!(
        got,
        vec![typed[0].clone(), typed[1].clone(), typed[0].clone()]
    );
}

#[test]
fn spec_errors_name_the_field_and_limit() {
    let bad = |f: &dyn Fn(&mut Spec)| {
        let mut s = Spec::default();
        f(&mut s);
        s.validate().unwrap_err()
    };
    let e = bad(&|s| s.kgl_bucket_count = 9);
    assert_eq!(e.path, "library._kgl_bucket_count");
    assert!(e.message.contains("0..=8"), "{}", e.message);
    let e = bad(&|s| s.shared_pool_size = super::super::Size::Text("lots".into()));
    assert_eq!(e.path, "library.shared_pool_size");
    let e = bad(&|s| s.shared_pool_size = super::super::Size::Text("100K".into()));
    assert!(e.message.contains("outside"), "{}", e.message);
    let e = bad(&|s| s.cost.execute_us = f64::NAN);
    assert_eq!(e.path, "library.cost.execute_us");
    let e = bad(&|s| s.workload.total_slams = 10_000_000);
    assert_eq!(e.path, "library.workload.total_slams");
    let e = bad(&|s| s.workload.keep = vec![" ".into()]);
    assert_eq!(e.path, "library.workload.keep[0]");
    // serde: unknown fields and values are refused, naming the field
    let e = Spec::from_json(r#"{"cursor_sharing": "SIMILAR"}"#).unwrap_err();
    assert_eq!(e.path, "library.cursor_sharing");
    let e = Spec::from_json(r#"{"cost": {"execute_ms": 1}}"#).unwrap_err();
    assert!(e.path.starts_with("library.cost"), "{e}");
    assert!(serde_json::from_str::<Spec>(r#"{"cursor_sharing": "SIMILAR"}"#).is_err());
    assert!(serde_json::from_str::<Spec>(r#"{"shared_pool": 1}"#).is_err());
    let s: Spec = serde_json::from_str(
        r#"{"cursor_sharing": "FORCE", "shared_pool_size": "15M", "_kgl_latch_count": 3}"#,
    )
    .unwrap();
    assert_eq!(s.cursor_sharing, CursorSharing::Force);
    let c = s.validate().unwrap();
    assert_eq!((c.pool_bytes, c.latches, c.buckets), (15 << 20, 3, 8191));
}
