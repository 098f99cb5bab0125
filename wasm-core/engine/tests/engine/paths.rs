//! Issue 14, part "messages": every rejection of a scenario names the full field path, nested
//! type errors included, and range messages name the limit.

use cachesim::scenario::Scenario;
use cachesim::SimError;

fn parse_err(text: &str) -> SimError {
    match Scenario::parse(text) {
        Ok(_) => panic!("accepted: {text}"),
        Err(e) => e,
    }
}

fn refused(text: &str) -> SimError {
    match cachesim::buffer::Run::from_json(text) {
        Ok(_) => panic!("accepted: {text}"),
        Err(e) => e,
    }
}

const HEAD: &str = r#""version":1,"title":"t","profile":"8.0","objects":[{"name":"T","type":"TABLE","blocks":100},{"name":"I","type":"INDEX","blocks":10}]"#;

fn with_workload(w: &str) -> String {
    format!("{{{HEAD},\"workload\":{w}}}")
}

#[test]
fn buffer_stuffer_field_type_names_the_field() {
    let e = parse_err(&with_workload(
        r#"{"kind":"buffer_stuffer","buffs_per_stuff":1,"sleep_secs":0,"total_stuffs":"100"}"#,
    ));
    assert_eq!(e.path, "workload.total_stuffs", "{e}");
    assert_eq!(
        e.message,
        r#"invalid type: string "100", expected a whole number from 0 to 4,294,967,295"#
    );
    assert_eq!(
        e.to_string(),
        r#"workload.total_stuffs: invalid type: string "100", expected a whole number from 0 to 4,294,967,295"#
    );
}

#[test]
fn missing_and_unknown_fields_of_a_workload() {
    let e = parse_err(&with_workload(r#"{"kind":"scan","times":1}"#));
    assert_eq!(e.path, "workload", "{e}");
    assert_eq!(e.message, "missing field `segment`");
    let e = parse_err(&with_workload(
        r#"{"kind":"scan","segment":"T","times":1,"bogus":1}"#,
    ));
    assert_eq!(e.path, "workload.bogus", "{e}");
    assert!(e.message.starts_with("unknown field `bogus`"), "{e}");
}

#[test]
fn kind_errors_name_kind() {
    let e = parse_err(&with_workload(r#"{"kind":"scna","segment":"T","times":1}"#));
    assert_eq!(e.path, "workload.kind", "{e}");
    assert!(
        e.message.contains("scna") && e.message.contains("index_range"),
        "{e}"
    );
    let e = parse_err(&with_workload(r#"{"segment":"T","times":1}"#));
    assert_eq!(e.path, "workload.kind", "{e}");
    let e = parse_err(&with_workload(r#"{"kind":3}"#));
    assert_eq!(e.path, "workload.kind", "{e}");
    let e = parse_err(&with_workload(r#"7"#));
    assert_eq!(e.path, "workload", "{e}");
}

#[test]
fn nested_mix_part_names_the_full_path() {
    let e = parse_err(&with_workload(
        r#"{"kind":"mix","executions":10,"parts":[
            {"weight":1,"workload":{"kind":"scan","segment":"T","times":1}},
            {"weight":1,"workload":{"kind":"random","accesses":-5}}]}"#,
    ));
    assert_eq!(e.path, "workload.parts[1].workload.accesses", "{e}");
    assert!(e.message.contains("expected a whole number ≥ 0"), "{e}");
    let e = parse_err(&with_workload(
        r#"{"kind":"mix","executions":10,"parts":[{"weight":"1","workload":{"kind":"scan","segment":"T","times":1}}]}"#,
    ));
    assert_eq!(e.path, "workload.parts[0].weight", "{e}");
    let e = parse_err(&with_workload(
        r#"{"kind":"mix","executions":10,"parts":[{"weight":1,"workload":{"kind":"mix","executions":1,"parts":[{"weight":1,"workload":{"kind":"scan","segment":"T","times":true}}]}}]}"#,
    ));
    assert_eq!(
        e.path, "workload.parts[0].workload.parts[0].workload.times",
        "{e}"
    );
}

#[test]
fn nested_script_run_names_the_full_path() {
    let e = parse_err(&with_workload(
        r#"{"kind":"script","steps":[{"sql":"alter system flush buffer_cache"},
            {"run":{"kind":"index_range","table":"T","index":"I","ranges":10,"rows_per_block":"4"}}]}"#,
    ));
    assert_eq!(e.path, "workload.steps[1].run.rows_per_block", "{e}");
    let e = parse_err(&with_workload(
        r#"{"kind":"script","steps":[{"run":{"kind":"random","accesses":1,"distribution":"normal"}}]}"#,
    ));
    assert_eq!(e.path, "workload.steps[0].run.distribution", "{e}");
    let e = parse_err(&with_workload(r#"{"kind":"script","steps":[{"sql":5}]}"#));
    assert_eq!(e.path, "workload.steps[0].sql", "{e}");
}

#[test]
fn sql_slammer_fields_name_the_field() {
    let lib = |w: &str, cost: &str| {
        format!(r#"{{"version":1,"title":"t","profile":"8.1.6","workload":{w}{cost}}}"#)
    };
    let e = parse_err(&lib(
        r#"{"kind":"sql_slammer","jobs":2,"total_slams":"1000"}"#,
        "",
    ));
    assert_eq!(e.path, "workload.total_slams", "{e}");
    let e = parse_err(&lib(
        r#"{"kind":"sql_slammer","statements":["select 1 from dual",2]}"#,
        "",
    ));
    assert_eq!(e.path, "workload.statements[1]", "{e}");
    let e = parse_err(&lib(
        r#"{"kind":"sql_slammer","jobs":2}"#,
        r#","cost":{"library":{"execute_us":"1e9"}}"#,
    ));
    assert_eq!(e.path, "cost.library.execute_us", "{e}");
    let e = parse_err(&lib(
        r#"{"kind":"sql_slammer","jobs":2}"#,
        r#","cost":{"library":{"exec_us":1}}"#,
    ));
    assert_eq!(e.path, "cost.library.exec_us", "{e}");
    assert!(e.message.starts_with("unknown field `exec_us`"), "{e}");
}

#[test]
fn trace_time_over_the_limit_names_the_limit() {
    let e = refused(&with_workload(
        r#"{"kind":"trace","csv":"time_ms,object,block,op\n1e13,T,1,r\n"}"#,
    ));
    assert_eq!(e.path, "workload.csv line 2", "{e}");
    assert!(e.message.contains("1e12"), "{e}");
    let e = refused(&with_workload(
        r#"{"kind":"trace","csv":"time_ms,object,block,op\nsoon,T,1,r\n"}"#,
    ));
    assert_eq!(e.path, "workload.csv line 2", "{e}");
    assert!(e.message.contains("soon"), "{e}");
}

#[test]
fn byte_order_mark_is_stripped() {
    let text = format!(
        "\u{feff}{}",
        with_workload(r#"{"kind":"scan","segment":"T","times":1}"#)
    );
    let s = Scenario::parse(&text).expect("a leading BOM is accepted");
    assert_eq!(s.title, "t");
    cachesim::buffer::Run::from_json(&text).expect("and runs");
}

#[test]
fn json_format_round_trips_unchanged() {
    for w in [
        r#"{"kind":"buffer_stuffer","buffs_per_stuff":1,"sleep_secs":0,"total_stuffs":3}"#,
        r#"{"kind":"mix","executions":10,"parts":[{"weight":1,"workload":{"kind":"scan","segment":"T","times":1}}]}"#,
        r#"{"kind":"script","steps":[{"run":{"kind":"random","accesses":1}}]}"#,
    ] {
        let s = Scenario::parse(&with_workload(w)).unwrap();
        let again = Scenario::parse(&s.to_json()).unwrap();
        assert_eq!(s, again);
    }
}

/// Issue 44, item 6: `"teaching": []` was read as an empty section (serde's structs also take
/// an array of their fields in order), `"cost": [1]` as `logical_read_us` 1. A section is an
/// object (or, for the optional ones, null: absent); anything else is refused by its name, and
/// a field inside one is still named by its path.
#[test]
fn a_section_of_the_wrong_type_is_refused_by_its_name() {
    let w = r#"{"kind":"random","accesses":10}"#;
    for (section, value) in [
        ("teaching", "[]"),
        ("teaching", "[true]"),
        ("cost", "[1]"),
        ("host", "[128]"),
        ("paper", r#"["s"]"#),
        ("teaching", "true"),
        ("cost", r#""fast""#),
    ] {
        let e = parse_err(&format!(
            "{{{HEAD},\"workload\":{w},\"{section}\":{value}}}"
        ));
        assert_eq!(e.path, section, "{section}: {value}: {e}");
        assert!(e.message.contains("expected an object"), "{e}");
    }
    for (section, value) in [("teaching", "null"), ("host", "null"), ("paper", "null")] {
        let s = Scenario::parse(&format!(
            "{{{HEAD},\"workload\":{w},\"{section}\":{value}}}"
        ));
        assert!(s.is_ok(), "{section}: null: {s:?}");
    }
    let e = parse_err(&format!(
        "{{{HEAD},\"workload\":{w},\"teaching\":{{\"small_cache\":1}}}}"
    ));
    assert_eq!(e.path, "teaching.small_cache", "{e}");
    let e = parse_err(&format!(
        "{{{HEAD},\"workload\":{w},\"cost\":{{\"library\":{{\"bogus\":1}}}}}}"
    ));
    assert_eq!(e.path, "cost.library.bogus", "{e}");
    let s = Scenario::parse(&format!(
        "{{{HEAD},\"workload\":{w},\"teaching\":{{\"small_cache\":true}}}}"
    ))
    .unwrap();
    assert_eq!(s.teaching.map(|t| t.small_cache), Some(true));
}

/// Issue 44, item 6: a streamed trace's messages say what is wrong. A time of `1e308` was "not
/// a number" (it is one, past the limit); an id `1e308` is a number, not written as an id;
/// `delimiter=::` got "':' has no '='" (the delimiter is one character).
#[test]
fn a_streamed_traces_messages_say_what_is_wrong() {
    use cachesim::buffer::whatif::trace_feed::{parse_csv_params, TraceFeed};
    let s = format!(r#"{{{HEAD},"workload":{{"kind":"random","accesses":1}}}}"#);
    let fed = |options: &str, bytes: &[u8]| {
        let mut f = TraceFeed::from_json(&s, options).unwrap();
        f.feed(bytes).expect_err("a refusal")
    };
    let csv = r#"{"format":"csv","params":"time-col=1, obj-id-col=2"}"#;
    let e = fed(csv, b"1e308,5\n");
    assert_eq!(e.path, "trace line 1", "{e}");
    assert!(e.message.contains("'1e308' is past the latest"), "{e}");
    assert!(
        e.message.contains("10^18 ns (1000000000 in the time-unit"),
        "{e}"
    );
    assert!(fed(csv, b"-1,5\n").message.contains("negative"));
    assert!(fed(csv, b"soon,5\n")
        .message
        .contains("'soon' is not a number"));
    let e = fed(r#"{"format":"txt"}"#, b"1\n1e308\n");
    assert_eq!(e.path, "trace line 2", "{e}");
    assert!(
        e.message.contains("'1e308' is a number but not an id"),
        "{e}"
    );
    let e = fed(r#"{"format":"txt"}"#, b"18446744073709551616\n");
    assert!(e.message.contains("past 18446744073709551615"), "{e}");
    let e = fed(r#"{"format":"txt"}"#, b"four\n");
    assert!(e.message.contains("'four' is not an object id"), "{e}");
    let e = parse_csv_params("obj-id-col=2, delimiter=::").unwrap_err();
    assert_eq!(e.path, "trace.params", "{e}");
    assert!(
        e.message
            .contains("delimiter '::' is more than one character"),
        "{e}"
    );
    let e = parse_csv_params("obj-id-col=2, delimiter=||, has-header=true").unwrap_err();
    assert!(e.message.contains("delimiter '||'"), "{e}");
    assert_eq!(
        parse_csv_params("obj-id-col=2, delimiter=;, has-header=true")
            .unwrap()
            .delimiter,
        b';'
    );
}
