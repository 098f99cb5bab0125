// The sweep's Web Worker: its own copy of the engine runs one scenario per value and posts
// each point as it is done, so the page stays responsive; the page cancels by terminating it.
import { loadEngine, type Scenario } from '../sim/engine';
import wasmUrl from '../wasm/pkg/cachesim_bg.wasm?url';
import { planSweep, sweepPoint, type SweepSpec } from './sweep';
import type { FromWorker } from './sweepClient';

const post = (m: FromWorker) =>
  (self as unknown as { postMessage(m: FromWorker): void }).postMessage(m);

self.onmessage = async (e: MessageEvent<{ scenario: Scenario; spec: SweepSpec }>) => {
  try {
    await loadEngine(wasmUrl);
    const { scenario, spec } = e.data;
    const values = planSweep(scenario, spec);
    post({ kind: 'start', values });
    values.forEach((v, index) => {
      post({ kind: 'point', index, point: sweepPoint(scenario, spec.param, v) });
    });
    post({ kind: 'done' });
  } catch (err) {
    post({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
