use super::super::heap::{bucket_of, ChunkKind, Heap, NIL};
use super::super::objects::{Lib, ObjState};
use super::super::{FLUSH_BATCH, FLUSH_TRIES, MIN_CHUNK};
use super::{mb, recorded, spec};

/// Allocate `size` bytes by first fit, as the shared pool does; returns the chunk.
fn alloc(h: &mut Heap, size: u32) -> u32 {
    let (c, _) = h.search(size);
    let c = c.expect("room");
    h.take(c, size, ChunkKind::Freeable, 0);
    c
}

#[test]
fn buckets_are_fine_for_small_and_coarse_for_large() {
    assert_eq!(bucket_of(40), 0);
    assert_eq!(bucket_of(44), 1);
    assert_eq!(bucket_of(300), 4);
    assert_eq!(bucket_of(523), 4);
    assert_eq!(bucket_of(2060), 7);
    assert_eq!(bucket_of(4000), 7);
    assert_eq!(bucket_of(1 << 20), 11);
}

#[test]
fn first_fit_walks_past_chunks_too_small_and_splits_the_rest() {
    let mut h = Heap::new(100_000, 1000);
    let a1 = alloc(&mut h, 300);
    alloc(&mut h, 100);
    let a2 = alloc(&mut h, 400);
    alloc(&mut h, 100);
    let a3 = alloc(&mut h, 456);
    alloc(&mut h, 100);
    for c in [a1, a2, a3] {
        h.free(c);
    }
    // all three sit on bucket [268, 524), oldest first
    assert_eq!(h.free_list(4), vec![a1, a2, a3]);
    let (got, examined) = h.search(440);
    assert_eq!((got, examined), (Some(a3), 3));
    // a remainder under MIN_CHUNK stays in the chunk
    h.take(a3, 440, ChunkKind::Recreatable, 7);
    assert_eq!(h.chunks[a3 as usize].size, 456);
    // a larger remainder is split off onto its own free list
    let (got, examined) = h.search(350);
    assert_eq!((got, examined), (Some(a2), 2));
    h.take(a2, 350, ChunkKind::Recreatable, 8);
    assert_eq!(h.chunks[a2 as usize].size, 350);
    let rest = h.free_list(1);
    assert_eq!(rest.len(), 1);
    let r = &h.chunks[rest[0] as usize];
    assert_eq!((r.off, r.size), (h.chunks[a2 as usize].off + 350, 50));
    const { assert!(50 >= MIN_CHUNK) };
}

#[test]
fn a_search_that_meets_nothing_in_its_bucket_takes_the_first_larger_chunk() {
    let mut h = Heap::new(100_000, 1000);
    let (got, examined) = h.search(300);
    assert_eq!(examined, 1, "the one big free chunk, in the last bucket");
    let c = alloc(&mut h, 300);
    assert_eq!(Some(c), got);
    assert_eq!(h.chunks[c as usize].off, 1000);
}

#[test]
fn freeing_coalesces_with_both_free_neighbours() {
    let mut h = Heap::new(100_000, 1000);
    let a = alloc(&mut h, 200);
    let b = alloc(&mut h, 300);
    let c = alloc(&mut h, 400);
    alloc(&mut h, 100);
    h.free(a);
    h.free(c);
    let m = h.free(b);
    let ch = &h.chunks[m as usize];
    assert_eq!((ch.off, ch.size, ch.kind), (1000, 900, ChunkKind::Free));
    let frees: Vec<_> = h
        .in_order()
        .filter(|c| c.kind == ChunkKind::Free)
        .map(|c| c.size)
        .collect();
    assert_eq!(
        frees.len(),
        2,
        "the merged chunk and the rest of the heap: {frees:?}"
    );
}

/// A pool full of loaded objects, unpinned in creation order; returns their ids.
fn full_pool(lib: &mut Lib, pinned_every: Option<u32>) -> Vec<u32> {
    let mut objs = Vec::new();
    for i in 0.. {
        let text = format!("SELECT /* comment:  */ \"DUMMY\" FROM dual WHERE dummy = '{i:06}'");
        let h = super::super::hash(&text);
        let o = lib.new_obj(&text, h, 0);
        if lib.load_handle(o).chunk.is_none() {
            break;
        }
        lib.load_heaps(o);
        if !lib.objs[o as usize].alive || lib.stats.flushed_chunks > 0 {
            break;
        }
        lib.objs[o as usize].state = ObjState::Ready;
        objs.push(o);
    }
    for (k, &o) in objs.iter().enumerate() {
        if pinned_every.is_none_or(|n| !(k as u32).is_multiple_of(n)) {
            lib.unpin(o);
        }
    }
    objs
}

#[test]
fn flush_frees_lru_chunks_oldest_first_and_coalesces_them() {
    let mut lib = Lib::new(1 << 20, 509, 1);
    let objs = full_pool(&mut lib, None);
    let first = objs[0];
    let (h, h0, h6) = {
        let o = &lib.objs[first as usize];
        (o.handle, o.heap0, o.heap6)
    };
    let span = [h, h0, h6]
        .iter()
        .map(|&c| lib.heap.chunks[c as usize].size)
        .sum::<u32>();
    let start = lib.heap.chunks[h as usize].off;
    // heap 6 of the oldest object is next to go
    assert_eq!(lib.heap.lru_tail(), Some(h6));
    let a = lib.alloc(span, ChunkKind::Freeable, NIL);
    assert!(a.flushed >= 1 && a.flushed <= FLUSH_BATCH, "{a:?}");
    // the oldest objects went, in release order; the newest are untouched
    let gone = objs
        .iter()
        .take_while(|&&o| !lib.objs[o as usize].alive)
        .count();
    assert!(gone >= 1);
    assert!(objs[gone..].iter().all(|&o| lib.objs[o as usize].alive));
    // its handle, heap 0 and heap 6 coalesced into the chunk the request took
    let c = a.chunk.unwrap();
    assert_eq!(lib.heap.chunks[c as usize].off, start);
    assert_eq!(lib.stats.flushed_chunks, u64::from(a.flushed));
}

#[test]
fn heap6_is_flushed_before_its_parent_and_then_reloaded() {
    let mut lib = Lib::new(1 << 20, 509, 1);
    let objs = full_pool(&mut lib, None);
    let o = objs[0];
    let h6 = lib.objs[o as usize].heap6;
    assert_eq!(lib.flush_chunk(h6), 1);
    assert!(lib.objs[o as usize].alive);
    assert_eq!(lib.objs[o as usize].heap6, NIL);
    // found by lookup, heap 6 gone: the session reloads it (see parse tests)
    let text = lib.objs[o as usize].text.clone();
    assert_eq!(lib.lookup(&text, lib.objs[o as usize].hash).0, Some(o));
}

#[test]
fn retries_are_bounded_then_ora_04031() {
    // every other object stays pinned: flushing never makes a big enough hole
    let mut lib = Lib::new(1 << 20, 509, 1);
    full_pool(&mut lib, Some(2));
    let before = lib.stats.ora_04031;
    let a = lib.alloc(200_000, ChunkKind::Freeable, NIL);
    assert_eq!(a.chunk, None);
    assert_eq!(a.tries, FLUSH_TRIES + 1);
    assert_eq!(a.flushed, FLUSH_TRIES * FLUSH_BATCH);
    assert_eq!(lib.stats.ora_04031, before + 1);
    // nothing on the LRU at all: fail after one search
    let mut lib = Lib::new(1 << 20, 509, 1);
    full_pool(&mut lib, Some(1));
    let a = lib.alloc(200_000, ChunkKind::Freeable, NIL);
    assert_eq!((a.chunk, a.tries, a.flushed), (None, 1, 0));
}

#[test]
fn ora_04031_fails_the_statement_and_the_run_goes_on() {
    // KEEP fills a 1 MB pool with 1000-character statements until one no longer fits ...
    let mut s = spec(1, 4);
    s.shared_pool_size = mb(1);
    // the three-chunk object of the sizes below (cursor pieces split heap 6 in two)
    s.cost.cursor_pieces = false;
    s.workload.keep = (0..60)
        .map(|i| format!("SELECT '{i:04}{}' FROM dual", "k".repeat(980)))
        .collect();
    // ... then a bigger statement (heap 6 of ~49 KB) finds no room and nothing to flush
    s.workload.statements = vec![
        "SELECT 1 FROM dual".into(),
        format!("SELECT '{}' FROM dual", "x".repeat(3000)),
    ];
    let (sim, ev) = recorded(&s);
    let r = sim.report();
    assert!(r.shared_pool.keep_failed > 0);
    assert!(r.done);
    // KEEP's own failures are ORA-04031s too
    assert_eq!(
        r.shared_pool.ora_04031,
        u64::from(r.shared_pool.keep_failed) + 2
    );
    assert_eq!(r.failed_statements, 2);
    assert_eq!(r.sysstat.execute_count, 2);
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, super::super::Event::Ora04031 { .. }))
            .count(),
        2
    );
    assert!(
        sim.latch_view().iter().all(|l| l.holder.is_none()),
        "latches freed on failure"
    );
}

#[test]
fn pins_take_chunks_off_the_lru_and_releases_put_them_back() {
    let mut lib = Lib::new(1 << 20, 509, 1);
    let objs = full_pool(&mut lib, None);
    let o = objs[3];
    let before = lib.heap.lru_len();
    lib.pin(o);
    assert_eq!(lib.heap.lru_len(), before - 2);
    assert_eq!(lib.stats.lru_pins, 2);
    lib.pin(o);
    assert_eq!(lib.stats.lru_pins, 2, "a second pin moves nothing");
    lib.unpin(o);
    lib.unpin(o);
    assert_eq!(lib.heap.lru_len(), before);
    // released to the MRU end: heap 0 first, heap 6 just behind it
    let lru = lib.heap.lru_list();
    assert_eq!(
        &lru[..2],
        &[lib.objs[o as usize].heap0, lib.objs[o as usize].heap6]
    );
}

#[test]
fn kept_objects_are_never_flushed() {
    let kept = "SELECT /* kept */ \"DUMMY\" FROM dual WHERE dummy = :HV".to_string();
    let mut s = spec(1, 2000);
    s.shared_pool_size = mb(1);
    s.workload.keep = vec![kept.clone()];
    let mut sim = super::super::Sim::new(&s).unwrap();
    sim.run_to_end();
    let r = sim.report();
    assert!(
        r.shared_pool.flushed_chunks > 1000,
        "the pool was under pressure"
    );
    let (o, _) = sim.lib.lookup(&kept, super::super::hash(&kept));
    let ob = &sim.lib.objs[o.expect("still cached") as usize];
    assert!(ob.kept && ob.alive && ob.heap6 != NIL);
    assert!(!sim.lib.heap.chunks[ob.heap0 as usize].on_lru);
}
