//! The `workload` object of a scenario turned into a generator, with its checks.

use super::{trace, Generator, IndexRange, Mix, Random, Rng, Scan, Script, Stuffer};
use crate::error::{Result, SimError};
use crate::profile::Profile;
use crate::scenario::segment::{find_segment, Segment};
use crate::scenario::workload::{Distribution, WorkloadSpec};
use std::rc::Rc;

fn number(path: &str, v: f64, max: f64) -> Result<f64> {
    if !v.is_finite() || v < 0.0 || v > max {
        return Err(SimError::new(path, format!("{v} is outside 0..={max}")));
    }
    Ok(v)
}

fn positive(path: &str, v: u64) -> Result<u64> {
    if v == 0 {
        return Err(SimError::new(path, "must be at least 1"));
    }
    Ok(v)
}

pub(super) fn build(
    spec: &WorkloadSpec,
    segs: &[Segment],
    mbrc: u32,
    profile: Profile,
    path: &str,
) -> Result<Generator> {
    let p = |f: &str| format!("{path}.{f}");
    Ok(match spec {
        WorkloadSpec::BufferStuffer {
            buffs_per_stuff,
            sleep_secs,
            total_stuffs,
            set_rand,
            seed,
            large_table,
            large_index,
            lookup_table,
            lookup_index,
            lookup_rows,
        } => {
            let [m, a, c] = *set_rand;
            if !(2..=1 << 31).contains(&m) || a == 0 || a >= m || c >= m {
                return Err(SimError::new(
                        p("set_rand"),
                        format!("[{m}, {a}, {c}]: need 2 ≤ modulus ≤ 2^31, 0 < multiplier < modulus, increment < modulus"),
                    ));
            }
            let mut objs = [(0, 0); 4];
            for (k, (name, field)) in [
                (large_table, "large_table"),
                (large_index, "large_index"),
                (lookup_table, "lookup_table"),
                (lookup_index, "lookup_index"),
            ]
            .into_iter()
            .enumerate()
            {
                let s = find_segment(segs, name, &p(field))?;
                objs[k] = (s, segs[s as usize].blocks);
            }
            let lookup_blocks = objs[2].1;
            let rows = lookup_rows.unwrap_or(lookup_blocks);
            if rows == 0 || rows > lookup_blocks {
                return Err(SimError::new(
                        p("lookup_rows"),
                        format!("{rows} is outside 1..={lookup_blocks} (one row per block of {lookup_table})"),
                    ));
            }
            Generator::Stuffer(Stuffer {
                m,
                a,
                c,
                key: seed % m,
                per_batch: positive(&p("buffs_per_stuff"), *buffs_per_stuff as u64)?,
                batches: positive(&p("total_stuffs"), *total_stuffs as u64)?,
                done: 0,
                sleep_ns: (number(&p("sleep_secs"), *sleep_secs, 3600.0)? * 1e9).round() as u64,
                objs,
                lookup_rows: rows,
            })
        }
        WorkloadSpec::Random {
            accesses,
            segments,
            distribution,
            zipf_s,
            write_pct,
            think_us,
            seed,
        } => {
            let chosen: Vec<u32> = match segments {
                None => (0..segs.len() as u32).collect(),
                Some(names) if names.is_empty() => {
                    return Err(SimError::new(p("segments"), "names no object"))
                }
                Some(names) => names
                    .iter()
                    .enumerate()
                    .map(|(k, n)| find_segment(segs, n, &format!("{path}.segments[{k}]")))
                    .collect::<Result<_>>()?,
            };
            let mut first = 0u64;
            let mut list = Vec::new();
            for s in chosen {
                list.push((s, first));
                first += segs[s as usize].blocks as u64;
            }
            let zipf_s = number(&p("zipf_s"), *zipf_s, 10.0)?;
            // up to 10,000,000 blocks an alias table (exact weights, one draw); past that,
            // rejection-inversion (no table: the terabytes of a sampled run)
            let (alias, large_zipf) = match distribution {
                Distribution::Uniform => (None, None),
                Distribution::Zipf if first > 10_000_000 => {
                    (None, Some(super::random::ZipfRejection::new(first, zipf_s)))
                }
                Distribution::Zipf => {
                    let weights: Vec<f64> = (1..=first)
                        .map(|r| 1.0 / libm::pow(r as f64, zipf_s))
                        .collect();
                    (Some(Rc::new(super::Alias::new(&weights))), None)
                }
            };
            Generator::Random(Random {
                rng: Rng::new(*seed),
                left: *accesses,
                segs: list,
                total_blocks: first,
                alias,
                large_zipf,
                write_share: number(&p("write_pct"), *write_pct, 100.0)? / 100.0,
                think_ns: (number(&p("think_us"), *think_us, 1e9)? * 1e3).round() as u64,
            })
        }
        WorkloadSpec::Scan {
            segment,
            times,
            cache_hint,
            sleep_ms,
        } => {
            let s = find_segment(segs, segment, &p("segment"))?;
            Generator::Scan(Scan {
                seg: s,
                blocks: segs[s as usize].blocks,
                left: *times,
                mbrc,
                hint: *cache_hint,
                sleep_ns: (number(&p("sleep_ms"), *sleep_ms, 3.6e6)? * 1e6).round() as u64,
            })
        }
        WorkloadSpec::Mix {
            executions,
            seed,
            parts,
        } => {
            if parts.is_empty() {
                return Err(SimError::new(p("parts"), "a mix needs at least one part"));
            }
            let mut weights = Vec::new();
            let mut gens = Vec::new();
            for (k, part) in parts.iter().enumerate() {
                let pp = format!("{path}.parts[{k}]");
                let w = number(&format!("{pp}.weight"), part.weight, 1e9)?;
                if w == 0.0 {
                    return Err(SimError::new(format!("{pp}.weight"), "must be above 0"));
                }
                if matches!(part.workload, WorkloadSpec::Mix { .. }) {
                    return Err(SimError::new(
                        format!("{pp}.workload.kind"),
                        "a mix cannot contain another mix",
                    ));
                }
                if matches!(part.workload, WorkloadSpec::OltpBatch { .. }) {
                    return Err(SimError::new(
                        format!("{pp}.workload.kind"),
                        "a mix cannot contain oltp_batch (its jobs run concurrently)",
                    ));
                }
                if matches!(part.workload, WorkloadSpec::Script { .. }) {
                    return Err(SimError::new(
                        format!("{pp}.workload.kind"),
                        "a mix cannot contain a script",
                    ));
                }
                let g = build(
                    &part.workload,
                    segs,
                    mbrc,
                    profile,
                    &format!("{pp}.workload"),
                )?;
                if !g.clone().next_exec(&mut Vec::new()) {
                    return Err(SimError::new(
                        format!("{pp}.workload"),
                        "this part has no execution to give",
                    ));
                }
                weights.push(w);
                gens.push(g);
            }
            Generator::Mix(Mix {
                rng: Rng::new(*seed),
                left: *executions,
                weights,
                parts: gens.clone(),
                fresh: gens,
            })
        }
        WorkloadSpec::Trace { csv } => Generator::Trace(trace::parse(csv, segs, &p("csv"))?),
        WorkloadSpec::Script { steps } => {
            Generator::Script(Script::build(steps, segs, mbrc, profile, path, build)?)
        }
        WorkloadSpec::IndexRange {
            table,
            index,
            ranges,
            rows_per_range,
            rows_per_block,
            clustered,
            seed,
        } => {
            let t = find_segment(segs, table, &p("table"))?;
            let i = find_segment(segs, index, &p("index"))?;
            if segs[i as usize].blocks < 2 {
                return Err(SimError::new(
                    p("index"),
                    "an index needs at least 2 blocks (a root and a leaf)",
                ));
            }
            if !(1..=10_000).contains(rows_per_block) {
                return Err(SimError::new(
                    p("rows_per_block"),
                    format!("{rows_per_block} is outside 1..=10000"),
                ));
            }
            let rows = segs[t as usize].blocks as u64 * *rows_per_block as u64;
            if *rows_per_range == 0 || *rows_per_range as u64 > rows {
                return Err(SimError::new(
                    p("rows_per_range"),
                    format!("{rows_per_range} is outside 1..={rows} (the table's rows)"),
                ));
            }
            Generator::IndexRange(IndexRange {
                rng: Rng::new(*seed),
                left: *ranges,
                table: (t, segs[t as usize].blocks),
                index: (i, segs[i as usize].blocks),
                rows,
                rows_per_range: *rows_per_range,
                rows_per_block: *rows_per_block,
                clustered: *clustered,
            })
        }
        WorkloadSpec::OltpBatch {
            jobs,
            transactions,
            warmup_transactions,
            table,
            index,
            rows_per_block,
            index_branch_blocks,
            insert_table,
            insert_rows_per_block,
            rollback_segment,
            undo_per_block,
            txn_cpu_us,
            seed,
        } => super::oltp_batch::build(
            &super::oltp_batch::Spec {
                jobs: *jobs,
                transactions: *transactions,
                warmup: *warmup_transactions,
                table,
                index,
                rows_per_block: *rows_per_block,
                branches: *index_branch_blocks,
                insert_table,
                insert_rows_per_block: *insert_rows_per_block,
                rollback_segment,
                undo_per_block: *undo_per_block,
                txn_cpu_us: number(&p("txn_cpu_us"), *txn_cpu_us, 1e7)?,
                seed: *seed,
            },
            segs,
            path,
        )?,
        WorkloadSpec::SqlSlammer(_) => return Err(SimError::new(
            p("kind"),
            "sql_slammer drives the library cache: it cannot be part of a buffer cache workload",
        )),
    })
}
