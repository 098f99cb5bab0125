//! The registry and the policies against their textbook definitions.

use super::{NAMES, POLICIES};
use crate::buffer::cache::events::Op;
use crate::buffer::cache::workload::{Access, Rng};
use crate::buffer::{Cache, Instance, PoolId};
use crate::profile::TRAITS;
use crate::scenario::Scenario;
use std::collections::{HashSet, VecDeque};

/// A one-set cache of `buffers` over one table of `blocks`, zero costs, with `policy`.
pub(super) fn cache(buffers: u32, blocks: u32, policy: &str) -> Cache {
    let text = format!(
        r#"{{ "version": 1, "title": "t", "profile": "8.1.6",
          "init": {{ "db_block_buffers": {buffers} }},
          "objects": [ {{ "name": "T", "type": "TABLE", "blocks": {blocks} }} ],
          "workload": {{ "kind": "random", "accesses": 1 }},
          "cost": {{ "logical_read_us": 0, "physical_read_ms": 0, "physical_write_ms": 1 }} }}"#
    );
    let mut c = Instance::build(&Scenario::parse(&text).unwrap())
        .unwrap()
        .cache;
    assert!(c.use_policy(policy), "{policy}");
    c
}

/// The buffers whose block changed since `before`.
pub(super) fn changed(c: &Cache, before: &[u32]) -> Vec<u32> {
    (0..before.len() as u32)
        .filter(|&i| c.b.dba[i as usize] != before[i as usize])
        .collect()
}

/// One read of block `block` of the first table.
pub(super) fn read(c: &mut Cache, block: u32) {
    c.access(&Access::read(0, block, Op::Read), 0, 0);
}

pub(super) fn replay(c: &mut Cache, trace: &[u32]) -> u64 {
    for (pos, &block) in trace.iter().enumerate() {
        c.access(&Access::read(0, block, Op::Read), pos as u64, pos as u64);
    }
    c.counters[PoolId::Default.index()].physical_reads
}

/// Textbook FIFO: a queue of `n` slots, a hit changes nothing, a miss evicts the oldest.
fn textbook_fifo(n: usize, trace: &[u32]) -> u64 {
    let (mut q, mut held, mut misses) = (VecDeque::new(), HashSet::new(), 0);
    for &x in trace {
        if held.contains(&x) {
            continue;
        }
        misses += 1;
        if q.len() == n {
            held.remove(&q.pop_front().unwrap());
        }
        q.push_back(x);
        held.insert(x);
    }
    misses
}

/// Textbook LRU, for the 8.0 policy without Oracle's probe and scan rules.
fn textbook_lru(n: usize, trace: &[u32]) -> u64 {
    let (mut q, mut misses) = (VecDeque::<u32>::new(), 0);
    for &x in trace {
        if let Some(k) = q.iter().position(|&y| y == x) {
            q.remove(k);
        } else {
            misses += 1;
            if q.len() == n {
                q.pop_back();
            }
        }
        q.push_front(x);
    }
    misses
}

pub(super) fn random_trace(seed: u64, len: usize, blocks: u32) -> Vec<u32> {
    let mut rng = Rng::new(seed);
    (0..len).map(|_| rng.below(blocks as u64) as u32).collect()
}

#[test]
fn every_profile_names_a_registered_policy() {
    for t in &TRAITS {
        assert!(
            NAMES.contains(&t.replacement),
            "profile {} names '{}'; registered: {NAMES:?}",
            t.profile.name(),
            t.replacement
        );
    }
    let mut names = NAMES.to_vec();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), NAMES.len(), "a name registered twice");
}

#[test]
fn every_policy_says_what_it_is_called_and_does() {
    let mut labels: Vec<&str> = POLICIES.iter().map(|p| p.label).collect();
    labels.sort_unstable();
    labels.dedup();
    assert_eq!(labels.len(), POLICIES.len(), "two policies with one label");
    for (p, name) in POLICIES.iter().zip(NAMES) {
        assert_eq!(p.name, *name);
        assert!(!p.label.is_empty() && !p.line.is_empty(), "{name}");
    }
}

#[test]
fn fifo_misses_equal_textbook_fifo_on_a_random_trace() {
    for (seed, buffers, blocks) in [(1, 50, 200), (7, 100, 130), (42, 64, 1000)] {
        let trace = random_trace(seed, 20_000, blocks);
        let mut c = cache(buffers, blocks, "fifo");
        assert_eq!(
            replay(&mut c, &trace),
            textbook_fifo(buffers as usize, &trace),
            "seed {seed}, {buffers} buffers, {blocks} blocks"
        );
    }
}

#[test]
fn fifo_differs_from_lru_where_recency_matters() {
    // A hot block between the blocks of a loop one longer than the cache leaves for it: LRU
    // keeps the hot block, FIFO ages it out in arrival order.
    let trace: Vec<u32> = (0..5_000).flat_map(|k| [0, 1 + (k % 50)]).collect();
    let fifo = replay(&mut cache(50, 51, "fifo"), &trace);
    let lru = replay(&mut cache(50, 51, "lru"), &trace);
    assert_eq!(fifo, textbook_fifo(50, &trace));
    assert_eq!(lru, textbook_lru(50, &trace));
    assert!(lru < fifo, "LRU {lru} misses, FIFO {fifo}");
}

#[test]
fn lru_policy_is_textbook_lru_on_single_block_reads() {
    let trace = random_trace(3, 20_000, 150);
    assert_eq!(
        replay(&mut cache(60, 150, "lru"), &trace),
        textbook_lru(60, &trace)
    );
}

#[test]
fn region_lengths_cover_the_list_and_name_every_buffer() {
    for name in NAMES {
        let mut c = cache(60, 180, name);
        c.record = false;
        replay(&mut c, &random_trace(9, 5_000, 180));
        let ws = &c.sets[0];
        let mut lens = Vec::new();
        c.repl.region_lengths(ws, &mut lens);
        assert_eq!(lens.len(), c.repl.regions().len(), "{name}");
        assert_eq!(lens.iter().sum::<u32>(), ws.len, "{name}");
        assert_eq!(c.repl.region_limits(ws).len(), lens.len(), "{name}");
        // Walking the list head first, each buffer is in the region the lengths say.
        let mut order = Vec::new();
        crate::buffer::cache::lists::repl_order(&c.b, ws, &mut order);
        let mut k = 0;
        for (r, &n) in lens.iter().enumerate() {
            for &i in &order[k..k + n as usize] {
                assert_eq!(c.repl.region_of(&c.b, i), r, "{name}: buffer {i}");
                assert_eq!(c.region(i), c.repl.regions()[r].name);
            }
            k += n as usize;
        }
    }
}
