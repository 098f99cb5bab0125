// A sweep's Web Worker: its own copy of the engine runs the points the pool gives it, one at a
// time, and posts each as it is done, so the page stays responsive; the page cancels by
// terminating it (../shared/pool.ts).
import { loadEngine } from '../sim/engine';
import wasmUrl from '../wasm/pkg/cachesim_bg.wasm?url';
import type { FromPool } from '../shared/pool';
import { servePool } from '../shared/poolWorker';
import { setupPoint, type SweepPoint, type SweepSetup } from './sweep';

const post = (m: FromPool<SweepPoint>) =>
  (self as unknown as { postMessage(m: FromPool<SweepPoint>): void }).postMessage(m);

const handle = servePool(
  post,
  async (setup: SweepSetup) => {
    await loadEngine(setup.module ?? wasmUrl);
    return setup;
  },
  setupPoint,
);
self.onmessage = (e: MessageEvent<Parameters<typeof handle>[0]>) => handle(e.data);
