//! The defaults the init.ora form shows (`init_ora::PARAMS`) are the ones both simulations
//! use when a parameter is unset.

use cachesim::buffer::cache::config::{CacheConfig, PoolId};
use cachesim::init_ora::{param_doc, size_bytes, InitOra};
use cachesim::library::Size;
use cachesim::{Profile, Scenario};

fn documented(name: &str) -> u64 {
    param_doc(name)
        .and_then(|p| p.default_number())
        .unwrap_or_else(|| panic!("{name}: no numeric default"))
}

#[test]
fn an_empty_init_gives_the_buffer_cache_its_documented_defaults() {
    for profile in Profile::ALL {
        let c = CacheConfig::resolve(profile, &InitOra::default()).unwrap();
        let default = c.pool(PoolId::Default).unwrap();
        let used: [(&str, u64); 12] = [
            ("db_block_buffers", c.total_buffers().into()),
            ("db_block_lru_latches", default.lru_latches.into()),
            ("_db_percent_hot_default", default.percent_hot.into()),
            ("db_block_size", c.db_block_size.into()),
            ("cpu_count", c.cpu_count.into()),
            ("_db_aging_hot_criteria", c.aging.hot_criteria.into()),
            ("_db_aging_stay_count", c.aging.stay_count.into()),
            ("_db_aging_cool_count", c.aging.cool_count.into()),
            (
                "_db_aging_touch_time",
                c.aging.touch_time_ns / 1_000_000_000,
            ),
            ("db_writer_processes", c.db_writer_processes.into()),
            ("_db_block_write_batch", c.write_batch.into()),
            ("_db_block_max_scan_pct", c.max_scan_pct.into()),
        ];
        for (name, value) in used {
            assert_eq!(value, documented(name), "{name} under {}", profile.name());
        }
    }
}

#[test]
fn an_empty_init_gives_the_library_cache_its_documented_defaults() {
    let s = Scenario::parse(
        r#"{ "version": 1, "title": "t", "profile": "8.1.6",
             "workload": { "kind": "sql_slammer" } }"#,
    )
    .unwrap();
    let (spec, _) = cachesim::library::spec_of(&s).unwrap();
    let pool = match &spec.shared_pool_size {
        Size::Bytes(n) => *n,
        Size::Text(t) => size_bytes(t).unwrap(),
    };
    assert_eq!(pool, documented("shared_pool_size"));
    assert_eq!(
        u64::from(spec.kgl_bucket_count),
        documented("_kgl_bucket_count")
    );
    assert_eq!(
        u64::from(spec.kgl_latch_count),
        documented("_kgl_latch_count")
    );
    assert_eq!(u64::from(spec.cpu_count), documented("cpu_count"));
}
