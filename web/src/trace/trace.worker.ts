// A trace replay's Web Worker: its own engine replays the file through the scenario's cache,
// streaming (./feed: 2 MiB chunks, never the whole file, read ahead by a second Worker while
// the engine works: ./readAhead), and posts progress at most ten times a second, then the
// report; on a bad record, the error and the report of what was served before it. The page
// cancels by terminating the worker.
import { loadEngine } from '../sim/engine';
import { TraceRun } from '../sim/trace';
import init from '../wasm/pkg/cachesim.js';
import wasmUrl from '../wasm/pkg/cachesim_bg.wasm?url';
import { CHUNK_BYTES, FeedError, feedStream } from './feed';
import { readAhead } from './readAhead';
import type { FromWorker, ToWorker, TraceSummary } from './traceClient';

const post = (m: FromWorker) =>
  (self as unknown as { postMessage(m: FromWorker): void }).postMessage(m);

/** The file, read by a second Worker while this one's engine works (./readAhead). Where a
 *  Worker cannot start another, it is streamed here, between chunks. The reader ends with this
 *  Worker (a cancel terminates it). */
function fileStream(file: Blob, chunkBytes: number): ReadableStream<Uint8Array> {
  if (typeof Worker === 'undefined') return file.stream();
  const reader = new Worker(new URL('./reader.worker.ts', import.meta.url), { type: 'module' });
  return readAhead(reader, file, chunkBytes);
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

self.onmessage = async (e: MessageEvent<ToWorker>) => {
  let run: TraceRun | null = null;
  try {
    const { file, scenarioJson, options, chunkBytes, module } = e.data;
    await loadEngine(module ?? wasmUrl);
    // loaded already: `init` hands back the instance's exports, its memory among them
    const { memory } = await init({ module_or_path: wasmUrl });
    run = TraceRun.create(scenarioJson, options);
    const replay = run;
    const memoryBytes = () => memory.buffer.byteLength;
    try {
      const result = await feedStream(fileStream(file, chunkBytes ?? CHUNK_BYTES), replay, {
        size: file.size,
        chunkBytes,
        memoryBytes,
        onProgress: (progress) => post({ kind: 'progress', progress }),
      });
      post({ kind: 'done', summary: { ...result, report: replay.report() } });
    } catch (err) {
      if (!(err instanceof FeedError)) throw err;
      let summary: TraceSummary | null = null;
      // a trapped handle is never used again (wasm-bindgen: "recursive use of an object")
      if (err.trapped) run = null;
      else {
        try {
          summary = { ...err.result, report: replay.report() };
        } catch {
          // no report to show: the message alone
        }
      }
      post({ kind: 'error', message: err.message, summary });
    }
  } catch (err) {
    post({ kind: 'error', message: messageOf(err), summary: null });
  } finally {
    try {
      run?.free();
    } catch {
      // the worker ends with the replay: nothing more to free
    }
  }
};
