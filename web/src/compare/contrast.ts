// Compare mode: what A and B did differently at the step just taken, from their narrations —
// the outcome of the newest access (buffer cache: hit or miss; library cache: soft or hard
// parse, a latch sleep). Nothing is said when both did the same, or when their newest groups
// are not at the same position (one run waits at its end).
import type { NarrationGroup, NarrationLine } from '../shared/narration';

/** The line kinds that say how a step came out, in the order they are looked for. */
const OUTCOMES: NarrationLine['kind'][] = [
  'hit',
  'miss',
  'hard_parse',
  'soft_parse',
  'latch_sleep',
  'load_wait',
];

/** The outcome line of a group: the first line of the first outcome kind it has. */
function outcome(g: NarrationGroup): NarrationLine | undefined {
  for (const kind of OUTCOMES) {
    const line = g.lines.find((l) => l.kind === kind);
    if (line) return line;
  }
  return undefined;
}

/** How A's and B's newest steps came out, when they differ (null otherwise). */
export function stepContrast(
  a: NarrationGroup[],
  b: NarrationGroup[],
): { position: number; a: string; b: string } | null {
  const ga = a[a.length - 1];
  const gb = b[b.length - 1];
  if (!ga || !gb || ga.position !== gb.position) return null;
  const oa = outcome(ga);
  const ob = outcome(gb);
  if (!oa || !ob || (oa.kind === ob.kind && oa.text === ob.text)) return null;
  return { position: ga.position, a: oa.text, b: ob.text };
}
