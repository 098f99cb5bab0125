//! The I/O layer's rules: what each read costs and where it comes from.

use super::*;
use crate::profile::Profile;
use crate::scenario::segment::CostNs;

fn io(os_blocks: u64) -> Io {
    let cfg = IoConfig {
        profile: Profile::V10_2_0_5,
        serial_direct_read: SerialDirectRead::Auto,
        event_10358: 0,
        event_10949: 0,
        small_table_threshold: 20,
        keep_buffers: 0,
        db_block_size: 8192,
        filesystemio_options: if os_blocks > 0 { "NONE" } else { "SETALL" },
        os_cache_blocks: os_blocks,
        host_memory: 0,
    };
    let cost = CostNs {
        logical_read: 0,
        physical_read: 9_000_000,
        physical_write: 0,
        direct_mb_s: 64.0,
        os_cache_read: 20_000,
    };
    Io::new(cfg, &cost)
}

#[test]
fn a_multiblock_request_is_charged_once_on_its_first_disk_block() {
    let mut io = io(0);
    io.start_request();
    assert_eq!(io.read(1, true).source, ReadSource::Disk);
    assert_eq!(io.read(2, true).source, ReadSource::Rides);
    assert_eq!(io.read(3, false).source, ReadSource::Disk);
    assert_eq!(io.n.disk_requests, 2);
    assert_eq!(io.n.read_ns, 18_000_000);
}

#[test]
fn an_os_cache_hit_costs_a_copy_not_a_disk_wait() {
    let mut io = io(4);
    assert_eq!(io.read(7, false).source, ReadSource::Disk);
    let r = io.read(7, false);
    assert_eq!((r.source, r.ns), (ReadSource::OsCache, 20_000));
    assert_eq!(
        (io.n.os_hits, io.n.os_misses, io.n.disk_requests),
        (1, 1, 1)
    );
}

#[test]
fn a_direct_read_moves_a_block_at_the_direct_throughput() {
    let mut io = io(0);
    let r = io.read_direct(5);
    // 8192 bytes at 64 MiB/s = 122.07 µs
    assert_eq!((r.source, r.ns), (ReadSource::Disk, 122_070));
    assert_eq!(io.n.physical_reads_direct, 1);
}

#[test]
fn an_evicted_os_page_names_the_buffer_that_held_its_block() {
    let mut io = io(1);
    io.read(1, false);
    io.attach(1, 42);
    assert_eq!(io.double_buffered(), 1);
    assert_eq!(io.read(2, false).evicted_buf, 42);
    assert_eq!(io.double_buffered(), 0);
}
