//! The weight of a hard parse (issue 13): an 8i cursor's pieces and the parse's pins. Each
//! test fails if its rule were wrong; `cost.library.cursor_pieces = false` turns both off.

use super::super::heap::{chunk_size, ChunkKind, NIL};
use super::super::objects::{cursor_sizes, object_sizes, Lib, ObjState};
use super::super::sched::session::{DEPENDENCIES, PARSE_PIN_CYCLES};
use super::super::{Event, Piece};
use super::{recorded, spec};

fn lib_with_cursor(pieces: bool) -> (Lib, u32) {
    let mut lib = Lib::new(1 << 20, 509, 1);
    lib.pieces = pieces;
    let text = "SELECT /* c */ \"DUMMY\" FROM dual WHERE dummy = '00042'";
    let o = lib.new_obj(text, 42, 0);
    assert!(lib.load_handle(o).chunk.is_some());
    lib.load_heaps(o);
    lib.objs[o as usize].state = ObjState::Ready;
    (lib, o)
}

/// Rule (cursor pieces): a parent (handle, heap 0 and its extent) and a child (heap 0, heap 6
/// and its extent), of Adams' chunk sizes; three of them recreatable.
#[test]
fn a_hard_parse_allocates_a_parent_and_a_child_cursor() {
    let mut s = spec(1, 1);
    s.workload.stmt_size = 50;
    let (_, ev) = recorded(&s);
    let allocs: Vec<(Piece, u32)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Alloc { piece, size, .. } => Some((*piece, *size)),
            _ => None,
        })
        .collect();
    let len = ev
        .iter()
        .find_map(|e| match e {
            Event::Statement { text, .. } => Some(text.len() as u32),
            _ => None,
        })
        .unwrap();
    let z = cursor_sizes(len).map(chunk_size);
    use Piece::*;
    assert_eq!(
        allocs,
        vec![
            (Handle, z[0]),
            (Heap0, z[1]),
            (Heap0Extent, z[2]),
            (ChildHeap0, z[3]),
            (Heap6, z[4]),
            (Heap6Extent, z[5]),
        ]
    );
    // Adams' sample chunks for a short statement: KGL handle ~496 B, sql area 1,208 B
    assert_eq!(z[4], 1208);
    assert_eq!(chunk_size(cursor_sizes(0)[2]), 568);
    let (lib, o) = lib_with_cursor(true);
    let ob = &lib.objs[o as usize];
    let kind = |c: u32| lib.heap.chunks[c as usize].kind;
    let recreatable = [ob.heap0, ob.child0, ob.heap6];
    assert!(recreatable
        .iter()
        .all(|&c| kind(c) == ChunkKind::Recreatable));
    assert!([ob.handle, ob.ext0, ob.ext6]
        .iter()
        .all(|&c| kind(c) == ChunkKind::Freeable));
}

/// Switched off: the older three allocations.
#[test]
fn without_cursor_pieces_a_hard_parse_allocates_three_chunks() {
    let mut s = spec(1, 1);
    s.cost.cursor_pieces = false;
    let (sim, ev) = recorded(&s);
    let pieces: Vec<Piece> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Alloc { piece, .. } => Some(*piece),
            _ => None,
        })
        .collect();
    assert_eq!(pieces, vec![Piece::Handle, Piece::Heap0, Piece::Heap6]);
    assert!(!ev.iter().any(|e| matches!(e, Event::ParsePin { .. })));
    assert_eq!(sim.report().shared_pool.pins_and_releases, 2);
    let (lib, o) = lib_with_cursor(false);
    let ob = &lib.objs[o as usize];
    assert_eq!((ob.ext0, ob.child0, ob.ext6), (NIL, NIL, NIL));
    let len = ob.text.len() as u32;
    assert_eq!(
        lib.heap.chunks[ob.heap6 as usize].size,
        chunk_size(object_sizes(len)[2])
    );
}

/// Flushing heap 6 frees its extent with it; flushing the child's heap 0 frees the child;
/// flushing the parent's heap 0 frees all six. The count is of recreatable chunks.
#[test]
fn flushes_free_a_piece_with_the_pieces_that_hang_on_it() {
    let (mut lib, o) = lib_with_cursor(true);
    lib.unpin(o);
    let ob = lib.objs[o as usize].clone();
    // released heap 6 first, then the child's heap 0, then the parent's: heap 6 is the tail
    assert_eq!(lib.heap.lru_list(), vec![ob.heap0, ob.child0, ob.heap6]);
    assert_eq!(lib.flush_chunk(ob.heap6), 1);
    let now = lib.objs[o as usize].clone();
    assert_eq!((now.heap6, now.ext6), (NIL, NIL));
    assert_eq!(
        (now.child0, now.heap0, now.ext0),
        (ob.child0, ob.heap0, ob.ext0)
    );
    // reload: heap 6 and its extent only
    lib.pin(o);
    let again: Vec<Piece> = lib.load_heaps(o).into_iter().map(|(p, _)| p).collect();
    assert_eq!(again, vec![Piece::Heap6, Piece::Heap6Extent]);
    lib.unpin(o);
    let ob = lib.objs[o as usize].clone();
    assert_eq!(lib.flush_chunk(ob.child0), 2);
    let now = lib.objs[o as usize].clone();
    assert_eq!((now.child0, now.heap6, now.ext6), (NIL, NIL, NIL));
    assert!(now.alive);
    lib.pin(o);
    let again: Vec<Piece> = lib.load_heaps(o).into_iter().map(|(p, _)| p).collect();
    assert_eq!(
        again,
        vec![Piece::ChildHeap0, Piece::Heap6, Piece::Heap6Extent]
    );
    lib.unpin(o);
    let h0 = lib.objs[o as usize].heap0;
    assert_eq!(lib.flush_chunk(h0), 3);
    assert!(!lib.objs[o as usize].alive);
    // only the startup chunk and one free chunk are left: everything coalesced
    assert_eq!(lib.heap.in_order().count(), 2);
}

/// Rule (parse pins): four pin-and-release cycles of the cursor's own heaps and one of each
/// dependency, each a shared pool LRU pin and release under the library cache latch and the
/// shared pool latch.
#[test]
fn a_hard_parse_pins_and_releases_its_heaps_and_dependencies() {
    let s = spec(1, 1);
    let (sim, ev) = recorded(&s);
    let pins: Vec<(u32, Option<String>)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::ParsePin {
                step, dependency, ..
            } => Some((*step, dependency.clone())),
            _ => None,
        })
        .collect();
    let cycles = PARSE_PIN_CYCLES as usize + DEPENDENCIES.len();
    assert_eq!(pins.len(), cycles);
    assert_eq!(pins[0], (0, None));
    assert_eq!(pins[cycles - 1].1.as_deref(), Some("SYS.DUAL"));
    let r = sim.report();
    // + the three releases when the execution unpins it
    assert_eq!(r.shared_pool.pins_and_releases, 2 * cycles as u64 + 3);
    let mut off = s.clone();
    off.cost.cursor_pieces = false;
    let (sim_off, _) = recorded(&off);
    let r_off = sim_off.report();
    let gets = |r: &super::super::CacheReport, k: usize| r.latches[k].gets;
    assert_eq!(gets(&r, 1) - gets(&r_off, 1), cycles as u64);
    assert_eq!(gets(&r, 0) - gets(&r_off, 0), cycles as u64);
}
