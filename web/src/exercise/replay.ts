// An independent replay of an exercise's questions, for the tests: a fresh engine handle is
// sought to each question's position, stepped once, and the answer read from its state —
// which buffer holds the block before and after, the order of its working set, the scan and
// parse counters, V$SQL and the hash chains — never from the step's events, which built the key.
import { SimRun, splitDba } from '../sim/engine';
import { Run } from '../sim/library';
import { setSlices, type SetSlice } from './state';
import type { Exercise, Question } from './types';

function holder(run: SimRun, block: { seg: number; block: number }): number {
  const { dba } = run.views();
  for (let b = 0; b < dba.length; b++) {
    const d = splitDba(dba[b]);
    if (d && d.seg === block.seg && d.block === block.block) return b;
  }
  return -1;
}

const setOf = (slices: SetSlice[], buf: number) =>
  slices.findIndex((s) => s.cells.some((c) => c.buf === buf));

function bufferAnswer(run: SimRun, q: Question): string {
  const target = q.block;
  if (!target) throw new Error('a buffer question names its block');
  run.seek(q.position);
  const before = holder(run, target);
  const slicesBefore = setSlices(run).slices;
  const { dba: dbaBefore } = run.views();
  const heldBefore = Array.from(dbaBefore);
  const directBefore = run.report().io?.table_scans_direct ?? 0;
  run.step(1);
  const after = holder(run, target);
  const slices = setSlices(run).slices;
  switch (q.kind) {
    case 'hit_miss':
      return before >= 0 ? 'hit' : 'miss';
    case 'pool_set':
      return String(setOf(slices, after));
    case 'scan':
      return (run.report().io?.table_scans_direct ?? 0) > directBefore ? 'direct' : 'buffered';
    case 'victim':
      // the buffer that held another block and now holds this one
      return heldBefore[after] !== 0 && before < 0 ? String(after) : 'none';
    case 'placement': {
      const s = slices[setOf(slices, after)];
      const i = s.order.indexOf(after);
      if (before >= 0)
        return i === 0 && slicesBefore.every((p) => p.order[0] !== after) ? 'head' : 'stays';
      if (s.regions.length > 1 && i === s.regions[0]) return 'midpoint';
      if (i === 0) return 'head';
      return i === s.order.length - 1 ? 'tail' : `index ${i}`;
    }
    default:
      throw new Error(`not a buffer cache question: ${q.kind}`);
  }
}

function libraryAnswer(run: Run, q: Question): string {
  run.seek(q.position);
  const hardBefore = run.report().library_cache.sysstat.parse_count_hard;
  const calls = new Map(run.sql().map((r) => [r.obj, r.parse_calls]));
  run.stepUnit();
  if (q.kind === 'parse') {
    return run.report().library_cache.sysstat.parse_count_hard > hardBefore ? 'hard' : 'soft';
  }
  // the cursor this statement parsed: the one whose parse calls went up
  const parsed = run.sql().find((r) => r.parse_calls > (calls.get(r.obj) ?? 0));
  if (!parsed) return 'none';
  const bucket = q.choices.find((c) => run.chain(Number(c.id)).some((e) => e.obj === parsed.obj));
  return bucket ? bucket.id : 'none';
}

/** Every question's answer, replayed on a fresh handle. */
export function replayAnswers(ex: Exercise): string[] {
  if (ex.cache === 'library') {
    const run = Run.create(ex.scenario);
    try {
      return ex.questions.map((q) => libraryAnswer(run, q));
    } finally {
      run.free();
    }
  }
  const run = SimRun.create(ex.scenario);
  try {
    return ex.questions.map((q) => bufferAnswer(run, q));
  } finally {
    run.free();
  }
}
