// A sweep's Web Worker: its own copy of the engine runs the scenario for its share of the
// values and posts each point as it is done, so the page stays responsive; the page cancels by
// terminating it.
import { loadEngine } from '../sim/engine';
import wasmUrl from '../wasm/pkg/cachesim_bg.wasm?url';
import { planSweep, sweepPoint } from './sweep';
import type { FromWorker, ToWorker } from './sweepClient';

const post = (m: FromWorker) =>
  (self as unknown as { postMessage(m: FromWorker): void }).postMessage(m);

self.onmessage = async (e: MessageEvent<ToWorker>) => {
  try {
    const { scenario, spec, part, parts, module } = e.data;
    await loadEngine(module ?? wasmUrl);
    const values = planSweep(scenario, spec);
    post({ kind: 'start', values });
    for (let index = part; index < values.length; index += parts) {
      post({ kind: 'point', index, point: sweepPoint(scenario, spec.param, values[index]) });
    }
    post({ kind: 'done' });
  } catch (err) {
    post({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
