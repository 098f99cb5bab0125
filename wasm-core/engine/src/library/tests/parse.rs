use super::super::table::Table;
use super::super::{hash, CursorSharing, Event, Sim, DBMS_SQL_EXTRA_CALLS};
use super::{mb, recorded, spec};

#[test]
fn bucket_is_hash_mod_buckets_and_latch_is_bucket_mod_count() {
    let t = Table::new(509, 7);
    let h = hash("SELECT 1 FROM dual");
    assert_eq!(t.bucket(h), h % 509);
    assert_eq!(t.latch(h), (h % 509) % 7);
    assert_eq!(
        Table::new(509, 0).latches,
        1,
        "_kgl_latch_count 0 means one latch"
    );
    // and the events say so
    let mut s = spec(1, 20);
    s.kgl_latch_count = 3;
    let (_, ev) = recorded(&s);
    for e in &ev {
        if let Event::Statement {
            hash: h,
            bucket,
            latch,
            ..
        } = e
        {
            assert_eq!(*bucket, h % 8191);
            assert_eq!(*latch, bucket % 3);
        }
    }
}

#[test]
fn kgl_bucket_count_index_gives_the_seeds_primes() {
    for (k, n) in [509, 1021, 2039, 4093, 8191, 16381, 32749, 65521, 131071]
        .into_iter()
        .enumerate()
    {
        let mut s = spec(1, 1);
        s.kgl_bucket_count = k as u32;
        assert_eq!(Sim::new(&s).unwrap().report().hash_table.buckets, n);
    }
}

#[test]
fn table_doubles_at_twice_the_buckets_and_rehashes_every_handle() {
    let mut t = Table::new(5, 1);
    let hashes: Vec<u32> = (0..10).map(|i| hash(&format!("x{i}"))).collect();
    for (o, &h) in hashes.iter().enumerate().take(9) {
        t.insert(h, o as u32);
    }
    assert!(!t.needs_resize());
    t.insert(hashes[9], 9);
    assert!(t.needs_resize());
    let moved = t.resize(|o| hashes[o as usize]);
    assert_eq!((moved, t.buckets(), t.resizes), (10, 10, 1));
    for (o, &h) in hashes.iter().enumerate() {
        assert_eq!(t.walk(h, |x| x == o as u32).0, Some(o as u32));
        assert!(t.chains[(h % 10) as usize].contains(&(o as u32)));
    }
}

#[test]
fn a_run_rehashes_509_to_1018_buckets_under_all_latches() {
    let mut s = spec(1, 1100);
    s.kgl_bucket_count = 0;
    s.kgl_latch_count = 3;
    s.shared_pool_size = mb(20);
    let (sim, ev) = recorded(&s);
    let re: Vec<_> = ev
        .iter()
        .filter(|e| matches!(e, Event::Rehash { .. }))
        .collect();
    assert_eq!(re.len(), 1);
    assert!(matches!(
        re[0],
        Event::Rehash {
            buckets_before: 509,
            buckets_after: 1018,
            handles: 1018,
            ..
        }
    ));
    assert_eq!(sim.report().hash_table.buckets, 1018);
    // every cached statement is still found on its (new) chain
    for o in sim.lib.objs.iter().filter(|o| o.alive) {
        assert!(sim.lib.lookup(&o.text, o.hash).0.is_some());
    }
}

#[test]
fn binds_parse_hard_once_then_soft() {
    let mut s = spec(1, 10);
    s.workload.use_bindvars = true;
    let r = Sim::new(&s)
        .map(|mut m| {
            m.run_to_end();
            m.report()
        })
        .unwrap();
    assert_eq!(r.sysstat.parse_count_total, 10);
    assert_eq!(r.sysstat.parse_count_hard, 1);
    assert_eq!(r.sysstat.execute_count, 10);
    let lc = &r.sql_area;
    assert_eq!((lc.gets, lc.gethits, lc.pins, lc.pinhits), (10, 9, 10, 9));
}

#[test]
fn literals_parse_hard_every_time_unless_forced() {
    let s = spec(1, 10);
    let (_, ev) = recorded(&s);
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::HardParse { .. }))
            .count(),
        10
    );
    let mut f = spec(1, 10);
    f.cursor_sharing = CursorSharing::Force;
    let (sim, ev) = recorded(&f);
    assert_eq!(sim.report().sysstat.parse_count_hard, 1);
    // the event shows the text before and after the rewrite
    let Event::Statement {
        text,
        forced: Some(after),
        ..
    } = &ev[0]
    else {
        panic!("{:?}", ev[0])
    };
    assert!(text.ends_with('\''));
    assert!(after.ends_with(r#":"SYS_B_0""#));
}

#[test]
fn dbms_sql_pins_again_under_the_latch_each_execution() {
    let mut nds = spec(1, 10);
    nds.workload.use_bindvars = true;
    let mut dbms = nds.clone();
    dbms.workload.use_nds = false;
    let run = |s| {
        let mut m = Sim::new(s).unwrap();
        m.run_to_end();
        m.report()
    };
    let (a, b) = (run(&nds), run(&dbms));
    assert_eq!(
        b.sql_area.pins - a.sql_area.pins,
        10 * u64::from(DBMS_SQL_EXTRA_CALLS)
    );
    assert_eq!(
        b.latches[0].gets - a.latches[0].gets,
        10 * u64::from(DBMS_SQL_EXTRA_CALLS)
    );
    assert!(b.sysstat.cpu_used_s > a.sysstat.cpu_used_s);
}

#[test]
fn a_session_finding_an_object_being_loaded_waits_for_its_load() {
    let mut s = spec(2, 3);
    s.workload.use_bindvars = true;
    s.cpu_count = 2;
    s.spin_count = super::super::default_spin_count(2);
    let (sim, ev) = recorded(&s);
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::LoadWait {
                session: 1,
                loader: 0,
                ..
            }
        )),
        "{ev:#?}"
    );
    let r = sim.report();
    assert_eq!(r.sysstat.parse_count_hard, 1);
    assert!(r.load_lock_wait_s > 0.0);
    assert_eq!(r.sysstat.execute_count, 6);
}

#[test]
fn a_flushed_heap6_is_reloaded() {
    let mut s = spec(1, 4);
    s.workload.statements = vec!["SELECT 1 FROM dual".into()];
    let mut sim = Sim::new(&s).unwrap();
    sim.set_record(true);
    // run the first statement, then flush its heap 6
    while sim.report().sysstat.execute_count == 0 || sim.sess[0].obj != u32::MAX {
        sim.step();
    }
    let o = sim
        .lib
        .objs
        .iter()
        .position(|o| o.alive && !o.kept)
        .unwrap();
    let h6 = sim.lib.objs[o].heap6;
    sim.lib.flush_chunk(h6);
    let mut ev = Vec::new();
    while sim.step() {
        ev.extend_from_slice(sim.events());
    }
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::HardParse { reload: true, .. })));
    let r = sim.report();
    assert_eq!((r.sql_area.reloads, r.sysstat.parse_count_hard), (1, 2));
}
