// Our own fuzz suite on the web side (issue 14), with fast-check: scenarios generated inside
// the documented limits run through the wasm engine to their end within a step budget, with a
// consistent report; bundled scenarios with one field broken are refused by that field's path;
// share links round-trip, and damaged ones never throw. The engine's own (proptest) suite is
// wasm-core/engine/tests/engine/fuzz.rs. FUZZ_CASES sets the number of cases per property.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeHash, encodeState, type SharedState } from '../links/link';
import { BUNDLED } from '../store/scenarios';
import { SimRun, validateScenario, type Scenario } from './engine';
import { loadEngineNode } from './node';
import { profiles } from './profile';

const CASES = Number(process.env.FUZZ_CASES) || 100;

beforeAll(() => loadEngineNode());
// The engine's profiles, every one of them (the arbitraries below are built before any test).
loadEngineNode();
const PROFILES = profiles();

/** A buffer cache scenario inside the documented limits (small, so a case runs in ms). */
const bufferScenario = fc
  .record({
    profile: fc.constantFrom(...PROFILES),
    buffers: fc.integer({ min: 50, max: 3000 }),
    objects: fc.array(
      fc.record({
        type: fc.constantFrom('TABLE', 'INDEX'),
        blocks: fc.integer({ min: 1, max: 5000 }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    workload: fc.oneof(
      fc.record({
        kind: fc.constant('random'),
        accesses: fc.integer({ min: 1, max: 4000 }),
        distribution: fc.constantFrom('uniform', 'zipf'),
        write_pct: fc.integer({ min: 0, max: 100 }),
        think_us: fc.double({ min: 0, max: 1e4, noNaN: true }),
        seed: fc.integer({ min: 0, max: 1e6 }),
      }),
      fc.record({
        kind: fc.constant('scan'),
        times: fc.integer({ min: 1, max: 3 }),
        sleep_ms: fc.double({ min: 0, max: 1e3, noNaN: true }),
      }),
    ),
    logical_read_us: fc.double({ min: 0, max: 100, noNaN: true }),
    physical_read_ms: fc.double({ min: 0, max: 30, noNaN: true }),
  })
  .map((g) => {
    const objects = g.objects.map((o, i) => ({ name: `OBJ${i}`, ...o }));
    const workload = g.workload.kind === 'scan' ? { ...g.workload, segment: 'OBJ0' } : g.workload;
    return {
      version: 1,
      title: 'fuzz',
      profile: g.profile,
      init: { db_block_buffers: g.buffers },
      objects,
      workload,
      cost: { logical_read_us: g.logical_read_us, physical_read_ms: g.physical_read_ms },
    } as unknown as Scenario;
  });

/**
 * The workload's own waits, seconds, less the rounding of each to a whole nanosecond: the
 * run's elapsed time is at least this.
 */
function ownWaits(s: Scenario): number {
  const w = s.workload as unknown as Record<string, number | string>;
  const [count, each] =
    w.kind === 'random'
      ? [Number(w.accesses), Number(w.think_us) / 1e6]
      : [Number(w.times), Number(w.sleep_ms) / 1e3];
  return count * each * (1 - 1e-12) - count * 0.5e-9;
}

describe('generated scenarios inside the limits', () => {
  it('run to their end within a step budget, with a consistent report', () => {
    fc.assert(
      fc.property(bufferScenario, (scenario) => {
        const refused = validateScenario(scenario);
        // the generator stays inside the limits: anything refused must say which field
        if (refused) {
          expect(refused.path).not.toBe('');
          return;
        }
        const run = SimRun.create(scenario);
        try {
          const budget = run.total + 1;
          let steps = 0;
          while (!run.done && steps < budget) steps += Math.max(1, run.step(4096));
          expect(run.done).toBe(true);
          expect(run.position).toBe(run.total);
          const r = run.report();
          const sum = (k: 'logical_reads' | 'physical_reads') =>
            r.pools.reduce((n, p) => n + p[k], 0);
          expect(sum('logical_reads')).toBe(r.total.logical_reads);
          expect(sum('physical_reads')).toBe(r.total.physical_reads);
          for (const p of r.pools) {
            expect(p.physical_reads).toBeLessThanOrEqual(p.logical_reads);
            if (p.hit_ratio !== null) {
              expect(p.hit_ratio).toBeGreaterThanOrEqual(0);
              expect(p.hit_ratio).toBeLessThanOrEqual(1);
            }
          }
          expect(r.elapsed_s).toBeGreaterThanOrEqual(ownWaits(scenario));
        } finally {
          run.free();
        }
      }),
      { numRuns: CASES, seed: 14 },
    );
  });
});

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Every numeric leaf of a document, as a path in the engine's notation (`objects[2].blocks`). */
function numericLeaves(v: Json, path = ''): string[] {
  if (typeof v === 'number') return [path];
  if (Array.isArray(v)) return v.flatMap((x, i) => numericLeaves(x, `${path}[${i}]`));
  if (v && typeof v === 'object')
    return Object.entries(v).flatMap(([k, x]) => numericLeaves(x, path ? `${path}.${k}` : k));
  return [];
}

/** `doc` with the leaf at `path` replaced by `value`. */
function setAt(doc: Json, path: string, value: Json): Json {
  const copy = structuredClone(doc) as Record<string, Json>;
  const keys = path.match(/[^.[\]]+/g) ?? [];
  let at: Record<string, Json> = copy;
  for (const k of keys.slice(0, -1)) at = at[k] as Record<string, Json>;
  at[keys[keys.length - 1]] = value;
  return copy;
}

// The paper's published figures are the engine's to compare, not to run: not fuzzed here.
const FUZZED = (path: string) => !path.startsWith('paper') && path !== 'version';

describe('bundled scenarios with one field broken', () => {
  const leaves = BUNDLED.flatMap((e) =>
    numericLeaves(e.scenario as unknown as Json)
      .filter(FUZZED)
      .map((path) => ({ id: e.id, doc: e.scenario as unknown as Json, path })),
  );

  it('are refused by that field, for a value of the wrong type', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...leaves),
        fc.constantFrom<Json>({}, [1], true, 'not a number'),
        ({ doc, path }, bad) => {
          const e = validateScenario(JSON.stringify(setAt(doc, path, bad)));
          expect(e, `${path} = ${JSON.stringify(bad)} was accepted`).not.toBeNull();
          expect(e!.path).toBe(path);
        },
      ),
      { numRuns: CASES, seed: 14 },
    );
  });

  it('are refused by that field, for a number past every limit', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...leaves),
        fc.constantFrom(-1, 1e30, -1e30),
        ({ doc, path }, bad) => {
          const e = validateScenario(JSON.stringify(setAt(doc, path, bad)));
          if (e === null) return; // some fields take any number (a seed, a sign-free weight)
          expect(e.path).toBe(path);
        },
      ),
      { numRuns: CASES, seed: 14 },
    );
  });
});

describe('share links', () => {
  const state = fc.record({
    entry: fc.constantFrom(...BUNDLED),
    title: fc.string({ unit: 'binary', maxLength: 60 }),
    position: fc.nat({ max: 20_000_000 }),
    based: fc.boolean(),
  });

  it('round-trip any scenario, title and position', () => {
    fc.assert(
      fc.property(state, ({ entry, title, position, based }) => {
        const shared: SharedState = {
          scenario: { ...entry.scenario, title },
          position,
          ...(based ? { base: entry.id } : {}),
        };
        const decoded = decodeHash(`#${encodeState(shared)}`);
        expect(decoded).toEqual({ ok: true, state: shared });
      }),
      { numRuns: CASES, seed: 14 },
    );
  });

  it('damaged never throw: they decode or say what is wrong', () => {
    fc.assert(
      fc.property(state, fc.nat(), fc.string({ maxLength: 8 }), ({ entry, position }, at, junk) => {
        const good = encodeState({ scenario: entry.scenario, position });
        const i = at % (good.length + 1);
        const damaged = good.slice(0, i) + junk + good.slice(i + junk.length);
        const d = decodeHash(`#${damaged}`);
        if (d.ok === false) expect(d.problem.length).toBeGreaterThan(0);
      }),
      { numRuns: CASES, seed: 14 },
    );
  });
});
