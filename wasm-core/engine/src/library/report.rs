//! The library cache report: V$LIBRARYCACHE (SQL AREA), V$SYSSTAT, V$LATCH rows, the shared
//! pool LRU and free-list statistics, and the elapsed times (seed 001 Table 3's rows).

use super::heap::BUCKET_MIN;
use super::sched::latch::LatchState;
use super::sched::Sim;
use serde::Serialize;
use ts_rs::TS;

/// V$LIBRARYCACHE, namespace SQL AREA.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "library/")]
pub struct SqlArea {
    pub namespace: String,
    #[ts(type = "number")]
    pub gets: u64,
    #[ts(type = "number")]
    pub gethits: u64,
    pub gethitratio: f64,
    #[ts(type = "number")]
    pub pins: u64,
    #[ts(type = "number")]
    pub pinhits: u64,
    pub pinhitratio: f64,
    #[ts(type = "number")]
    pub reloads: u64,
    /// Always 0: the model has no DDL to invalidate cursors.
    #[ts(type = "number")]
    pub invalidations: u64,
}

/// V$SYSSTAT rows: `parse count (total)`, `parse count (hard)`, `execute count`,
/// `CPU used by this session`, `recursive cpu usage` and `parse time cpu` (seconds, all
/// sessions).
///
/// How 8i counts CPU (docs/research/issue28-seed001.md, C1): `CPU used by this session` is the
/// CPU of a session's user calls, recursive calls included; `recursive cpu usage` is the CPU of
/// the recursive calls alone — Oracle's statistic description says to subtract it from `CPU
/// used by this session` to get the user calls' own CPU (quoted in Performance Co-Pilot's
/// Oracle agent, performancecopilot/pcp `src/pmdas/oracle/pmdaoracle.pl`); a depth-1
/// statement's CPU "will be recorded as both recursive SQL and server process SQL (statistics
/// CPU used by this session)" (Shallahamer, *Oracle Performance Firefighting*, ch. 5). Seed
/// 001's script selects both rows, and its "CPU used" is about twice the elapsed time on one
/// CPU: `cpu_with_recursive_s`, their sum, is that figure.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "library/")]
pub struct Sysstat {
    #[ts(type = "number")]
    pub parse_count_total: u64,
    #[ts(type = "number")]
    pub parse_count_hard: u64,
    #[ts(type = "number")]
    pub execute_count: u64,
    pub cpu_used_s: f64,
    /// `recursive cpu usage`: the CPU of the statements when they are recursive calls
    /// (`workload.recursive`), else 0.
    pub recursive_cpu_s: f64,
    /// `CPU used by this session` + `recursive cpu usage`, as seed 001's "CPU used" sums
    /// them: recursive CPU counted twice.
    pub cpu_with_recursive_s: f64,
    pub parse_time_cpu_s: f64,
}

/// One V$LATCH row (children summed). `sleep_rate = sleeps / gets`; `impact` is Steve Adams'
/// `latch_sleeps.sql` column, sleeps² / (misses − spin_gets): an approximate measure of the
/// relative time sleeping for the latch type.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "library/")]
pub struct LatchRow {
    pub name: String,
    pub children: u32,
    #[ts(type = "number")]
    pub gets: u64,
    #[ts(type = "number")]
    pub misses: u64,
    #[ts(type = "number")]
    pub sleeps: u64,
    #[ts(type = "number")]
    pub spin_gets: u64,
    pub wait_time_s: f64,
    pub sleep_rate: f64,
    pub impact: f64,
}

/// One shared pool free list (Steve Adams' `shared_pool_free_lists.sql`).
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "library/")]
pub struct FreeList {
    pub bucket: u32,
    /// Smallest chunk size on this list, bytes.
    pub min_size: u32,
    pub chunks: u32,
    #[ts(type = "number")]
    pub bytes: u64,
}

/// Shared pool memory and LRU statistics.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "library/")]
pub struct SharedPool {
    #[ts(type = "number")]
    pub size: u64,
    #[ts(type = "number")]
    pub free_bytes: u64,
    pub free_chunks: u32,
    /// Unpinned recreatable chunks on the LRU now.
    pub lru_chunks: u32,
    #[ts(type = "number")]
    pub allocations: u64,
    /// Chunks examined on free lists, all allocations (work under the shared pool latch).
    #[ts(type = "number")]
    pub chunks_examined: u64,
    pub mean_search_length: f64,
    /// Mean chunks examined per allocation of the handle, heap 0 and heap 6 of statements
    /// (the handle's walk is under the library cache latch too).
    pub search_by_piece: [f64; 3],
    /// Mean chunks examined per allocation once the pool is full (after the first flush):
    /// the steady state, without the filling phase.
    pub full_search_length: f64,
    pub max_search_length: u32,
    #[ts(type = "number")]
    pub flushed_chunks: u64,
    #[ts(type = "number")]
    pub lru_pins: u64,
    #[ts(type = "number")]
    pub lru_releases: u64,
    #[ts(type = "number")]
    pub pins_and_releases: u64,
    #[ts(type = "number")]
    pub ora_04031: u64,
    /// KEEP statements that did not fit at startup.
    pub keep_failed: u32,
    pub free_lists: Vec<FreeList>,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "library/")]
pub struct HashTable {
    pub buckets: u32,
    pub latches: u32,
    pub resizes: u32,
    pub longest_chain: u32,
    pub objects: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "library/")]
pub struct CacheReport {
    /// Session 0's elapsed time (the foreground run the seed's script times).
    pub elapsed_s: f64,
    /// When the last session finished.
    pub makespan_s: f64,
    pub done: bool,
    pub sql_area: SqlArea,
    pub sysstat: Sysstat,
    pub latches: Vec<LatchRow>,
    /// `latch free` wait time, all sessions, seconds.
    pub latch_free_wait_s: f64,
    /// Time sessions waited for another session to finish loading an object.
    pub load_lock_wait_s: f64,
    /// Preemptions of a session holding a latch: how contention starts on one CPU.
    #[ts(type = "number")]
    pub preemptions_holding_latch: u64,
    /// Sleepers woken by the session that freed their latch (latch wait posting).
    #[ts(type = "number")]
    pub latch_posts: u64,
    /// Statements that failed with ORA-04031.
    #[ts(type = "number")]
    pub failed_statements: u64,
    pub shared_pool: SharedPool,
    pub hash_table: HashTable,
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

fn latch_row(name: &str, rows: &[LatchState]) -> LatchRow {
    let sum = |f: fn(&LatchState) -> u64| rows.iter().map(f).sum::<u64>();
    let (gets, misses, sleeps, spin_gets) = (
        sum(|l| l.gets),
        sum(|l| l.misses),
        sum(|l| l.sleeps),
        sum(|l| l.spin_gets),
    );
    let waiting = misses.saturating_sub(spin_gets);
    LatchRow {
        name: name.into(),
        children: rows.len() as u32,
        gets,
        misses,
        sleeps,
        spin_gets,
        wait_time_s: sum(|l| l.wait_ns) as f64 / 1e9,
        sleep_rate: ratio(sleeps, gets),
        impact: if waiting == 0 {
            0.0
        } else {
            (sleeps * sleeps) as f64 / waiting as f64
        },
    }
}

impl Sim {
    pub fn report(&self) -> CacheReport {
        let c = &self.c;
        let s = &self.lib.stats;
        let h = &self.lib.heap;
        let nl = self.cfg.latches as usize;
        let latches = vec![
            latch_row("library cache", &self.latches[..nl]),
            latch_row("shared pool", &self.latches[nl..]),
        ];
        let latch_free_wait_s = self.latches.iter().map(|l| l.wait_ns).sum::<u64>() as f64 / 1e9;
        let free_lists: Vec<FreeList> = (0..BUCKET_MIN.len())
            .map(|b| FreeList {
                bucket: b as u32,
                min_size: BUCKET_MIN[b],
                chunks: h.free_list_len(b),
                bytes: h
                    .free_list(b)
                    .iter()
                    .map(|&c| u64::from(h.chunks[c as usize].size))
                    .sum(),
            })
            .collect();
        let cpu: u64 = self.sess.iter().map(|x| x.cpu_parse + x.cpu_exec).sum();
        let parse: u64 = self.sess.iter().map(|x| x.cpu_parse).sum();
        // Every CPU burst of a session is its statements' parse or execution: all of it is
        // recursive when the statements run under PL/SQL (the model has no separate cost for
        // the PL/SQL loop around them).
        let recursive = if self.cfg.spec.workload.recursive {
            cpu
        } else {
            0
        };
        let end = |x: &super::sched::Sess| x.finished_at.unwrap_or(self.now);
        CacheReport {
            elapsed_s: self.sess.first().map_or(0, end) as f64 / 1e9,
            makespan_s: self.sess.iter().map(end).max().unwrap_or(0) as f64 / 1e9,
            done: self.done(),
            sql_area: SqlArea {
                namespace: "SQL AREA".into(),
                gets: c.gets,
                gethits: c.gethits,
                gethitratio: ratio(c.gethits, c.gets),
                pins: c.pins,
                pinhits: c.pinhits,
                pinhitratio: ratio(c.pinhits, c.pins),
                reloads: c.reloads,
                invalidations: 0,
            },
            sysstat: Sysstat {
                parse_count_total: c.parse_total,
                parse_count_hard: c.parse_hard,
                execute_count: c.executions,
                cpu_used_s: cpu as f64 / 1e9,
                recursive_cpu_s: recursive as f64 / 1e9,
                cpu_with_recursive_s: (cpu + recursive) as f64 / 1e9,
                parse_time_cpu_s: parse as f64 / 1e9,
            },
            latches,
            latch_free_wait_s,
            load_lock_wait_s: c.load_wait_ns as f64 / 1e9,
            preemptions_holding_latch: c.preemptions_holding,
            latch_posts: c.latch_posts,
            failed_statements: c.failed,
            shared_pool: SharedPool {
                size: u64::from(h.size),
                free_bytes: free_lists.iter().map(|f| f.bytes).sum(),
                free_chunks: free_lists.iter().map(|f| f.chunks).sum(),
                lru_chunks: h.lru_len(),
                allocations: s.allocations,
                chunks_examined: s.examined,
                mean_search_length: ratio(s.examined, s.allocations),
                full_search_length: ratio(s.full_examined, s.full_allocations),
                search_by_piece: [0, 1, 2].map(|k| ratio(c.piece_examined[k], c.piece_allocs[k])),
                max_search_length: s.max_examined,
                flushed_chunks: s.flushed_chunks,
                lru_pins: s.lru_pins,
                lru_releases: s.lru_releases,
                pins_and_releases: s.lru_pins + s.lru_releases,
                ora_04031: s.ora_04031,
                keep_failed: self.keep_failed,
                free_lists,
            },
            hash_table: HashTable {
                buckets: self.lib.table.buckets(),
                latches: self.cfg.latches,
                resizes: self.lib.table.resizes,
                longest_chain: self.lib.table.longest_chain(),
                objects: self.lib.table.objects,
            },
        }
    }
}
