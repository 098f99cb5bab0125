//! What the cache does around its replacement policy (docs/model.md §1): a hit counted in its
//! pool (or an examination, `probes.rs`), a buffer for a miss found by the victim scan from
//! the eviction end (dirty buffers to the write list, a free buffer wait when the scan gives
//! up), a block read placed on the list. What a hit does, where a block goes and which clean
//! buffer is the victim is the policy's (`replacement/`). Each rule names the init.ora
//! parameter it reads.

use super::events::{Event, Get, Op, Probe, Touch};
use super::lists::{self, flag, NIL};
use super::replacement::{Cx, Policy, Recorder, Verdict};
use super::Cache;

/// What a victim scan ended with.
enum Scan {
    Victim(u32),
    /// `_db_block_max_scan_pct` of the set was inspected without finding a clean buffer.
    Exhausted,
}

impl Cache {
    /// A hit. Issue #13's rules (probes.rs, with their sources) first: an index probe the
    /// profile makes an examination is not counted in the pool (`probe_examination`) and,
    /// like an 8.0 index block's hit (`index_hit_stays`), does not relink; then the policy
    /// says what the hit does (8.0: move to the MRU head; 8i: tch += 1 at most once per
    /// `_db_aging_touch_time`).
    /// Under policy `P`; `PLAIN`: a plain read's (`Cache::access_as`).
    pub(super) fn hit<P: Policy, const PLAIN: bool>(&mut self, i: u32, op: Op, probe: Probe) {
        let set = self.set_of(i);
        let pool = self.pool_of_set(set);
        // probe_examination: read under the chains latch alone — no pin, no LRU latch, no
        // pool get (init.ora switch probe_examination).
        let examination = op != Op::Write && self.probes.examines(probe);
        let get = if examination {
            Get::Examination
        } else {
            self.count_get(pool, op);
            Get::Pinned
        };
        // The touch count and its time are read for the event only when recording: two cache
        // misses less on every hit of a large cache.
        let (tch_before, since) = if self.recording::<PLAIN>() {
            (
                self.b.tch[i as usize],
                self.now.saturating_sub(self.b.tim[i as usize]),
            )
        } else {
            (0, 0)
        };
        // index_hit_stays (8.0): an index block's hit, or an examination, stays in place
        // (init.ora switch index_hit_relink).
        let relink = !examination && self.probes.relink[probe as usize];
        let touch = {
            let (repl, mut cx) = self.policy_cx::<P, PLAIN>(set);
            repl.hit(&mut cx, i, relink)
        };
        if matches!(touch, Touch::MovedToHead | Touch::Moved) {
            self.sets[set as usize].lru_gets += 1; // the relink holds the set's LRU latch
        }
        self.release_dropped::<P, PLAIN>(set);
        let tch_after = if self.recording::<PLAIN>() {
            self.b.tch[i as usize]
        } else {
            0
        };
        self.emit_in::<PLAIN>(|| Event::Hit {
            buf: i,
            pool,
            tch_before,
            tch_after,
            touch,
            get,
            since_touch_ns: since,
        });
        // (LIRS may have let the buffer go with its hit: nothing left to change)
        if op == Op::Write && !self.b.has(i, flag::FREE) {
            self.change(i);
        }
    }

    /// A buffer for a block read from disk: a never-used one if the set has one, else the
    /// victim of a scan from the cold tail; when the scan gives up, post DBWR and wait
    /// (free buffer wait), then scan again.
    /// `None` if a wait took the clock past its limit, or if the model is wrong (no clean
    /// buffer after a thousand rounds): the cache records a [`crate::SimError`] in `fault` and
    /// the run stops there.
    pub(super) fn get_buffer<P: Policy, const PLAIN: bool>(&mut self, set: u32) -> Option<u32> {
        let ws = &mut self.sets[set as usize];
        ws.lru_gets += 1; // the foreground finds its buffer holding the set's LRU latch
        if let Some(i) = ws.freed.pop() {
            self.b.flags[i as usize] &= !flag::FREE;
            self.emit_in::<PLAIN>(|| Event::FreeBuffer { buf: i, set });
            return Some(i);
        }
        if ws.next_free < ws.hi {
            let i = ws.next_free;
            ws.next_free += 1;
            self.b.flags[i as usize] &= !flag::FREE;
            self.emit_in::<PLAIN>(|| Event::FreeBuffer { buf: i, set });
            return Some(i);
        }
        self.victim::<P, PLAIN>(set)
    }

    /// [`Self::get_buffer`] once the set has no never-used buffer: the victim scan, rounds of
    /// it with DBWR's help.
    fn victim<P: Policy, const PLAIN: bool>(&mut self, set: u32) -> Option<u32> {
        let ws = &self.sets[set as usize];
        let size = ws.size();
        // _db_block_max_scan_pct: how much of the set a foreground inspects before it waits.
        let limit = (size as u64 * self.cfg.max_scan_pct as u64 / 100).max(1) as u32;
        let mut this_limit = limit;
        for _round in 0..1_000 {
            match self.scan::<P, PLAIN>(set, this_limit) {
                Scan::Victim(v) => return Some(self.take_victim::<PLAIN>(v)),
                Scan::Exhausted => {
                    if self.now > super::workload::MAX_SIM_NS {
                        // Past the clock's limit DBWR does no more (`run_dbwrs`): the run
                        // stops on the limit, not on a scan that cannot succeed.
                        self.check_clock();
                        return None;
                    }
                    if self.dbwr_can_help(set) {
                        self.free_buffer_wait(set);
                        this_limit = limit;
                    } else {
                        // Nothing for DBWR to write: the scan was used up by promotions.
                        // Those buffers now have tch = _db_aging_stay_count, below the hot
                        // criteria, so a longer scan finds a victim.
                        this_limit = 2 * size + 1;
                    }
                }
            }
        }
        self.fault.get_or_insert_with(|| {
            crate::SimError::new(
                "",
                format!("model error: working set {set} gave no clean buffer after 1000 scans"),
            )
        });
        None
    }

    /// Free the buffers the policy let go of outside the victim scan (LIRS evicts on a hit
    /// and before a miss's buffer is found): off the hash chain, a dirty one written first
    /// (as a flush writes it), then free for the next miss of the set.
    #[inline(always)]
    pub(super) fn release_dropped<P: Policy, const PLAIN: bool>(&mut self, set: u32) {
        if !P::DROPS {
            return;
        }
        while let Some(v) = P::of(&mut self.repl).dropped() {
            self.take_victim::<PLAIN>(v);
            if self.b.has(v, flag::DIRTY) {
                let pool = self.pool_of_set(set);
                self.counters[pool.index()].physical_writes += 1;
                self.wait(self.cost.physical_write);
            }
            let k = v as usize;
            self.b.dba[k] = 0;
            self.b.tch[k] = 0;
            self.b.flags[k] = flag::FREE;
            self.sets[set as usize].freed.push(v);
        }
    }

    /// Always inlined: on the trace replay's short path it is most of a miss (issue 30).
    #[inline(always)]
    pub(super) fn take_victim<const PLAIN: bool>(&mut self, v: u32) -> u32 {
        let (old_dba, tch) = (self.b.dba[v as usize], self.b.tch[v as usize]);
        self.emit_in::<PLAIN>(|| Event::Victim {
            buf: v,
            old_dba,
            tch,
        });
        if old_dba != 0 {
            self.hash.remove(v, old_dba);
        }
        if !PLAIN && self.b.has(v, flag::OS_CACHED) {
            // The block leaves the buffer cache; the OS page may stay.
            self.io.attach(old_dba, NIL);
        }
        v
    }

    /// Inspect from the eviction end, at most `limit` buffers: a dirty buffer goes to the
    /// write list, a clean one is judged by the policy.
    fn scan<P: Policy, const PLAIN: bool>(&mut self, set: u32, limit: u32) -> Scan {
        let pool = self.pool_of_set(set).index();
        let mut cur = P::of(&mut self.repl).scan_start(&self.b, &self.sets[set as usize]);
        let mut inspected = 0;
        while cur != NIL && inspected < limit {
            inspected += 1;
            let c = &mut self.counters[pool];
            c.free_buffer_inspected += 1;
            c.sum_scan += 1;
            let next = P::of(&mut self.repl).scan_next(&self.b, &self.sets[set as usize], cur);
            let (tch, dirty) = (self.b.tch[cur as usize], self.b.has(cur, flag::DIRTY));
            let hot = self.b.has(cur, flag::HOT);
            self.emit_in::<PLAIN>(|| Event::Inspect {
                buf: cur,
                tch,
                dirty,
                hot,
            });
            if dirty {
                // Dirty buffers are never victims: move to the write list for DBWR.
                {
                    let (repl, mut cx) = self.policy_cx::<P, PLAIN>(set);
                    repl.unlink(&mut cx, cur, false);
                }
                lists::push_write_list(&mut self.b, &mut self.sets[set as usize], cur);
                self.counters[pool].dirty_buffers_inspected += 1;
                self.emit_in::<PLAIN>(|| Event::DirtySkip { buf: cur, set });
                self.dbwr_threshold(self.sets[set as usize].dbwr);
                // The walk was read before `cur` left the list; a policy whose walk wraps
                // (CLOCK and SIEVE from the head round to the tail, S3-FIFO's at the head)
                // names `cur` itself when it was the last on its way. It is on the write list
                // now: nothing is left to inspect on this way round.
                if next == cur {
                    break;
                }
            } else {
                let (repl, mut cx) = self.policy_cx::<P, PLAIN>(set);
                if repl.judge(&mut cx, cur) == Verdict::Victim {
                    repl.unlink(&mut cx, cur, true);
                    return Scan::Victim(cur);
                }
            }
            cur = next;
        }
        Scan::Exhausted
    }

    /// The policy (as `P`) and what its rules work on for working set `set`: the fields are
    /// borrowed apart, so the policy may change the list while the cache keeps its counters.
    #[inline(always)]
    pub(super) fn policy_cx<P: Policy, const PLAIN: bool>(&mut self, set: u32) -> (&mut P, Cx<'_>) {
        let on = self.recording::<PLAIN>();
        let cx = Cx {
            b: &mut self.b,
            ws: &mut self.sets[set as usize],
            set,
            now: self.now,
            rec: Recorder {
                on,
                events: &mut self.events,
            },
        };
        (P::of(&mut self.repl), cx)
    }

    /// Put a block just read on the list, where the policy puts it. 8.x: a full scan of a
    /// NOCACHE segment larger than `_small_table_threshold` goes to the cold (LRU) tail
    /// instead. 10.2.0.5 and later: a buffered full-scan block goes to the midpoint like any
    /// other read — `_small_table_threshold` decides direct reads instead (Shallahamer,
    /// "Oracle Performance Firefighting" p. 208, quoted by Charles Hooper, 2010; seed 004: a
    /// 99,200-block table read through a 385,024-buffer cache is all there for the next scan,
    /// 0.54 s). The profile's row says which (`large_scans_to_tail`).
    pub(super) fn place_new<P: Policy, const PLAIN: bool>(
        &mut self,
        i: u32,
        a: &super::workload::Access,
        charged: bool,
    ) {
        let set = self.set_of(i);
        let to_tail = a.op == Op::Scan && self.large_scan_to_tail(set, a);
        self.b.flags[i as usize] = if a.op == Op::Scan { flag::SCAN } else { 0 };
        self.b.tim[i as usize] = self.now;
        let place = {
            let (repl, mut cx) = self.policy_cx::<P, PLAIN>(set);
            repl.insert(&mut cx, i, to_tail)
        };
        let tch = self.b.tch[i as usize];
        self.emit_in::<PLAIN>(|| Event::Insert {
            buf: i,
            place,
            tch,
            charged,
        });
    }

    /// Whether a block a full scan reads goes to the cold tail: a NOCACHE segment larger than
    /// `_small_table_threshold`, under a profile that says so (`place_new`).
    fn large_scan_to_tail(&self, set: u32, a: &super::workload::Access) -> bool {
        let seg = &self.segs[a.seg as usize];
        let threshold = self
            .cfg
            .pool(self.pool_of_set(set))
            .map_or(0, |p| p.small_table_threshold);
        let cached = a.cache_hint.unwrap_or(seg.cache);
        !cached && seg.blocks > threshold && self.cfg.profile.traits().large_scans_to_tail
    }
}
