//! Seed 002 from the mechanism: 15 batch jobs on one CPU over an MVS host with 128 MB of
//! central and 256 MB of expanded storage, `db_block_buffers` from 10,000 to 100,000. The
//! shape the paper reports, not a tuned figure: the costs are stated in the scenarios'
//! descriptions.

use crate::common;

use cachesim::buffer::Report;

const SIZES: [u32; 5] = [10_000, 25_000, 50_000, 75_000, 100_000];

fn run(n: u32) -> Report {
    let r = common::run_to_end(&format!("seed002-mvs-{n}")).report();
    let h = r.host.as_ref().unwrap();
    let m = h.memory.as_ref().unwrap();
    eprintln!(
        "{n:>7} buffers: hit {:.2}% tps {:.1} cpu {:.3} to-expanded {:.1}/s page-ins {:.1}/s \
         migrations {:.1}/s disk page-ins {:.1}/s hits paged out {}",
        r.total.hit_ratio.unwrap() * 100.0,
        h.tps.unwrap(),
        h.cpu_busy.unwrap(),
        m.pages_to_expanded_per_s,
        m.page_ins_per_s,
        m.migrations_per_s,
        m.disk_page_ins_per_s,
        m.hits_paged_out,
    );
    r
}

#[test]
fn throughput_peaks_at_50k_to_75k_buffers_and_falls_when_migration_starts() {
    let reports: Vec<Report> = SIZES.iter().map(|&n| run(n)).collect();
    let tps: Vec<f64> = reports
        .iter()
        .map(|r| r.host.as_ref().unwrap().tps.unwrap())
        .collect();
    let hit: Vec<f64> = reports.iter().map(|r| r.total.hit_ratio.unwrap()).collect();
    let mig: Vec<f64> = reports
        .iter()
        .map(|r| {
            r.host
                .as_ref()
                .unwrap()
                .memory
                .as_ref()
                .unwrap()
                .migrations_per_s
        })
        .collect();
    // the hit ratio rises with the cache
    assert!(hit.windows(2).all(|w| w[1] > w[0]), "hit ratios {hit:?}");
    // throughput rises with the hit ratio from 10,000 buffers to the 50,000–75,000 plateau …
    assert!(
        tps[0] < tps[1] && tps[0] < tps[2] && tps[2] < tps[3],
        "tps {tps:?}"
    );
    // … is highest at 50,000 or 75,000, and falls at 100,000, where migration starts
    let best = tps.iter().cloned().fold(f64::MIN, f64::max);
    assert!(best == tps[2] || best == tps[3], "tps {tps:?}");
    assert!(tps[4] < tps[2] && tps[4] < tps[3], "tps {tps:?}");
    // page migration only at 100,000 buffers
    assert!(mig[..4].iter().all(|&m| m == 0.0), "migrations {mig:?}");
    assert!(mig[4] > 0.0, "migrations {mig:?}");
    // Hit ratios: the paper's 90 % and 93 %. Classic LRU with the eleven gets of a
    // transaction gives about 86 % and 88 %: the model holds only part of the index at these
    // sizes (see the scenarios' paper notes). This bounds the known shortfall; it is not the
    // issue's 3 points.
    assert!((0.84..=0.90).contains(&hit[2]), "hit at 50,000: {}", hit[2]);
    assert!((0.86..=0.93).contains(&hit[3]), "hit at 75,000: {}", hit[3]);
}
