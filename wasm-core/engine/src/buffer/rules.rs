//! The replacement rules of MODEL.md §1, profile by profile. [`Policy::of`] settles what a
//! profile changes, once, as MODEL.md's profile table reads; the rules below ask the policy.
//! Each rule names the init.ora parameter it reads.

use super::events::{Event, Get, Op, Place, Probe, Touch};
use super::lists::{self, flag, NIL};
use super::policy::{OnCool, OnHit};
use super::Cache;

/// What a victim scan ended with.
enum Scan {
    Victim(u32),
    /// `_db_block_max_scan_pct` of the set was inspected without finding a clean buffer.
    Exhausted,
}

impl Cache {
    /// A hit. 8.0: move to the MRU head. 8i: the buffer does not move; its touch count grows
    /// by one only if `_db_aging_touch_time` has passed since the last increment.
    /// Issue #13's rules (policy.rs, with their sources): an index probe the profile makes an
    /// examination is not counted in the pool and does not move (`probe_examination`); in 8.0
    /// an index block's hit does not move (`index_hit_stays`).
    pub(super) fn hit(&mut self, i: u32, op: Op, probe: Probe) {
        let set = self.set_of(i);
        let pool = self.pool_of_set(set);
        // probe_examination: read under the chains latch alone — no pin, no LRU latch, no
        // pool get (init.ora switch probe_examination).
        let examination = op != Op::Write && self.policy.examines(probe);
        let get = if examination {
            Get::Examination
        } else {
            self.count_get(pool, op);
            Get::Pinned
        };
        // The touch count and its time are read only where they count (the 8i rule) or are
        // shown: two cache misses less on every 8.0 hit of a large cache.
        let counts = self.policy.on_hit == OnHit::CountTouch;
        let (tch_before, since) = if counts || self.record {
            (
                self.b.tch[i as usize],
                self.now.saturating_sub(self.b.tim[i as usize]),
            )
        } else {
            (0, 0)
        };
        let touch = match self.policy.on_hit {
            // index_hit_stays (8.0): an index block's hit, or an examination, leaves the
            // buffer in place (init.ora switch index_hit_relink).
            OnHit::MoveToHead if examination || !self.policy.relink[probe as usize] => {
                Touch::Stayed
            }
            // 8.0 rule: every hit moves the buffer to the MRU head (unless DBWR holds it on
            // the write list, where it is off the replacement list).
            OnHit::MoveToHead => {
                if !self.b.has(i, flag::ON_WRITE_LIST | flag::WRITING) {
                    let ws = &mut self.sets[set as usize];
                    lists::unlink_repl(&mut self.b, ws, i);
                    lists::insert_cold_head(&mut self.b, ws, i);
                }
                Touch::MovedToHead
            }
            // 8i rule: tch += 1 at most once per _db_aging_touch_time.
            OnHit::CountTouch => {
                if since >= self.cfg.aging.touch_time_ns {
                    self.b.tch[i as usize] += 1;
                    self.b.tim[i as usize] = self.now;
                    Touch::Incremented
                } else {
                    Touch::TooSoon
                }
            }
        };
        let tch_after = if self.record {
            self.b.tch[i as usize]
        } else {
            0
        };
        self.emit(|| Event::Hit {
            buf: i,
            pool,
            tch_before,
            tch_after,
            touch,
            get,
            since_touch_ns: since,
        });
        if op == Op::Write {
            self.change(i);
        }
    }

    /// A buffer for a block read from disk: a never-used one if the set has one, else the
    /// victim of a scan from the cold tail; when the scan gives up, post DBWR and wait
    /// (free buffer wait), then scan again.
    /// `None` only if the model is wrong (no clean buffer after a thousand rounds): the cache
    /// records a [`crate::SimError`] in `fault` and the run stops there.
    pub(super) fn get_buffer(&mut self, set: u32) -> Option<u32> {
        let ws = &mut self.sets[set as usize];
        if ws.next_free < ws.hi {
            let i = ws.next_free;
            ws.next_free += 1;
            self.b.flags[i as usize] &= !flag::FREE;
            self.emit(|| Event::FreeBuffer { buf: i, set });
            return Some(i);
        }
        let size = ws.size();
        // _db_block_max_scan_pct: how much of the set a foreground inspects before it waits.
        let limit = (size as u64 * self.cfg.max_scan_pct as u64 / 100).max(1) as u32;
        let mut this_limit = limit;
        for _round in 0..1_000 {
            match self.scan(set, this_limit) {
                Scan::Victim(v) => return Some(self.take_victim(v)),
                Scan::Exhausted => {
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

    fn take_victim(&mut self, v: u32) -> u32 {
        let (old_dba, tch) = (self.b.dba[v as usize], self.b.tch[v as usize]);
        self.emit(|| Event::Victim {
            buf: v,
            old_dba,
            tch,
        });
        if old_dba != 0 {
            self.hash.remove(v, old_dba);
        }
        if self.b.has(v, flag::OS_CACHED) {
            // The block leaves the buffer cache; the OS page may stay.
            self.io.attach(old_dba, NIL);
        }
        v
    }

    /// Inspect from the cold tail towards the head, at most `limit` buffers.
    fn scan(&mut self, set: u32, limit: u32) -> Scan {
        let touch_counts = self.policy.touch_counts;
        let hot_criteria = self.cfg.aging.hot_criteria;
        let pool = self.pool_of_set(set).index();
        let mut cur = self.sets[set as usize].tail;
        let mut inspected = 0;
        while cur != NIL && inspected < limit {
            inspected += 1;
            let c = &mut self.counters[pool];
            c.free_buffer_inspected += 1;
            c.sum_scan += 1;
            let prev = self.b.link[cur as usize].prev;
            let (tch, dirty) = (self.b.tch[cur as usize], self.b.has(cur, flag::DIRTY));
            let hot = self.b.has(cur, flag::HOT);
            self.emit(|| Event::Inspect {
                buf: cur,
                tch,
                dirty,
                hot,
            });
            if dirty {
                // Dirty buffers are never victims: move to the write list for DBWR.
                let ws = &mut self.sets[set as usize];
                lists::unlink_repl(&mut self.b, ws, cur);
                lists::push_write_list(&mut self.b, ws, cur);
                self.counters[pool].dirty_buffers_inspected += 1;
                self.emit(|| Event::DirtySkip { buf: cur, set });
                self.dbwr_threshold(self.sets[set as usize].dbwr);
            } else if touch_counts && tch >= hot_criteria {
                // tch ≥ _db_aging_hot_criteria: promote to the hot head.
                self.promote(set, cur);
            } else {
                let ws = &mut self.sets[set as usize];
                lists::unlink_repl(&mut self.b, ws, cur);
                return Scan::Victim(cur);
            }
            cur = prev;
        }
        Scan::Exhausted
    }

    /// Move to the hot head with tch = `_db_aging_stay_count`, then cool the hot region back
    /// to `_db_percent_hot` of the set.
    fn promote(&mut self, set: u32, i: u32) {
        let ws = &mut self.sets[set as usize];
        lists::unlink_repl(&mut self.b, ws, i);
        lists::insert_hot_head(&mut self.b, ws, i);
        let tch_before = self.b.tch[i as usize];
        self.b.tch[i as usize] = self.cfg.aging.stay_count;
        let tch_after = self.cfg.aging.stay_count;
        self.emit(|| Event::Promote {
            buf: i,
            tch_before,
            tch_after,
        });
        while self.sets[set as usize].hot_len > self.sets[set as usize].hot_max {
            let c = lists::cool_one(&mut self.b, &mut self.sets[set as usize]);
            let tch_before = self.b.tch[c as usize];
            // 8.1.5: a cooled buffer gets _db_aging_cool_count; 8.1.6 keeps its count.
            if self.policy.on_cool == OnCool::SetCoolCount {
                self.b.tch[c as usize] = self.cfg.aging.cool_count;
            }
            let tch_after = self.b.tch[c as usize];
            self.emit(|| Event::Cool {
                buf: c,
                tch_before,
                tch_after,
            });
        }
    }

    /// Put a block just read on the list. 8i: the midpoint with tch = 1; 8.0: the MRU head.
    /// 8.x: a full scan of a NOCACHE segment larger than `_small_table_threshold` goes to the
    /// cold (LRU) tail instead. 10.2.0.5 and later: a buffered full-scan block goes to the
    /// midpoint like any other read — `_small_table_threshold` decides direct reads instead
    /// (Shallahamer, "Oracle Performance Firefighting" p. 208, quoted by Charles Hooper,
    /// 2010; seed 004: a 99,200-block table read through a 385,024-buffer cache is all there
    /// for the next scan, 0.54 s).
    pub(super) fn place_new(&mut self, i: u32, a: &super::workload::Access, charged: bool) {
        let seg = &self.segs[a.seg as usize];
        let set = self.set_of(i);
        let threshold = self
            .cfg
            .pool(self.pool_of_set(set))
            .map_or(0, |p| p.small_table_threshold);
        let cached = a.cache_hint.unwrap_or(seg.cache);
        let to_tail = a.op == Op::Scan
            && !cached
            && seg.blocks > threshold
            && !self.cfg.profile.has_serial_direct_reads();
        let touch_counts = self.policy.touch_counts;
        self.b.flags[i as usize] = if a.op == Op::Scan { flag::SCAN } else { 0 };
        self.b.tch[i as usize] = u32::from(touch_counts);
        self.b.tim[i as usize] = self.now;
        let ws = &mut self.sets[set as usize];
        if to_tail {
            lists::insert_cold_tail(&mut self.b, ws, i);
        } else {
            lists::insert_cold_head(&mut self.b, ws, i);
        }
        let place = match (touch_counts, to_tail) {
            (true, false) => Place::Midpoint,
            (true, true) => Place::ColdTail,
            (false, false) => Place::MruHead,
            (false, true) => Place::LruTail,
        };
        let tch = self.b.tch[i as usize];
        self.emit(|| Event::Insert {
            buf: i,
            place,
            tch,
            charged,
        });
    }
}
