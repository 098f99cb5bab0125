// In compare mode, the buffers of one run holding a block the other has not cached (the
// marks the LRU view draws), computed once per change of either run.
import { bufferSim } from '../store/selectors';
import { rawState, whichOf } from '../store/compare';
import type { AppState } from '../store/store';
import { BlockDiff, type DiffMarks } from './blockDiff';

/** The comparison's marks, computed once per change of either run (both views share them). */
const differ = new BlockDiff();
let diffKey: [number, unknown, unknown] | null = null;
let diffMarks: DiffMarks | null = null;

/**
 * In compare mode, the marks of the run `s` shows: its buffers holding a block the other
 * configuration has not cached; null with one configuration (or a library cache).
 */
export function diffOf(s: AppState): { marks: Uint8Array; count: number; other: string } | null {
  const raw = rawState(s);
  const a = bufferSim(raw);
  const b = raw.compare?.sim;
  if (!a || b?.kind !== 'buffer') return null;
  if (!diffKey || diffKey[0] !== raw.tick || diffKey[1] !== a.run || diffKey[2] !== b.run) {
    // both read before any engine call that could grow memory (views() allocates nothing)
    diffMarks = differ.compute(
      { dba: a.run.views().dba, objects: a.layout.objects },
      { dba: b.run.views().dba, objects: b.layout.objects },
    );
    diffKey = [raw.tick, a.run, b.run];
  }
  if (!diffMarks) return null;
  return whichOf(s) === 'a'
    ? { marks: diffMarks.a, count: diffMarks.onlyA, other: 'B' }
    : { marks: diffMarks.b, count: diffMarks.onlyB, other: 'A' };
}
