//! The chains' rules: DBAs, the walk, the line layout against plain linked chains, latches.

use super::*;

#[test]
fn dba_round_trip() {
    assert_eq!(split_dba(dba(0, 0)), (0, 0));
    assert_eq!(split_dba(dba(3, 14408)), (3, 14408));
    assert_ne!(dba(0, 0), 0);
}

#[test]
fn chain_walk_counts_and_finds() {
    let mut h = HashChains::new(8, 1, 1); // one bucket: every buffer on one chain
    for i in 0..3u32 {
        h.insert(i, dba(0, i), 0);
    }
    // inserted at the head: chain is 2, 1, 0
    assert_eq!(h.chain(0), vec![2, 1, 0]);
    let l = h.lookup(dba(0, 0));
    assert_eq!((l.found, l.walked), (0, 3));
    let miss = h.lookup(dba(0, 7));
    assert_eq!((miss.found, miss.walked), (NIL, 3));
    h.remove(1, dba(0, 1));
    assert_eq!(h.chain(0), vec![2, 0]);
    assert_eq!(h.chain_len(0), 2);
    assert_eq!(h.latch_gets(), vec![2]);
    // unlinking the middle shortens the walk; the tail and the head unlink cleanly
    assert_eq!(h.lookup(dba(0, 0)).walked, 2);
    h.remove(0, dba(0, 0));
    assert_eq!(h.chain(0), vec![2]);
    h.remove(2, dba(0, 2));
    assert_eq!((h.chain(0), h.chain_len(0)), (vec![], 0));
}

#[test]
fn a_bucket_is_one_cache_line_or_a_quarter_of_one() {
    assert_eq!(std::mem::size_of::<Wide>(), 64);
    assert_eq!(std::mem::align_of::<Wide>(), 64);
    assert_eq!(std::mem::size_of::<Narrow>(), 16);
    assert_eq!(std::mem::align_of::<Narrow>(), 16);
    // 8.0's default (4 buffers a bucket): 7 entries in a line
    let h = HashChains::new(1000, 251, 251);
    assert!(matches!(&h.groups, Groups::Wide(v) if v.len() == 251));
    // 8i's default (2 buckets a buffer): one entry, four buckets a line
    let h = HashChains::new(1000, 2000, 1024);
    assert!(matches!(&h.groups, Groups::Narrow(v) if v.len() == 2000));
}

/// Random inserts, removals and lookups against a plain model of linked chains (a list per
/// bucket, inserts at the head): the same chains, walks and finds, for both strides,
/// with chains far longer than a line holds.
#[test]
fn the_line_layout_walks_as_linked_chains_do() {
    for (buffers, buckets) in [(64usize, 3u32), (64, 11), (40, 20), (16, 40), (40, 40)] {
        let mut h = HashChains::new(buffers, buckets, 1);
        let mut model: Vec<Vec<u32>> = vec![Vec::new(); buckets as usize];
        let mut held: Vec<Option<u32>> = vec![None; buffers];
        let mut x = 0x9E37_79B9u32 ^ buffers as u32;
        let mut rand = move |n: u32| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x % n
        };
        for step in 0..20_000 {
            let i = rand(buffers as u32);
            let d = dba(rand(3), rand(200));
            let l = h.lookup(d);
            let chain = &model[h.bucket_of(d) as usize];
            let at = chain.iter().position(|&b| held[b as usize] == Some(d));
            assert_eq!(
                (l.found, l.walked),
                match at {
                    Some(k) => (chain[k], k as u32 + 1),
                    None => (NIL, chain.len() as u32),
                },
                "step {step}"
            );
            if at.is_some() {
                continue;
            }
            if let Some(old) = held[i as usize].take() {
                h.remove(i, old);
                model[h.bucket_of(old) as usize].retain(|&b| b != i);
            }
            let b = h.bucket_of(d);
            h.insert(i, d, b);
            model[b as usize].insert(0, i);
            held[i as usize] = Some(d);
            if step % 97 == 0 {
                for b in 0..buckets {
                    assert_eq!(h.chain(b), model[b as usize], "bucket {b} at step {step}");
                    assert_eq!(h.chain_len(b) as usize, model[b as usize].len());
                }
            }
        }
        h.clear();
        assert!((0..buckets).all(|b| h.chain(b).is_empty() && h.chain_len(b) == 0));
        assert_eq!(h.latch_gets(), vec![20_000]);
    }
}

#[test]
fn fastmod_is_mod() {
    for d in [1u32, 2, 3, 251, 2000, 65521, 1 << 24, u32::MAX] {
        let f = FastMod::new(d);
        for x in [0u32, 1, 7, 250, 251, 1999, 123_456_789, u32::MAX] {
            assert_eq!(f.reduce(x), x % d, "{x} mod {d}");
        }
    }
}

#[test]
fn latch_covers_bucket_mod_latches() {
    let mut h = HashChains::new(1, 10, 3);
    let d = (1..)
        .map(|k| dba(0, k))
        .find(|&d| h.bucket_of(d) == 7)
        .unwrap();
    assert_eq!(h.lookup(d).latch, 1);
    assert_eq!(h.latch_gets(), vec![0, 1, 0]);
}

#[test]
fn a_bucket_s_gets_carry_past_32_bits() {
    let mut h = HashChains::new(1, 2, 2);
    with_group!(&mut h.groups, 1, |g| *g.gets_mut() = u32::MAX);
    let d = (1..)
        .map(|k| dba(0, k))
        .find(|&d| h.bucket_of(d) == 1)
        .unwrap();
    h.lookup(d);
    h.lookup(d);
    assert_eq!(h.latch_gets(), vec![0, (1u64 << 32) + 1]);
}
