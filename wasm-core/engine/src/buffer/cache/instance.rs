//! A buffer cache scenario turned into a cache and a workload.

use super::config::{CacheConfig, PoolId};
use super::workload::Generator;
use super::Cache;
use crate::error::{Result, SimError};
use crate::init_ora::{InitOra, ParamArea};
use crate::io::IoConfig;
use crate::scenario::segment::check_segments;
use crate::scenario::Scenario;

/// A scenario turned into a cache and a workload, with the notes the run should show.
pub struct Instance {
    pub cache: Cache,
    pub generator: Generator,
    pub notes: Vec<String>,
    /// A sampled run's filter and its full-size configuration (None: exact).
    pub sampling: Option<Sampling>,
}

/// A sampled run (docs/model.md §3.4): the filter's rate and threshold, and the configuration
/// the sampled cache stands for.
#[derive(Debug, Clone)]
pub struct Sampling {
    /// The rate the scenario asked for.
    pub rate: f64,
    /// `round(rate × P)`: a block is kept when its hash mod P is below it.
    pub threshold: u64,
    /// The full-size configuration (the cache's own is [`CacheConfig::sampled`] of it).
    pub full: CacheConfig,
    /// The smallest working set of the scenario (Oracle's 50).
    pub per_latch: u64,
}

impl Sampling {
    /// Whether the sample keeps block `block` of segment `seg` (its data block address
    /// hashed: `common::sample`).
    #[inline]
    pub fn keeps(&self, seg: u32, block: u32) -> bool {
        crate::common::sample::keeps(super::hash::dba(seg, block) as u64, self.threshold)
    }

    /// The rate the filter keeps: threshold / P.
    pub fn effective_rate(&self) -> f64 {
        self.threshold as f64 / crate::common::sample::P as f64
    }
}

impl Instance {
    pub fn build(s: &Scenario) -> Result<Instance> {
        if matches!(s.workload, crate::scenario::WorkloadSpec::SqlSlammer(_)) {
            return Err(SimError::new(
                "workload.kind",
                "sql_slammer is a library cache workload: run it as a library cache scenario",
            ));
        }
        let init = s.init_ora()?;
        let mut cfg = CacheConfig::for_scenario(s, &init)?;
        if let Some(name) = &s.policy {
            cfg.policy = check_policy(name)?.to_string();
        }
        check_segments(&s.objects)?;
        let mut segs = s.objects.clone();
        let mut notes: Vec<String> = init.foreign_notes(ParamArea::BufferCache);
        for seg in &mut segs {
            if cfg.pool(seg.buffer_pool).is_none() {
                notes.push(format!(
                    "{} is assigned to the {} pool, which has no buffers: its blocks use DEFAULT, as Oracle does",
                    seg.name,
                    seg.buffer_pool.name()
                ));
                seg.buffer_pool = PoolId::Default;
            }
        }
        if cfg.aging.freeze_cr {
            notes.push(
                "_db_aging_freeze_cr = TRUE changes nothing here: the model makes no CR clones"
                    .into(),
            );
        }
        let generator = Generator::new(&s.workload, &segs, cfg.multiblock_read_count, s.profile)?;
        let cost = s.cost.to_ns()?;
        let io = IoConfig::resolve(s.profile, &init, cfg.io_sizes())?;
        notes.extend(io.notes(&init));
        let host = build_host(s, &init, &cfg, &generator, &cost, &mut notes)?;
        let (cfg, cost, io, sampling) = match s.sampling_rate()? {
            None => (cfg, cost, io, None),
            Some(rate) => {
                check_sampled(s, host.is_some())?;
                let per_latch = s.buffers_per_latch();
                let mut io = io;
                io.os_cache_blocks = (io.os_cache_blocks as f64 * rate).round() as u64;
                let sampled = cfg.sampled(rate, per_latch);
                let threshold = crate::common::sample::threshold(rate);
                notes.push(sampled_note(&cfg, &sampled, rate));
                let sampling = Sampling {
                    rate,
                    threshold,
                    full: cfg,
                    per_latch,
                };
                (sampled, cost.sampled(rate), io, Some(sampling))
            }
        };
        let mut cache = Cache::with_io(cfg, segs, cost, io);
        cache.script = std::rc::Rc::from(generator.controls());
        cache.host = host;
        cache.sample_rate = sampling.as_ref().map(|s| s.rate);
        Ok(Instance {
            cache,
            generator,
            notes,
            sampling,
        })
    }
}

/// The host of a run (docs/model.md §3): with a `host` section, its memory; with `oltp_batch`,
/// its one CPU shared by the jobs. Neither: None, and the run is as before.
fn build_host(
    s: &Scenario,
    init: &InitOra,
    cfg: &CacheConfig,
    generator: &Generator,
    cost: &crate::scenario::segment::CostNs,
    notes: &mut Vec<String>,
) -> Result<Option<Box<crate::host::Host>>> {
    let lock_sga = init.boolean("lock_sga")?.unwrap_or(false);
    let pre_page_sga = init.boolean("pre_page_sga")?.unwrap_or(false);
    let (jobs, concurrent) = match generator {
        Generator::OltpBatch(g) => (g.jobs, true),
        _ => (1, false),
    };
    if s.host.is_none() {
        for (name, set) in [("lock_sga", lock_sga), ("pre_page_sga", pre_page_sga)] {
            if set {
                notes.push(format!(
                    "{name} = TRUE changes nothing here: the scenario has no host section, so memory is unlimited and nothing pages"
                ));
            }
        }
        if !concurrent {
            return Ok(None);
        }
    }
    if concurrent && init.int("cpu_count")?.unwrap_or(1) > 1 {
        notes.push("oltp_batch runs its jobs on one CPU: cpu_count is not used".into());
    }
    crate::host::Host::new(
        s.host.as_ref(),
        cfg.total_buffers() as u64,
        cfg.db_block_size as u64,
        jobs,
        concurrent,
        lock_sga,
        pre_page_sga,
        cost.physical_read,
    )
    .map(|h| Some(Box::new(h)))
}

/// What a sampled run cannot stand for: a host's paging follows every page of the real SGA,
/// and `oltp_batch`'s jobs interleave by the waits of every access.
fn check_sampled(s: &Scenario, host: bool) -> Result<()> {
    let why = if s.host.is_some() {
        "a scenario with a host section: paging follows every page of the full SGA"
    } else if host {
        "an oltp_batch workload: its jobs interleave by the waits of every access"
    } else {
        return Ok(());
    };
    Err(SimError::new(
        "sampling",
        format!("a sampled run cannot stand for {why}; run it exact (remove sampling)"),
    ))
}

/// The note of a sampled run: the rate and each pool's sampled size.
fn sampled_note(full: &CacheConfig, sampled: &CacheConfig, rate: f64) -> String {
    let g = crate::common::grouped;
    let pools: Vec<String> = full
        .pools
        .iter()
        .zip(&sampled.pools)
        .map(|(f, p)| {
            let floor = if (f.buffers as f64 * rate).round() < p.buffers as f64 {
                " (the floor: larger than its share, so its figures lean low on misses)"
            } else {
                ""
            };
            format!(
                "{} {} of {} buffers{floor}",
                f.id.name(),
                g(p.buffers as u64),
                g(f.buffers as u64)
            )
        })
        .collect();
    format!(
        "sampled at {rate}: the blocks whose hash falls in {rate} of the hash space, through a \
         cache of {} ({}); the figures are estimates scaled by 1/{rate}",
        g(sampled.total_buffers() as u64),
        pools.join(", ")
    )
}

/// The scenario's `policy`, if it names a registered replacement policy.
pub fn check_policy(name: &str) -> Result<&'static str> {
    let names = crate::buffer::cache::replacement::NAMES;
    names.iter().copied().find(|n| *n == name).ok_or_else(|| {
        SimError::new(
            "policy",
            format!(
                "'{}' is not a replacement policy; the policies are {}",
                crate::error::echo(name),
                names.join(", ")
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::Profile;
    use crate::scenario::segment::Cost;

    const OK: &str = r#"{ "version": 1, "title": "t", "profile": "8.1.5",
        "init": { "db_block_buffers": 100 },
        "objects": [ { "name": "T", "type": "TABLE", "blocks": 500 } ],
        "workload": { "kind": "random", "accesses": 10 } }"#;

    #[test]
    fn a_good_scenario_parses_and_builds() {
        let s = Scenario::parse(OK).unwrap();
        assert_eq!(s.profile, Profile::V8_1_5);
        assert_eq!(s.cost, Cost::default());
        Instance::build(&s).unwrap();
    }

    #[test]
    fn errors_name_the_field_path() {
        let cases = [
            (OK.replace("\"version\": 1", "\"version\": 2"), "version"),
            (
                OK.replace("\"blocks\": 500", "\"blocks\": \"many\""),
                "objects[0].blocks",
            ),
            (OK.replace("\"8.1.5\"", "\"9i\""), "profile"),
            (OK.replace("\"random\"", "\"randm\""), "workload.kind"),
            (
                OK.replace("\"accesses\": 10", "\"accesses\": 10, \"bogus\": 1"),
                "workload.bogus",
            ),
            (OK.replace("\"TABLE\"", "\"VIEW\""), "objects[0].type"),
        ];
        for (text, path) in cases {
            let e = Scenario::parse(&text).unwrap_err();
            assert_eq!(e.path, path, "{e}");
        }
    }

    #[test]
    fn semantic_errors_name_the_field() {
        let s = Scenario::parse(&OK.replace(
            "\"accesses\": 10",
            "\"accesses\": 10, \"segments\": [\"NOPE\"]",
        ))
        .unwrap();
        let e = Instance::build(&s).err().unwrap();
        assert_eq!(e.path, "workload.segments[0]");
        let s = Scenario::parse(&OK.replace("100 }", "100, \"_db_percent_hot_default\": 120 }"))
            .unwrap();
        assert_eq!(
            Instance::build(&s).err().unwrap().path,
            "init._db_percent_hot_default"
        );
    }

    #[test]
    fn unconfigured_pool_falls_back_to_default_with_a_note() {
        let s = Scenario::parse(&OK.replace(
            "\"blocks\": 500",
            "\"blocks\": 500, \"buffer_pool\": \"KEEP\"",
        ))
        .unwrap();
        let i = Instance::build(&s).unwrap();
        assert_eq!(i.cache.segs[0].buffer_pool, PoolId::Default);
        assert!(i.notes[0].contains("KEEP"));
    }
}
