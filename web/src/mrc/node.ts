// Miss-ratio curves under Node (`npm run -s mrc`, issue 41 #10): the panel's plan (./plan.ts)
// and tasks (./task.ts) over worker threads (../shared/nodePool.ts), so the figures are the
// panel's, field for field. `jobs` = 1 runs the tasks one after another here, on one stream.
import { engineModule } from '../sim/engine';
import { RefStream, type StreamSummary, type Workload } from '../sim/mrc';
import { inThreads } from '../shared/nodePool';
import { addPoints, curveRows, curveSizes, planTasks, type Curves } from './plan';
import { runTask, type CurvePoints } from './task';

const entry = new URL('./node-worker.ts', import.meta.url);

export interface NodeCurves {
  summary: StreamSummary;
  sizes: number[];
  curves: Curves;
  /** the panel's CSV/JSON export rows (curveRows), the policies in the order asked */
  rows: ReturnType<typeof curveRows>;
}

/**
 * The curves of `policies` over `workload` at `sizes` (default: the panel's 20, from the
 * stream's working set and the scenario's pool). Needs the engine loaded here (to plan).
 */
export async function curvesInThreads(
  workload: Workload,
  policies: string[],
  stack: string[],
  jobs: number,
  sizes?: number[],
  onPoints: (c: CurvePoints) => void = () => {},
): Promise<NodeCurves> {
  const stream = RefStream.of(workload);
  let summary: StreamSummary;
  try {
    summary = stream.summary();
    const chosen = sizes ?? curveSizes(summary.distinct, summary.current_buffers);
    const job = inThreads({
      setup: { workload, stack, module: jobs > 1 ? engineModule() : null },
      tasks: planTasks(policies, chosen, stack),
      jobs,
      entry,
      run: (setup, t) => runTask(setup, t, () => stream),
      onResult: onPoints,
    });
    let curves: Curves = {};
    for (const c of await job.results) curves = addPoints(curves, c.policy, c.points);
    return { summary, sizes: chosen, curves, rows: curveRows(curves, stack, policies) };
  } finally {
    stream.free();
  }
}
