use super::*;
use crate::buffer::Instance;
use crate::scenario::Scenario;

fn gen(objects: &str, workload: &str) -> Generator {
    let text = format!(
        r#"{{ "version": 1, "title": "t", "profile": "8.1.5", "init": {{ "db_block_buffers": 100 }},
          "objects": {objects}, "workload": {workload} }}"#
    );
    Instance::build(&Scenario::parse(&text).unwrap())
        .unwrap()
        .generator
}

const SEED_OBJECTS: &str = r#"[ {"name":"LARGE_TBL","type":"TABLE","blocks":14409},
  {"name":"LARGE_TBL_PK","type":"INDEX","blocks":142},
  {"name":"LOOKUP_TBL","type":"TABLE","blocks":505},
  {"name":"LOOKUP_TBL_PK","type":"INDEX","blocks":5} ]"#;

#[test]
fn set_rand_has_full_period_and_never_repeats_a_large_tbl_row() {
    let g = gen(
        SEED_OBJECTS,
        r#"{"kind":"buffer_stuffer","buffs_per_stuff":14406,"sleep_secs":0,"total_stuffs":1}"#,
    );
    let mut g = match g {
        Generator::Stuffer(s) => s,
        _ => unreachable!(),
    };
    let mut seen = vec![false; 14406];
    let mut out = Vec::new();
    while g.next_exec(&mut out) {}
    assert_eq!(out.len(), 4 * 14406);
    for a in out.chunks(4) {
        let row = a[1].block as usize;
        assert!(!seen[row], "row {row} twice");
        seen[row] = true;
    }
}

#[test]
fn stuffer_touches_four_objects_and_sleeps_after_each_batch() {
    let g = gen(
        SEED_OBJECTS,
        r#"{"kind":"buffer_stuffer","buffs_per_stuff":3,"sleep_secs":0.1,"total_stuffs":2}"#,
    );
    assert_eq!(g.count().unwrap(), (24, 6));
    let mut g = g;
    let mut out = Vec::new();
    for _ in 0..3 {
        g.next_exec(&mut out);
    }
    let segs: Vec<u32> = out[..4].iter().map(|a| a.seg).collect();
    assert_eq!(
        segs,
        vec![1, 0, 3, 2],
        "PK leaf, row, lookup PK leaf, lookup row"
    );
    let sleeps: Vec<u64> = out.iter().map(|a| a.sleep_after_ns).collect();
    assert_eq!(sleeps.iter().filter(|&&s| s > 0).count(), 1);
    assert_eq!(sleeps[11], 100_000_000);
}

#[test]
fn random_is_seeded_and_in_range() {
    let spec = r#"{"kind":"random","accesses":1000,"distribution":"zipf","write_pct":20,"seed":9}"#;
    let objs =
        r#"[{"name":"A","type":"TABLE","blocks":10},{"name":"B","type":"INDEX","blocks":90}]"#;
    let (mut a, mut b) = (gen(objs, spec), gen(objs, spec));
    let (mut x, mut y) = (Vec::new(), Vec::new());
    while a.next_exec(&mut x) {}
    while b.next_exec(&mut y) {}
    assert_eq!(x, y);
    assert!(x
        .iter()
        .all(|a| (a.seg == 0 && a.block < 10) || (a.seg == 1 && a.block < 90)));
    let writes = x.iter().filter(|a| a.op == Op::Write).count();
    assert!((120..280).contains(&writes), "{writes}");
    // zipf: rank 1 (A block 0) is the most frequent
    let first = x.iter().filter(|a| a.seg == 0 && a.block == 0).count();
    assert!(first > 50, "{first}");
}

#[test]
fn scan_reads_every_block_in_multiblock_requests() {
    let mut g = gen(
        r#"[{"name":"T","type":"TABLE","blocks":20}]"#,
        r#"{"kind":"scan","segment":"T","times":2}"#,
    );
    let mut out = Vec::new();
    assert!(g.next_exec(&mut out));
    assert_eq!(out.len(), 20);
    assert_eq!(out.iter().filter(|a| a.io_start).count(), 3); // mbrc 8: 8 + 8 + 4
    assert!(out.iter().all(|a| a.op == Op::Scan && a.multiblock));
}

#[test]
fn mix_interleaves_by_weight() {
    let g = gen(
        r#"[{"name":"T","type":"TABLE","blocks":20}]"#,
        r#"{"kind":"mix","executions":100,"parts":[
            {"weight":3,"workload":{"kind":"random","accesses":5}},
            {"weight":1,"workload":{"kind":"scan","segment":"T","times":1}}]}"#,
    );
    let (accesses, execs) = g.count().unwrap();
    assert_eq!(execs, 100);
    let scans = (accesses - 100) / 19;
    assert!((10..45).contains(&scans), "{scans}");
}

#[test]
fn trace_rows_and_errors() {
    let objs = r#"[{"name":"T","type":"TABLE","blocks":20}]"#;
    let mut g = gen(
        objs,
        r#"{"kind":"trace","csv":"time_ms,object,block,op\n0,T,1,r\n2.5,t,3,w\n"}"#,
    );
    let mut out = Vec::new();
    while g.next_exec(&mut out) {}
    assert_eq!(out.len(), 2);
    assert_eq!(out[1].not_before_ns, 2_500_000);
    assert_eq!(out[1].op, Op::Write);
    let bad = [
        ("time_ms,obj,block,op\n", "line 1"),
        ("time_ms,object,block,op\n0,T,20,r\n", "line 2"),
        ("time_ms,object,block,op\n0,T,1,r\n0,X,1,r\n", "line 3"),
        ("time_ms,object,block,op\n0,T,1,q\n", "line 2"),
        ("time_ms,object,block,op\n-1,T,1,r\n", "line 2"),
    ];
    for (csv, line) in bad {
        let text = format!(
            r#"{{ "version": 1, "title": "t", "profile": "8.0", "objects": {objs},
                 "workload": {{ "kind": "trace", "csv": {} }} }}"#,
            serde_json::to_string(csv).unwrap()
        );
        let e = Instance::build(&Scenario::parse(&text).unwrap())
            .err()
            .unwrap();
        assert!(e.path.ends_with(line), "{e}");
    }
}

#[test]
fn too_many_accesses_is_an_error_not_a_hang() {
    let g = gen(
        r#"[{"name":"T","type":"TABLE","blocks":20}]"#,
        r#"{"kind":"random","accesses":100000000000}"#,
    );
    assert!(g.count().unwrap_err().message.contains("20000000"));
}

#[test]
fn an_index_range_reads_root_and_leaf_then_leaf_and_row_block_per_row() {
    let segs = vec![seg("T", 100), seg("I", 11)];
    let spec: WorkloadSpec = serde_json::from_str(
        r#"{"kind": "index_range", "table": "T", "index": "I", "ranges": 2,
            "rows_per_range": 3, "rows_per_block": 10, "clustered": true}"#,
    )
    .unwrap();
    let mut g = Generator::new(&spec, &segs, 8, crate::profile::Profile::V10_2_0_5).unwrap();
    let mut out = Vec::new();
    assert!(g.next_exec(&mut out));
    assert_eq!(out.len(), 2 + 2 * 3);
    assert_eq!((out[0].seg, out[0].block), (1, 0), "the root first");
    assert!(out
        .iter()
        .skip(2)
        .step_by(2)
        .all(|a| a.seg == 1 && a.block >= 1));
    let rows: Vec<&Access> = out.iter().filter(|a| a.row).collect();
    assert_eq!(rows.len(), 3);
    assert!(rows.iter().all(|a| a.seg == 0 && a.block < 100));
    // Clustered: three consecutive keys lie in at most two neighbouring blocks.
    assert!(rows[2].block - rows[0].block <= 1);
    out.clear();
    assert!(g.next_exec(&mut out));
    out.clear();
    assert!(!g.next_exec(&mut out));
}

fn seg(name: &str, blocks: u32) -> Segment {
    Segment {
        name: name.into(),
        kind: crate::scenario::segment::SegmentType::Table,
        blocks,
        buffer_pool: crate::buffer::PoolId::Default,
        cache: false,
    }
}

#[test]
fn closed_form_lengths_equal_a_dry_run_at_any_point() {
    let cases = [
        (
            SEED_OBJECTS,
            r#"{"kind":"buffer_stuffer","buffs_per_stuff":7,"sleep_secs":0.25,"total_stuffs":5}"#,
        ),
        (
            r#"[{"name":"T","type":"TABLE","blocks":20}]"#,
            r#"{"kind":"random","accesses":40,"think_us":3.5,"write_pct":30}"#,
        ),
        (
            r#"[{"name":"T","type":"TABLE","blocks":20}]"#,
            r#"{"kind":"scan","segment":"T","times":4,"sleep_ms":2}"#,
        ),
        // parts that run out start over; a stuffer sleeps after its batches
        (
            SEED_OBJECTS,
            r#"{"kind":"mix","executions":60,"seed":3,"parts":[
                {"weight":2,"workload":{"kind":"random","accesses":5,"think_us":7}},
                {"weight":1,"workload":{"kind":"scan","segment":"LOOKUP_TBL_PK","times":2,"sleep_ms":1}},
                {"weight":1,"workload":{"kind":"buffer_stuffer","buffs_per_stuff":2,"sleep_secs":0.5,"total_stuffs":3}}]}"#,
        ),
    ];
    for (objects, workload) in cases {
        let mut g = gen(objects, workload);
        let mut out = Vec::new();
        loop {
            let closed = g.closed_form().expect("an arithmetic workload");
            let dry = g.dry_run(1_000).unwrap();
            assert_eq!(
                (closed.0, closed.1, closed.2),
                (dry.accesses, dry.executions, dry.wait_ns),
                "{workload} after {} accesses",
                out.len()
            );
            assert_eq!(g.measure(1_000).unwrap(), dry);
            if !g.next_exec(&mut out) {
                break;
            }
        }
    }
}
