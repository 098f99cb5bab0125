// The "Your instance" Worker: the fit and the what-ifs (some forty runs of the engine) away
// from the page's thread. The page reads the report itself (DOMParser is not in Workers) and
// sends what it read; the Worker sends the analysis back. Cancel terminates it.
import { loadEngine } from '../sim/engine';
import wasmUrl from '../wasm/pkg/cachesim_bg.wasm?url';
import { analyse } from './analyse';
import type { FromWorker, ToWorker } from './instanceClient';

const post = (m: FromWorker) =>
  (self as unknown as { postMessage(m: FromWorker): void }).postMessage(m);

self.onmessage = async (e: MessageEvent<ToWorker>) => {
  try {
    await loadEngine(e.data.module ?? wasmUrl);
    post({ kind: 'done', analysis: analyse(e.data.read) });
  } catch (err) {
    post({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
