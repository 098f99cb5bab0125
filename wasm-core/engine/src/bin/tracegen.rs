//! Seeded trace generator for the libCacheSim comparison (issue #12):
//! `tracegen --requests 10000000 --objects 1000000 --alpha 0.9 --seed 1 --format oracleGeneral --out FILE`.
//!
//! Zipf(alpha) over ranks 1..=objects by inverse CDF (cumulative weights 1/k^alpha, binary
//! search on a uniform draw); rank → object id through a seeded permutation of
//! 0..objects (so ids are dense in 0..objects and the trace contract's `direct` mapping
//! reads them as blocks). Formats (libCacheSim's, see its `traceReader/customizedReader`):
//! - `oracleGeneral`: 24-byte little-endian records
//!   `<u32 clock_time, u64 obj_id, u32 obj_size, i64 next_access_vtime>`, obj_size 4096
//!   (one block), next_access_vtime = index of the next request of the same object, -1 if
//!   none.
//! - `txt`: one id a line.
//! - `csv`: `time,obj_id` with a header.
//!
//! Time: 10,000 requests a second, request i at floor(i / 10,000) s (libCacheSim's
//! `cachesim` counts every request: its warm-up is off unless `--warmup-sec` is given).
//!
//! Prints nothing but a one-line summary on stderr.

use cachesim::buffer::cache::workload::Rng;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::process::exit;

/// Requests a second of the generated clock (stated: 10,000 a second).
const REQUESTS_PER_S: u64 = 10_000;
/// Every object is one 4 KiB block.
const OBJ_SIZE: u32 = 4096;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Format {
    OracleGeneral,
    Txt,
    Csv,
}

struct Args {
    requests: u64,
    objects: u64,
    alpha: f64,
    seed: u64,
    format: Format,
    out: String,
}

fn parse_args(argv: &[String]) -> Result<Args, String> {
    let mut a = Args {
        requests: 10_000_000,
        objects: 1_000_000,
        alpha: 0.9,
        seed: 1,
        format: Format::OracleGeneral,
        out: String::new(),
    };
    let mut i = 0;
    while i < argv.len() {
        let flag = argv[i].as_str();
        let value = argv
            .get(i + 1)
            .ok_or_else(|| format!("{flag} needs a value"))?;
        let num = |what: &str| -> Result<u64, String> {
            value
                .parse::<u64>()
                .map_err(|_| format!("{what} must be a whole number, got `{value}`"))
        };
        match flag {
            "--requests" => a.requests = num("--requests")?,
            "--objects" => a.objects = num("--objects")?,
            "--seed" => a.seed = num("--seed")?,
            "--alpha" => {
                a.alpha = value
                    .parse::<f64>()
                    .map_err(|_| format!("--alpha must be a number, got `{value}`"))?
            }
            "--format" => {
                a.format = match value.as_str() {
                    "oracleGeneral" => Format::OracleGeneral,
                    "txt" => Format::Txt,
                    "csv" => Format::Csv,
                    v => {
                        return Err(format!(
                            "--format `{v}`: expected oracleGeneral, txt or csv"
                        ))
                    }
                }
            }
            "--out" => a.out = value.clone(),
            f => return Err(format!("unknown flag `{f}`")),
        }
        i += 2;
    }
    if a.out.is_empty() {
        return Err("--out FILE is required".into());
    }
    if a.objects == 0 || a.objects > 1 << 32 {
        return Err(format!(
            "--objects must be 1..={}, got {}",
            1u64 << 32,
            a.objects
        ));
    }
    if !(a.alpha.is_finite() && (0.0..=10.0).contains(&a.alpha)) {
        return Err(format!("--alpha must be in 0..=10, got {}", a.alpha));
    }
    if a.requests > i64::MAX as u64 {
        return Err(format!("--requests must be at most {}", i64::MAX));
    }
    Ok(a)
}

/// Object ids of `requests` Zipf(alpha) requests over `objects` objects.
pub fn generate(requests: u64, objects: u64, alpha: f64, seed: u64) -> Vec<u64> {
    let mut rng = Rng::new(seed);
    // Cumulative weights of ranks 1..=objects.
    let mut cdf = Vec::with_capacity(objects as usize);
    let mut sum = 0.0f64;
    for k in 1..=objects {
        sum += (k as f64).powf(-alpha);
        cdf.push(sum);
    }
    // Rank (0-based) → id: Fisher–Yates shuffle of 0..objects.
    let mut perm: Vec<u64> = (0..objects).collect();
    for i in (1..perm.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        perm.swap(i, j);
    }
    (0..requests)
        .map(|_| {
            let u = rng.unit() * sum;
            let rank = cdf.partition_point(|&c| c <= u).min(cdf.len() - 1);
            perm[rank]
        })
        .collect()
}

/// The time of request `i` in seconds: floor(i / 10,000).
pub fn clock(i: u64) -> u32 {
    (i / REQUESTS_PER_S) as u32
}

/// For each request, the index of the next request of the same object, -1 if none (one
/// backward pass).
pub fn next_access(ids: &[u64], objects: u64) -> Vec<i64> {
    let mut last = vec![-1i64; objects as usize];
    let mut next = vec![-1i64; ids.len()];
    for (i, &id) in ids.iter().enumerate().rev() {
        next[i] = last[id as usize];
        last[id as usize] = i as i64;
    }
    next
}

fn write(a: &Args, ids: &[u64]) -> std::io::Result<u64> {
    let mut w = BufWriter::with_capacity(1 << 20, File::create(&a.out)?);
    match a.format {
        Format::OracleGeneral => {
            let next = next_access(ids, a.objects);
            let mut rec = [0u8; 24];
            for (i, (&id, &nx)) in ids.iter().zip(&next).enumerate() {
                let t = clock(i as u64);
                rec[0..4].copy_from_slice(&t.to_le_bytes());
                rec[4..12].copy_from_slice(&id.to_le_bytes());
                rec[12..16].copy_from_slice(&OBJ_SIZE.to_le_bytes());
                rec[16..24].copy_from_slice(&nx.to_le_bytes());
                w.write_all(&rec)?;
            }
        }
        Format::Txt => {
            for id in ids {
                writeln!(w, "{id}")?;
            }
        }
        Format::Csv => {
            writeln!(w, "time,obj_id")?;
            for (i, id) in ids.iter().enumerate() {
                writeln!(w, "{},{id}", clock(i as u64))?;
            }
        }
    }
    w.flush()?;
    Ok(std::fs::metadata(&a.out)?.len())
}

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let a = match parse_args(&argv) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("tracegen: {e}");
            eprintln!(
                "usage: tracegen --requests N --objects M --alpha A --seed S --format oracleGeneral|txt|csv --out FILE"
            );
            exit(2);
        }
    };
    let ids = generate(a.requests, a.objects, a.alpha, a.seed);
    match write(&a, &ids) {
        Ok(bytes) => eprintln!(
            "tracegen: {} requests, zipf({}) over {} objects, seed {}, {:?} → {} ({} bytes)",
            a.requests, a.alpha, a.objects, a.seed, a.format, a.out, bytes
        ),
        Err(e) => {
            eprintln!("tracegen: writing {}: {e}", a.out);
            exit(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_trace_other_seed_other_trace() {
        let a = generate(5_000, 1_000, 0.9, 7);
        assert_eq!(a, generate(5_000, 1_000, 0.9, 7));
        assert_ne!(a, generate(5_000, 1_000, 0.9, 8));
    }

    #[test]
    fn ids_in_range_and_skewed() {
        let ids = generate(20_000, 500, 0.9, 1);
        assert!(ids.iter().all(|&id| id < 500));
        let mut counts = vec![0u32; 500];
        for &id in &ids {
            counts[id as usize] += 1;
        }
        counts.sort_unstable();
        // Zipf(0.9) over 500: the top object takes about 1/H(500, 0.9) ≈ 10% of requests.
        let top = counts[499] as f64 / 20_000.0;
        assert!((0.07..0.14).contains(&top), "top share {top}");
    }

    #[test]
    fn next_access_is_the_next_index_of_the_same_object() {
        let ids = [3, 1, 3, 2, 1, 3];
        assert_eq!(next_access(&ids, 4), vec![2, 4, 5, -1, -1, -1]);
    }

    #[test]
    fn ten_thousand_requests_a_second() {
        assert_eq!(
            (clock(0), clock(9_999), clock(10_000), clock(25_000)),
            (0, 0, 1, 2)
        );
    }

    #[test]
    fn bad_flags_name_the_parameter() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let e = parse_args(&s(&["--objects", "0", "--out", "x"]))
            .err()
            .unwrap();
        assert!(e.contains("--objects"), "{e}");
        let e = parse_args(&s(&["--format", "bin", "--out", "x"]))
            .err()
            .unwrap();
        assert!(e.contains("--format"), "{e}");
        assert!(parse_args(&s(&["--seed", "1"]))
            .err()
            .unwrap()
            .contains("--out"));
    }
}
