use super::super::{ChunkKind, SessionState, Sim, BUCKET_MIN};
use super::{mb, spec};

#[test]
fn views_cover_the_heap_the_buckets_and_the_sessions() {
    let mut s = spec(3, 400);
    s.shared_pool_size = mb(1);
    let mut sim = Sim::new(&s).unwrap();
    for _ in 0..900 {
        sim.step();
    }
    // the heap: chunks tile the pool in address order
    let heap = sim.heap_view();
    let mut off = 0;
    for c in &heap {
        assert_eq!(c.offset, off);
        off += c.size;
        assert_eq!(
            c.object.is_some(),
            matches!(c.kind, ChunkKind::Recreatable | ChunkKind::Freeable)
        );
        assert!(!(c.kind == ChunkKind::Free && c.pinned));
    }
    assert_eq!(off, 1 << 20);
    assert_eq!(heap[0].kind, ChunkKind::Permanent);
    // free-list lengths agree with the free chunks of the heap
    let lens = sim.free_list_lengths();
    assert_eq!(lens.len(), BUCKET_MIN.len());
    let free = heap.iter().filter(|c| c.kind == ChunkKind::Free).count() as u32;
    assert_eq!(lens.iter().sum::<u32>(), free);
    // buckets: chain lengths add up to the objects, latch = bucket mod latches
    let b = sim.bucket_view();
    assert_eq!(b.len(), 8191);
    assert_eq!(
        b.iter().map(|x| x.chain_len).sum::<u32>(),
        sim.report().hash_table.objects
    );
    // sessions and latches agree on who holds what
    let sess = sim.session_view();
    assert_eq!(
        sess.iter()
            .filter(|x| x.state == SessionState::OnCpu)
            .count(),
        1
    );
    for l in sim.latch_view() {
        if let Some(h) = l.holder {
            assert!(sess[h as usize].holding.contains(&l.latch));
        }
    }
}
