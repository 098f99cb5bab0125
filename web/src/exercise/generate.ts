// An exercise's scenario from its seed: a small instance (one or two working sets of 8 to 32
// buffers, sometimes a KEEP or RECYCLE pool), a few objects and a
// script of single-block reads, changes and full scans — or a library cache of a few typed
// statements. The profile is one of the engine's own (sim/profile.ts); what a profile does is
// read from its row, never restated here.
import type { Profile, Scenario, Segment } from '../sim/engine';
import type { ScriptStep } from '../sim/generated/buffer/ScriptStep';
import { traitsOf } from '../sim/profile';
import { Rng } from './rng';

/**
 * The versions an exercise's seed draws its profile from, in this order: pinned for the
 * exercise format every `?exercise=<seed>` link so far means (issue 38 #5). Drawn from the
 * engine's own list, one new version row changed the profile of 535 of seeds 1–1000, and with
 * it every shared exercise link's questions. A version added to the engine joins the draw
 * only with a new exercise format (a new list here, and a link that names it).
 */
export const EXERCISE_PROFILES_V1: readonly Profile[] = [
  '8.0',
  '8.1.5',
  '8.1.6',
  '10.2.0.5',
  '11.2.0.1',
  '11.2.0.2',
];

export type CacheKind = 'buffer' | 'library';

/** The scenario of an exercise, and the generator, left where the questions go on from. */
export interface Plan {
  seed: number;
  cache: CacheKind;
  profile: Profile;
  scenario: Scenario;
  rng: Rng;
}

/**
 * Buffers in one working set: 8 to 32, a cache whose every move a learner can follow. Below
 * Oracle's floor of 50 a working set (seed 000; docs/model.md §1.2), so an exercise's scenario
 * asks for the engine's teaching-only `teaching.small_cache` (wasm-core scenario/teaching.rs).
 */
export const SET_MIN = 8;
export const SET_MAX = 32;

/** The hot blocks most reads go to (a third of the cache), and the share of reads they take. */
const hotBlocks = (buffers: number) => Math.max(3, Math.floor(buffers / 3));
const HOT_SHARE = 0.45;

function trace(
  rng: Rng,
  objects: Segment[],
  reads: number,
  writePct: number,
  hotCount: number,
): ScriptStep {
  const rows = ['time_ms,object,block,op'];
  const oltp = objects.filter((o) => o.name === 'ORDERS' || o.name === 'ORD_PK');
  // single-block reads of HISTORY too: they fill the cache when its scans read direct, and
  // leave it partly cached for the next scan's decision
  const any = [...oltp, objects[3]];
  const hot: [string, number][] = [];
  for (let i = 0; i < hotCount; i++) {
    const o = rng.pick(oltp);
    hot.push([o.name, rng.below(o.blocks)]);
  }
  for (let i = 0; i < reads; i++) {
    let name: string;
    let block: number;
    if (rng.chance(HOT_SHARE)) [name, block] = rng.pick(hot);
    else {
      const o = rng.pick(any);
      [name, block] = [o.name, rng.below(o.blocks)];
    }
    const op = name === 'ORDERS' && rng.chance(writePct / 100) ? 'w' : 'r';
    // a second apart: a buffer read again three reads later has waited _db_aging_touch_time
    rows.push(`${i * 1000},${name},${block},${op}`);
  }
  return { run: { kind: 'trace', csv: rows.join('\n') }, label: `${reads} reads and changes` };
}

const scan = (table: string): ScriptStep => ({
  sql: `select /*+ full(t) */ count(*) from ${table} t`,
});

function bufferScenario(seed: number, rng: Rng, profile: Profile): Scenario {
  const traits = traitsOf(profile);
  // 0, 1: one working set; 2: DEFAULT with two LRU latches; 3: a KEEP or RECYCLE pool too.
  // Every working set has SET_MIN to SET_MAX buffers, the whole cache at most SET_MAX.
  const shape = rng.below(4);
  const perSet = shape <= 1 ? rng.between(SET_MIN, SET_MAX) : rng.between(SET_MIN, SET_MAX / 2);
  const otherSet = rng.between(SET_MIN, SET_MAX / 2);
  const buffers = shape === 2 ? 2 * perSet : shape === 3 ? perSet + otherSet : perSet;
  const stt = rng.between(2, 4);
  const init: Record<string, string | number | boolean> = {
    db_block_buffers: buffers,
    db_block_lru_latches: shape >= 2 ? 2 : 1,
    _small_table_threshold: stt,
  };
  const other = rng.chance(0.5) ? 'KEEP' : 'RECYCLE';
  if (shape === 3) {
    init[other === 'KEEP' ? 'buffer_pool_keep' : 'buffer_pool_recycle'] =
      `(buffers:${otherSet},lru_latches:1)`;
  }
  if (traits.direct_reads === 'event10358' && rng.chance(0.7)) init.event_10358 = 4;
  const objects: Segment[] = [
    { name: 'ORDERS', type: 'TABLE', blocks: rng.between(buffers + 4, buffers + 16) },
    { name: 'ORD_PK', type: 'INDEX', blocks: rng.between(2, 5) },
    { name: 'CODES', type: 'TABLE', blocks: rng.between(2, stt), cache: rng.chance(0.3) },
    { name: 'HISTORY', type: 'TABLE', blocks: rng.between(5 * stt + 3, 5 * stt + 16) },
  ];
  objects[3].cache = rng.chance(0.25);
  if (shape === 3) objects[rng.chance(0.5) ? 0 : 1].buffer_pool = other;
  const writePct = rng.pick([0, 10, 20]);
  const hot = hotBlocks(buffers);
  const steps: ScriptStep[] = [
    trace(rng, objects, buffers + rng.between(12, 30), writePct, hot),
    scan(rng.chance(0.5) ? 'CODES' : 'HISTORY'),
    trace(rng, objects, rng.between(8, 16), writePct, hot),
    scan('HISTORY'),
    trace(rng, objects, rng.between(6, 12), writePct, hot),
  ];
  return {
    version: 1,
    title: `Exercise ${seed}: the buffer cache under ${profile}`,
    description: `A generated exercise (seed ${seed}): predict each step, then check it against the engine.`,
    profile,
    init,
    objects,
    workload: { kind: 'script', steps },
    teaching: { small_cache: true },
  };
}

/** Typed statements: a few texts with literals, a few with binds, some repeated. */
function statements(rng: Rng): string[] {
  const ids = rng.shuffle([1001, 1002, 1003, 2001, 2002]).slice(0, rng.between(2, 3));
  const out = ids.map((id) => `SELECT * FROM orders WHERE order_id = ${id}`);
  out.push('SELECT name FROM customers WHERE id = :id');
  if (rng.chance(0.5)) out.push(`UPDATE stock SET qty = qty - 1 WHERE item = ${rng.between(1, 9)}`);
  if (rng.chance(0.5)) out.push('SELECT * FROM orders WHERE order_id = :id');
  return rng.shuffle(out);
}

function libraryScenario(seed: number, rng: Rng, profile: Profile): Scenario {
  const traits = traitsOf(profile);
  const stmts = statements(rng);
  const force = traits.cursor_sharing_force && rng.chance(0.5);
  return {
    version: 1,
    title: `Exercise ${seed}: the library cache under ${profile}`,
    description: `A generated exercise (seed ${seed}): predict each parse, then check it against the engine.`,
    profile,
    init: {
      shared_pool_size: '4M',
      _kgl_bucket_count: 0,
      cursor_sharing: force ? 'FORCE' : 'EXACT',
      cpu_count: 1,
    },
    objects: [],
    workload: {
      kind: 'sql_slammer',
      jobs: 1,
      stmts_per_slam: stmts.length,
      total_slams: 2,
      slam_sleeptime: 0.01,
      use_nds: true,
      statements: stmts,
    },
  };
}

/** The exercise of `seed`: one in four is a library cache exercise. */
export function planExercise(seed: number): Plan {
  const rng = new Rng(seed);
  const cache: CacheKind = rng.below(4) === 0 ? 'library' : 'buffer';
  const profile = rng.pick(EXERCISE_PROFILES_V1);
  const scenario =
    cache === 'library' ? libraryScenario(seed, rng, profile) : bufferScenario(seed, rng, profile);
  return { seed, cache, profile, scenario, rng };
}
