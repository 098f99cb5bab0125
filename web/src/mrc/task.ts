// One task of a curve run, on the engine (the Workers and the tests run the same code): a
// stack policy's whole curve from the reference stream in one pass, or one policy simulated at
// one size (a refusal there is that point's answer, not the run's end).
import { RefStream, simulateAt, type Workload } from '../sim/mrc';
import { fromSizePoint, type Point, type Task } from './plan';

/** What each curve worker is told once: the workload, which policies are stack ones, the engine. */
export interface CurveSetup {
  workload: Workload;
  stack: string[];
  /** The page's compiled engine, when it has one (see `engineModule`). */
  module?: WebAssembly.Module | null;
}

/** A task's answer: one policy's points (a stack curve's every size, or one size). */
export interface CurvePoints {
  policy: string;
  points: Point[];
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Run `t`; `stream` gives the workload's reference stream (built once per worker). */
export function runTask(setup: CurveSetup, t: Task, stream: () => RefStream): CurvePoints {
  if (setup.stack.includes(t.policy)) {
    const c = stream().curve(t.policy, t.sizes);
    const points = c.sizes.map((size, i) => ({ size, misses: c.misses[i], accesses: c.accesses }));
    return { policy: t.policy, points };
  }
  let point: Point;
  try {
    point = fromSizePoint(simulateAt(setup.workload, t.policy, t.sizes[0]));
  } catch (err) {
    point = { size: t.sizes[0], misses: null, accesses: null, error: message(err) };
  }
  return { policy: t.policy, points: [point] };
}
