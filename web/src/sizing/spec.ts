// What a sweep is asked for, apart from the code that runs it: a lecture's slide checks its
// sweep with these (../lecture/format.ts) without pulling the sweep's code into the page's
// first chunk.

/** A sweep: `param` from `from` to `to` in `steps` runs. */
export interface SweepSpec {
  param: string;
  from: number;
  to: number;
  steps: number;
}

/** The most runs one sweep may ask for. */
export const MAX_STEPS = 100;
