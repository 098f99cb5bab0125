// The trace workbench (issue 26 #3): a bundled scenario whose segments hold any trace the
// engine replays (scenarios/trace-workbench.json), offered by the Trace panel when a trace
// does not fit the open scenario, and cut to the trace's distinct ids once a replay has
// counted them.

/** The bundled trace workbench (scenarios/trace-workbench.json). */
export const WORKBENCH_ID = 'trace-workbench';
/** Blocks in a segment at most (the engine's limit), and the workbench's five of them. */
const SEGMENT_BLOCKS = 4_194_302;
export const WORKBENCH_BLOCKS = 5 * SEGMENT_BLOCKS;

/** The replay's refusal says the scenario's segments are too small for the trace's ids. */
export const doesNotFit = (error: string | null) =>
  !!error && /past the last block|give them more blocks/.test(error);

/** The distinct ids a dense replay counted, from the report's notes. */
export function distinctIds(notes: string[]): number | null {
  for (const n of notes) {
    const m = /^(\d+) distinct objects in the trace/.exec(n);
    if (m) return Number(m[1]);
  }
  return null;
}

/** The workbench's segments cut to `n` blocks: TRACE1, TRACE2 … of at most a segment each. */
export function workbenchSegments(n: number) {
  const count = Math.ceil(n / SEGMENT_BLOCKS);
  return Array.from({ length: count }, (_, k) => ({
    name: `TRACE${k + 1}`,
    type: 'TABLE' as const,
    blocks: Math.min(SEGMENT_BLOCKS, n - k * SEGMENT_BLOCKS),
  }));
}
