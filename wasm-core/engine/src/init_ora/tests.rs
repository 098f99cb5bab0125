use super::*;
use serde_json::json;

fn init(v: Value) -> InitOra {
    InitOra::new(v.as_object().unwrap()).unwrap()
}

/// Why `InitOra::new` refuses `v` (every value is checked when the scenario is read).
fn refused(v: Value) -> crate::error::SimError {
    InitOra::new(v.as_object().unwrap()).unwrap_err()
}

#[test]
fn unknown_parameter_is_named() {
    let err = InitOra::new(json!({"db_blok_buffers": 5}).as_object().unwrap()).unwrap_err();
    assert_eq!(err.path, "init.db_blok_buffers");
    assert!(err.message.contains("unknown"));
}

#[test]
fn names_are_case_insensitive_but_not_twice() {
    let i = init(json!({"DB_BLOCK_BUFFERS": "2000"}));
    assert_eq!(i.int("db_block_buffers").unwrap(), Some(2000));
    let twice = json!({"db_block_buffers": 1, "DB_BLOCK_BUFFERS": 2});
    assert!(InitOra::new(twice.as_object().unwrap()).is_err());
}

#[test]
fn pool_spec_spellings() {
    let i = init(json!({
        "buffer_pool_keep": "(buffers:200,lru_latches:1)",
        "buffer_pool_recycle": "(LRU_LATCHES:2, BUFFERS:100)"
    }));
    assert_eq!(
        i.pool_spec("buffer_pool_keep").unwrap(),
        Some((200, Some(1)))
    );
    assert_eq!(
        i.pool_spec("buffer_pool_recycle").unwrap(),
        Some((100, Some(2)))
    );
    let plain = init(json!({"buffer_pool_keep": 300}));
    assert_eq!(
        plain.pool_spec("buffer_pool_keep").unwrap(),
        Some((300, None))
    );
    let bad = refused(json!({"buffer_pool_keep": "(buffers:x)"}));
    assert!(bad.message.contains("whole number"));
}

#[test]
fn sizes_and_ranges() {
    let i = init(json!({"db_cache_size": "2M"}));
    assert_eq!(i.int("db_cache_size").unwrap(), Some(2 << 20));
    let e = refused(json!({"db_cache_size": "2M", "_db_percent_hot_default": 101}));
    assert_eq!(e.path, "init._db_percent_hot_default");
    assert!(e.message.contains("maximum 100"), "{e}");
}

#[test]
fn keywords_are_checked_against_their_choices() {
    let i = init(json!({"cursor_sharing": " force "}));
    assert_eq!(i.keyword("cursor_sharing").unwrap(), Some("FORCE"));
    for bad in [json!("SIMILAR"), json!(1), json!(true)] {
        let e = refused(json!({ "cursor_sharing": bad }));
        assert_eq!(e.path, "init.cursor_sharing");
        assert!(e.message.contains("EXACT, FORCE"), "{e}");
    }
    assert_eq!(init(json!({})).keyword("cursor_sharing").unwrap(), None);
}

#[test]
fn each_parameter_knows_its_simulation() {
    let i = init(json!({"db_block_buffers": 100, "shared_pool_size": "8M", "cpu_count": 2}));
    assert_eq!(i.foreign(ParamArea::BufferCache), vec!["shared_pool_size"]);
    assert_eq!(i.foreign(ParamArea::LibraryCache), vec!["db_block_buffers"]);
    assert!(PARAMS
        .iter()
        .all(|p| (p.kind == ParamKind::Keyword) != p.choices.is_empty()));
}

#[test]
fn garbage_values_are_errors_not_panics() {
    for v in [
        json!(-1),
        json!(1.5),
        json!("lots"),
        json!(null),
        json!([1]),
        json!({}),
    ] {
        for name in ["db_block_buffers", "db_cache_size", "_db_aging_freeze_cr"] {
            let err = InitOra::new(json!({ name: v }).as_object().unwrap()).unwrap_err();
            assert_eq!(err.path, format!("init.{name}"), "{v}");
        }
    }
}

/// Issue 29 #15: a value is refused when the scenario is read, whether or not the model reads
/// the parameter: `_db_percent_hot_keep = "1e3"` without a KEEP pool was accepted, and the
/// page's check and the engine's disagreed on what a whole number is.
#[test]
fn every_value_is_checked_when_read_not_when_used() {
    for (name, v) in [
        ("_db_percent_hot_keep", json!("1e3")),
        ("_db_percent_hot_keep", json!(".")),
        ("_kgl_bucket_count", json!("0x10")),
        ("buffer_pool_keep", json!("(buffers:x)")),
        ("cursor_sharing", json!("SIMILAR")),
        ("_db_percent_hot_recycle", json!(101)),
    ] {
        assert_eq!(
            refused(json!({ name: v })).path,
            format!("init.{name}"),
            "{name} = {v}"
        );
    }
    // Rust's u64 from text takes a leading +, as the page's check does
    assert_eq!(
        init(json!({"db_block_buffers": "+2000"}))
            .int("db_block_buffers")
            .unwrap(),
        Some(2000)
    );
}

#[test]
fn a_numeric_default_is_read_from_the_table_and_lies_in_its_range() {
    let unset = InitOra::default();
    let mut numbers = 0;
    for p in PARAMS {
        match p.default_number() {
            Some(n) if matches!(p.kind, ParamKind::Integer | ParamKind::Size) => {
                numbers += 1;
                assert_eq!(unset.int_or_default(p.name).unwrap(), n, "{}", p.name);
                assert!(
                    p.min.is_none_or(|m| m <= n),
                    "{}: {n} below its min",
                    p.name
                );
                assert!(
                    p.max.is_none_or(|m| n <= m),
                    "{}: {n} above its max",
                    p.name
                );
            }
            Some(n) => panic!("{}: a {:?} parameter with default {n}", p.name, p.kind),
            // a word or a rule ("unset", "2% of the pool"): the reader derives it
            None => assert!(unset.int_or_default(p.name).is_err(), "{}", p.name),
        }
    }
    assert!(numbers >= 20, "{numbers} numeric defaults");
    assert_eq!(unset.int_or_default("db_block_buffers").unwrap(), 1000);
    assert_eq!(unset.int_or_default("shared_pool_size").unwrap(), 15 << 20);
}

#[test]
fn every_parameter_a_profile_ignores_is_one() {
    for t in &crate::profile::TRAITS {
        for name in t.ignores {
            assert!(
                super::PARAMS.iter().any(|d| d.name == *name),
                "profile {} ignores {name}, which is no parameter",
                t.profile.name()
            );
        }
    }
}
