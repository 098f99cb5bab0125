// The streamed feed loop of a trace replay (issue #12): a file's byte stream, read piece by
// piece (`Blob.stream()`, never the whole file at once), gathered into chunks of CHUNK_BYTES and
// handed to the replay's `feed`, then `finish` at the end of the file. Progress is reported at
// most every `intervalMs`. Pure of the Worker and of the wasm module, so Vitest runs it in Node
// over a Blob with a fake replay; the Worker (./trace.worker) runs it with `TraceRun`.

/** What the loop feeds: `TraceRun` (web/src/sim/trace.ts) has this shape. */
export interface TraceSink {
  feed(bytes: Uint8Array): void;
  finish(): void;
  readonly accesses: number;
}

/** How far a replay has got. */
export interface FeedProgress {
  /** Bytes handed to the replay so far, of `size`. */
  bytes: number;
  size: number;
  accesses: number;
  /** The wasm module's memory now (`WebAssembly.Memory` byte length). */
  memoryBytes: number;
}

/** What a replay ended with (or had got to when it stopped on an error). */
export interface FeedResult {
  bytes: number;
  size: number;
  accesses: number;
  /** Wall-clock time of the loop, from the first read to `finish`, ms. */
  wallMs: number;
  /** The largest wasm memory seen (it only grows, so this is its size at the end). */
  peakMemoryBytes: number;
}

export interface FeedOptions {
  /** The file's size, bytes (for the progress share). */
  size: number;
  /** Bytes a `feed` call gets (the last one less). */
  chunkBytes?: number;
  /** Least time between two progress reports, ms. */
  intervalMs?: number;
  onProgress?: (p: FeedProgress) => void;
  memoryBytes?: () => number;
  now?: () => number;
}

/** 2 MiB a call: few enough calls to cost nothing, small enough for progress ten times a second. */
export const CHUNK_BYTES = 2 << 20;
/** Progress at most ten times a second. */
export const PROGRESS_MS = 100;

/** The replay refused a record (its message names the line or byte offset): how far it got.
 *  `trapped`: the wasm module trapped (a `WebAssembly.RuntimeError`) instead of refusing, and
 *  its handle must not be used again (wasm-bindgen would throw "recursive use of an object"). */
export class FeedError extends Error {
  constructor(
    message: string,
    readonly result: FeedResult,
    readonly trapped = false,
  ) {
    super(message);
    this.name = 'FeedError';
  }
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const trapped = (e: unknown) =>
  typeof WebAssembly !== 'undefined' && e instanceof WebAssembly.RuntimeError;
const feedError = (e: unknown, result: FeedResult) =>
  trapped(e)
    ? new FeedError(`the engine trapped (${messageOf(e)})`, result, true)
    : new FeedError(messageOf(e), result);

/**
 * The stream's pieces (64 KiB in Chromium) gathered into chunks of `chunkBytes`, the last one
 * less. By default the chunks share one buffer, each valid until the next is asked for, and a
 * piece that is a whole chunk already is handed on as it is. `fresh`: each chunk has a buffer
 * of its own, exactly its length (to be transferred to another Worker: ./readAhead). Stopping
 * early (a `break` or a throw in the loop over it) cancels the stream: the rest is not read.
 */
export async function* chunksOf(
  stream: ReadableStream<Uint8Array>,
  chunkBytes: number,
  fresh = false,
): AsyncGenerator<Uint8Array> {
  let buffer = new Uint8Array(chunkBytes);
  let fill = 0;
  const reader = stream.getReader();
  let ended = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        break;
      }
      let at = 0;
      while (at < value.length) {
        if (!fresh && fill === 0 && value.length - at >= chunkBytes) {
          yield value.subarray(at, at + chunkBytes);
          at += chunkBytes;
          continue;
        }
        const n = Math.min(chunkBytes - fill, value.length - at);
        buffer.set(value.subarray(at, at + n), fill);
        fill += n;
        at += n;
        if (fill === chunkBytes) {
          yield buffer;
          if (fresh) buffer = new Uint8Array(chunkBytes);
          fill = 0;
        }
      }
    }
    if (fill > 0) yield fresh ? buffer.slice(0, fill) : buffer.subarray(0, fill);
  } finally {
    if (!ended) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

export async function feedStream(
  stream: ReadableStream<Uint8Array>,
  sink: TraceSink,
  opts: FeedOptions,
): Promise<FeedResult> {
  const {
    size,
    chunkBytes = CHUNK_BYTES,
    intervalMs = PROGRESS_MS,
    onProgress,
    memoryBytes = () => 0,
    now = () => performance.now(),
  } = opts;
  const start = now();
  let bytes = 0;
  let peak = memoryBytes();
  let lastReport = -Infinity;
  const result = (): FeedResult => ({
    bytes,
    size,
    accesses: sink.accesses,
    wallMs: now() - start,
    peakMemoryBytes: peak,
  });
  const report = (force: boolean) => {
    const t = now();
    if (!onProgress || (!force && t - lastReport < intervalMs)) return;
    lastReport = t;
    onProgress({ bytes, size, accesses: sink.accesses, memoryBytes: peak });
  };
  const feed = (piece: Uint8Array) => {
    try {
      sink.feed(piece);
    } catch (e) {
      peak = Math.max(peak, memoryBytes());
      throw feedError(e, result());
    }
    bytes += piece.length;
    peak = Math.max(peak, memoryBytes());
    report(false);
  };

  // the replay copies what it is fed into wasm memory, so the chunks may share one buffer
  for await (const chunk of chunksOf(stream, chunkBytes)) feed(chunk);
  try {
    sink.finish();
  } catch (e) {
    peak = Math.max(peak, memoryBytes());
    throw feedError(e, result());
  }
  peak = Math.max(peak, memoryBytes());
  report(true);
  return result();
}
