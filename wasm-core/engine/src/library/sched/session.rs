//! What a session does with a statement (seed 001 "SQL Processing", steps 1–6), as the list
//! of operations it runs: each action changes the library cache at one instant, under the
//! latches the session holds, and charges the work it did as a CPU burst under them.

use super::{Acct, Act, Op, Sim, Status};
use crate::library::events::{Event, Piece};
use crate::library::heap::NIL;
use crate::library::objects::ObjState;
use crate::library::spec::CursorSharing;
use crate::library::text::{force_binds, hash, Shape};

/// DBMS_SQL instead of NDS: extra package calls per execution (parse, bind, define, …), each
/// pinning the cursor again under a library cache latch get.
pub const DBMS_SQL_EXTRA_CALLS: u32 = 3;

/// Rule (parse pins, 8i, with `cost.library.cursor_pieces`): while it hard parses, a session
/// pins and releases the cursor's heaps step by step, not once. The kernel's steps for a new
/// cursor (c.d.o.server 2004-08-13, http://www.orafaq.com/usenet/comp.databases.oracle.server/2004/08/13/0847.htm):
/// pin the parent's heap 0 to look for a usable child and release it; pin it again to create
/// the child, release; the child (heap 0, heap 6) is pinned while it is parsed, and released;
/// then the execution pins the cursor again. That is four pin-and-release cycles before the
/// execution's pin: parent heap 0 twice, child heap 0, heap 6. Each cycle moves a
/// recreatable chunk off and back onto the shared pool LRU (Steve Adams'
/// `shared_pool_lru_stats.sql` counts them as "pins and releases"), under the shared pool
/// latch that guards that list, for a pin taken under the library cache latch.
pub const PARSE_PIN_CYCLES: u32 = 4;
/// ... and the objects the statement depends on are locked and pinned while its dependencies
/// and access rights are captured (seed 001 step 5: "various privilege and dependency
/// information is looked up and captured"): for `… FROM dual` the public synonym DUAL and the
/// table SYS.DUAL, one pin-and-release cycle each, under their own library cache latch.
pub const DEPENDENCIES: [&str; 2] = ["PUBLIC.DUAL", "SYS.DUAL"];

/// The text the library cache hashes: FORCE replaces literals with binds first.
pub fn shared_text(sharing: CursorSharing, text: &str) -> String {
    match sharing {
        CursorSharing::Exact => text.to_string(),
        CursorSharing::Force => force_binds(text),
    }
}

impl Sim {
    fn ops_front(&mut self, s: u32, ops: &[Op]) {
        let q = &mut self.sess[s as usize].ops;
        for &op in ops.iter().rev() {
            q.push_front(op);
        }
    }

    pub(crate) fn act(&mut self, s: u32, a: Act) {
        let ns = self.cfg.ns;
        let sp = self.sp_latch();
        match a {
            // SQLSlammer: `stmts_per_slam` statements, then sleep `slam_sleeptime`, for
            // `total_slams` slams.
            Act::Next => {
                let spec = &self.cfg.spec;
                let ss = &mut self.sess[s as usize];
                if ss.stmt_in_slam == spec.workload.stmts_per_slam {
                    ss.stmt_in_slam = 0;
                    ss.slams_done += 1;
                    let last = ss.slams_done == spec.workload.total_slams;
                    let next = if last { Act::Finish } else { Act::Next };
                    let sleep = self.cfg.sleep_ns;
                    self.ops_front(s, &[Op::Sleep(sleep), Op::Act(next)]);
                    return;
                }
                ss.stmt_in_slam += 1;
                ss.statements += 1;
                ss.phase = Acct::Parse;
                let shape = Shape {
                    stmt_size: spec.workload.stmt_size,
                    rand_comment: spec.workload.use_rand_comment,
                    binds: spec.workload.use_bindvars,
                };
                let text = ss.stream.next(shape, &spec.workload.statements);
                // Rule (CURSOR_SHARING = FORCE): literals become :"SYS_B_n" before hashing.
                let force = spec.cursor_sharing == CursorSharing::Force;
                let shared = shared_text(spec.cursor_sharing, &text);
                let h = hash(&shared);
                let forced = force.then(|| shared.clone());
                ss.hash = h;
                ss.text = shared;
                self.c.parse_total += 1;
                let (at, bucket) = (self.now, self.lib.table.bucket(h));
                let latch = self.lib.table.latch(h);
                self.emit(|_| Event::Statement {
                    session: s,
                    at_ns: at,
                    text,
                    forced,
                    hash: h,
                    bucket,
                    latch,
                });
                let rewrite = if force { ns.force_rewrite } else { 0 };
                self.ops_front(
                    s,
                    &[
                        Op::Cpu(rewrite, Acct::Parse),
                        Op::GetObj,
                        Op::Act(Act::Lookup),
                    ],
                );
            }
            // Rule (parse): walk the chain under the library cache latch.
            Act::Lookup => {
                let (text, h) = (&self.sess[s as usize].text, self.sess[s as usize].hash);
                let (found, walked) = self.lib.lookup(text, h);
                self.c.gets += 1;
                self.phases += 1;
                let cost = u64::from(walked)
                    .saturating_mul(ns.chain_link)
                    .saturating_add(ns.latch_op);
                let (at, bucket) = (self.now, self.lib.table.bucket(h));
                let chain_len = self.lib.table.chains[bucket as usize].len() as u32;
                self.emit(|_| Event::ChainWalk {
                    session: s,
                    at_ns: at,
                    bucket,
                    walked,
                    chain_len,
                    found,
                });
                let Some(o) = found else {
                    // Not found → hard parse: the handle is allocated under both latches.
                    self.c.parse_hard += 1;
                    self.ops_front(
                        s,
                        &[
                            Op::Cpu(cost, Acct::Parse),
                            Op::Get(sp),
                            Op::Act(Act::AllocHandle),
                        ],
                    );
                    return;
                };
                self.c.gethits += 1;
                match self.lib.objs[o as usize].state {
                    ObjState::Loading(loader) if loader != s => {
                        // another session is building it: wait on its load lock
                        self.emit(|_| Event::LoadWait {
                            session: s,
                            at_ns: at,
                            obj: o,
                            loader,
                        });
                        self.ops_front(
                            s,
                            &[
                                Op::Cpu(cost, Acct::Parse),
                                Op::FreeObj,
                                Op::Act(Act::WaitLoad(o)),
                            ],
                        );
                    }
                    _ => {
                        self.c.pins += 1;
                        self.lib.objs[o as usize].parse_calls += 1;
                        self.lib.pin(o);
                        self.sess[s as usize].obj = o;
                        if self.lib.objs[o as usize].heap6 != NIL {
                            // Found → soft parse, pin, execute.
                            self.c.pinhits += 1;
                            self.emit(|_| Event::SoftParse {
                                session: s,
                                at_ns: at,
                                obj: o,
                            });
                            self.ops_front(
                                s,
                                &[
                                    Op::Cpu(cost.saturating_add(ns.latch_op), Acct::Parse),
                                    Op::FreeObj,
                                    Op::Cpu(ns.soft_parse, Acct::Parse),
                                    Op::Act(Act::Execute),
                                ],
                            );
                        } else {
                            // Heap 6 was flushed: reload it (a hard parse, counted in reloads).
                            self.c.reloads += 1;
                            self.c.parse_hard += 1;
                            self.lib.objs[o as usize].loads += 1;
                            self.lib.objs[o as usize].state = ObjState::Loading(s);
                            self.emit(|_| Event::HardParse {
                                session: s,
                                at_ns: at,
                                obj: o,
                                reload: true,
                            });
                            self.ops_front(
                                s,
                                &[
                                    Op::Cpu(cost, Acct::Parse),
                                    Op::FreeObj,
                                    Op::Get(sp),
                                    Op::Act(Act::AllocHeaps),
                                ],
                            );
                        }
                    }
                }
            }
            Act::AllocHandle => {
                let (text, h) = (
                    self.sess[s as usize].text.clone(),
                    self.sess[s as usize].hash,
                );
                let o = self.lib.new_obj(&text, h, s);
                let a = self.lib.load_handle(o);
                self.emit_alloc(s, o, Piece::Handle, &a);
                let cost = self.alloc_cost(&a);
                if a.chunk.is_none() {
                    return self.fail(s, cost, a.size);
                }
                self.sess[s as usize].obj = o;
                self.c.pins += 1;
                self.lib.objs[o as usize].parse_calls += 1;
                let at = self.now;
                self.emit(|_| Event::HardParse {
                    session: s,
                    at_ns: at,
                    obj: o,
                    reload: false,
                });
                self.ops_front(
                    s,
                    &[
                        Op::Cpu(cost, Acct::Parse),
                        Op::Free(sp),
                        Op::FreeObj,
                        Op::Get(sp),
                        Op::Act(Act::AllocHeaps),
                    ],
                );
            }
            Act::AllocHeaps => {
                let o = self.sess[s as usize].obj;
                let allocs = self.lib.load_heaps(o);
                let mut cost = 0u64;
                for (piece, a) in &allocs {
                    self.emit_alloc(s, o, *piece, a);
                    cost = cost.saturating_add(self.alloc_cost(a));
                }
                if !self.lib.objs[o as usize].alive {
                    self.wake_loaders(o);
                    let size = allocs.last().map_or(0, |(_, a)| a.size);
                    return self.fail(s, cost, size);
                }
                // Rule (a miss pays both): the lookup that missed was the soft parse's work —
                // syntax, the search, the privileges — and then the hard parse's (the defaults
                // read Table 3 test 1's 1.2 ms a hard parse as 900 µs "plus the soft parse and
                // the memory work": scenario/library.rs, OpCost::default; issue 40 #1).
                let mut ops = vec![
                    Op::Cpu(cost, Acct::Parse),
                    Op::Free(sp),
                    Op::Cpu(ns.soft_parse.saturating_add(ns.hard_parse), Acct::Parse),
                ];
                if self.lib.pieces {
                    // Rule (parse pins): the cursor's own heaps, then its dependencies.
                    let own = self.lib.table.latch(self.sess[s as usize].hash);
                    let deps = DEPENDENCIES.map(|d| self.lib.table.latch(hash(d)));
                    let latches = std::iter::repeat_n(own, PARSE_PIN_CYCLES as usize).chain(deps);
                    for (k, l) in latches.enumerate() {
                        ops.extend([
                            Op::Get(l),
                            Op::Get(sp),
                            Op::Act(Act::PinCycle(k as u32)),
                            Op::Free(sp),
                            Op::Free(l),
                        ]);
                    }
                }
                ops.extend([Op::GetObj, Op::Act(Act::Loaded)]);
                self.ops_front(s, &ops);
            }
            Act::Loaded => {
                let o = self.sess[s as usize].obj;
                self.lib.objs[o as usize].state = ObjState::Ready;
                self.wake_loaders(o);
                let mut ops = vec![Op::Cpu(ns.latch_op, Acct::Parse), Op::FreeObj];
                // Rule: objects reached twice the buckets → double and re-hash under ALL
                // library cache latches (taken in order, nothing else held: no deadlock).
                if self.lib.table.needs_resize() {
                    let l = self.cfg.latches;
                    ops.extend((0..l).map(Op::Get));
                    ops.push(Op::Act(Act::Rehash));
                    ops.extend((0..l).map(Op::Free));
                }
                ops.push(Op::Act(Act::Execute));
                self.ops_front(s, &ops);
            }
            Act::Rehash => {
                if self.lib.table.needs_resize() {
                    let before = self.lib.table.buckets();
                    let objs = &self.lib.objs;
                    let handles = self.lib.table.resize(|o| objs[o as usize].hash);
                    let (at, after) = (self.now, self.lib.table.buckets());
                    self.emit(|_| Event::Rehash {
                        session: s,
                        at_ns: at,
                        buckets_before: before,
                        buckets_after: after,
                        handles,
                    });
                    self.ops_front(
                        s,
                        &[Op::Cpu(
                            u64::from(handles).saturating_mul(ns.rehash_handle),
                            Acct::Parse,
                        )],
                    );
                }
            }
            Act::Execute => {
                self.c.executions += 1;
                self.phases += 1;
                let ss = &mut self.sess[s as usize];
                ss.phase = Acct::Exec;
                let (o, at) = (ss.obj, self.now);
                if let Some(ob) = self.lib.objs.get_mut(o as usize) {
                    ob.executions += 1;
                }
                self.emit(|_| Event::Execute {
                    session: s,
                    at_ns: at,
                    obj: o,
                });
                let mut ops = vec![Op::Cpu(ns.execute, Acct::Exec)];
                if !self.cfg.spec.workload.use_nds {
                    for _ in 0..DBMS_SQL_EXTRA_CALLS {
                        ops.extend([
                            Op::GetObj,
                            Op::Act(Act::ExtraPin),
                            Op::FreeObj,
                            Op::Cpu(ns.dbms_sql_call, Acct::Exec),
                        ]);
                    }
                }
                ops.extend([Op::GetObj, Op::Act(Act::Unpin), Op::FreeObj]);
                self.ops_front(s, &ops);
            }
            Act::ExtraPin => {
                let o = self.sess[s as usize].obj;
                self.c.pins += 1;
                self.c.pinhits += 1;
                self.lib.pin(o);
                self.lib.unpin(o);
                self.ops_front(s, &[Op::Cpu(ns.latch_op.saturating_mul(2), Acct::Exec)]);
            }
            Act::Unpin => {
                let o = self.sess[s as usize].obj;
                self.lib.unpin(o);
                self.phases += 1;
                self.c.statements_done += 1;
                let to_lru = self.lib.objs[o as usize].pins == 0 && !self.lib.objs[o as usize].kept;
                let at = self.now;
                self.emit(|_| Event::Unpin {
                    session: s,
                    at_ns: at,
                    obj: o,
                    to_lru,
                });
                self.sess[s as usize].obj = NIL;
                self.ops_front(s, &[Op::Cpu(ns.latch_op, Acct::Exec)]);
            }
            Act::PinCycle(k) => {
                self.lib.stats.lru_pins += 1;
                self.lib.stats.lru_releases += 1;
                let (o, at) = (self.sess[s as usize].obj, self.now);
                let dependency = k
                    .checked_sub(PARSE_PIN_CYCLES)
                    .map(|d| DEPENDENCIES[d as usize].to_string());
                self.emit(|_| Event::ParsePin {
                    session: s,
                    at_ns: at,
                    obj: o,
                    step: k,
                    dependency,
                });
                self.ops_front(s, &[Op::Cpu(ns.latch_op.saturating_mul(2), Acct::Parse)]);
            }
            Act::WaitLoad(o) => {
                self.begin_wait(s, super::wait::Waiting::LoadLock);
                self.load_waiters.push((o, s));
                self.leave_cpu(s, Status::WaitLoad);
            }
            Act::Finish => {
                let at = self.now;
                self.sess[s as usize].finished_at = Some(at);
                self.emit(|_| Event::Done {
                    session: s,
                    at_ns: at,
                });
                self.leave_cpu(s, Status::Done);
            }
        }
    }

    /// Sessions waiting on `o`'s load lock look it up again.
    fn wake_loaders(&mut self, o: u32) {
        let mut k = 0;
        while k < self.load_waiters.len() {
            if self.load_waiters[k].0 != o {
                k += 1;
                continue;
            }
            let (_, w) = self.load_waiters.remove(k);
            self.ops_front(w, &[Op::GetObj, Op::Act(Act::Lookup)]);
            self.make_ready(w);
        }
    }
}
