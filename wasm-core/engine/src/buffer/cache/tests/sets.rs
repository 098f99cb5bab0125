//! Working sets: LRU latches split a pool, misses go round robin, DBWRs share the sets.

use super::*;

#[test]
fn working_sets_split_equally_and_misses_go_round_robin() {
    let mut c = cache(
        "8.0",
        r#""db_block_buffers": 101, "db_block_lru_latches": 2"#,
    );
    assert_eq!((c.sets[0].size(), c.sets[1].size()), (51, 50));
    let sets: Vec<u32> = (0..4)
        .map(|b| {
            read(&mut c, 0, b)
                .iter()
                .find_map(|e| match e {
                    Event::Miss { set, .. } => Some(*set),
                    _ => None,
                })
                .unwrap()
        })
        .collect();
    assert_eq!(sets, vec![0, 1, 0, 1]);
}

#[test]
fn dbwrs_get_working_sets_round_robin_across_pools() {
    let c = cache(
        "8.0",
        r#""db_block_buffers": 300, "db_block_lru_latches": 3, "cpu_count": 1, "db_writer_processes": 2,
           "buffer_pool_keep": "(buffers:100,lru_latches:1)""#,
    );
    assert_eq!(c.dbwrs[0].sets, vec![0, 2]);
    assert_eq!(c.dbwrs[1].sets, vec![1]);
    assert_eq!(c.sets[2].pool, crate::buffer::cache::config::PoolId::Keep);
}

#[test]
fn the_set_of_a_buffer_is_found_from_the_set_ranges() {
    for init in [
        r#""db_block_buffers": 101"#,
        r#""db_block_buffers": 301, "db_block_lru_latches": 3"#,
        r#""db_block_buffers": 700, "buffer_pool_keep": "(buffers:150,lru_latches:2)", "buffer_pool_recycle": "(buffers:100,lru_latches:1)", "db_block_lru_latches": 6"#,
    ] {
        let c = cache("8.1.6", init);
        for i in 0..c.b.len() as u32 {
            assert_eq!(c.set_of(i), c.b.set[i as usize], "{init}: buffer {i}");
        }
    }
}
