// A curve Worker: its own engine builds the workload's reference stream when it needs it (to
// plan, or for a stack curve) and runs its share of the tasks, posting each policy's points as
// they are done; the page cancels by terminating it.
import { loadEngine } from '../sim/engine';
import { RefStream, simulateAt } from '../sim/mrc';
import wasmUrl from '../wasm/pkg/cachesim_bg.wasm?url';
import type { FromWorker, ToWorker } from './mrcClient';
import { fromSizePoint, type Point } from './plan';

const post = (m: FromWorker) =>
  (self as unknown as { postMessage(m: FromWorker): void }).postMessage(m);

let stream: RefStream | null = null;
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

self.onmessage = async (e: MessageEvent<ToWorker>) => {
  const ask = e.data;
  try {
    await loadEngine(ask.module ?? wasmUrl);
    if (ask.kind === 'plan') {
      stream?.free();
      stream = RefStream.of(ask.workload);
      post({ kind: 'summary', summary: stream.summary() });
      return;
    }
    for (const t of ask.tasks) {
      if (ask.stack.includes(t.policy)) {
        stream ??= RefStream.of(ask.workload);
        const c = stream.curve(t.policy, t.sizes);
        const points = c.sizes.map((size, i) => ({
          size,
          misses: c.misses[i],
          accesses: c.accesses,
        }));
        post({ kind: 'points', policy: t.policy, points });
        continue;
      }
      let point: Point;
      try {
        point = fromSizePoint(simulateAt(ask.workload, t.policy, t.sizes[0]));
      } catch (err) {
        point = { size: t.sizes[0], misses: null, accesses: null, error: message(err) };
      }
      post({ kind: 'points', policy: t.policy, points: [point] });
    }
    post({ kind: 'done' });
  } catch (err) {
    post({ kind: 'error', message: message(err) });
  }
};
