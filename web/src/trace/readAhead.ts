// Reading a trace file while the engine serves it (issue 30 #2). In the trace Worker the file's
// stream (`Blob.stream()`) is read only when the feed loop asks for more, after the engine has
// served the last chunk, and the browser fills little ahead of it: the 10M-request trace took
// 0.3–0.5 s longer streamed than from memory. A second Worker (./reader.worker) reads the file
// into whole chunks and hands them over (transferred, not copied) while the engine works, at
// most AHEAD chunks before the one being served, so memory stays bounded; the feed loop reads
// them as a stream (./feed is unchanged). Pure of `Worker`, so Vitest drives it over a
// MessageChannel.
import { chunksOf } from './feed';

/** Chunks the reader may be ahead of the feed loop. */
export const AHEAD = 3;

/** The reader's side of the conversation. */
export type ToReader =
  | { kind: 'start'; file: Blob; chunkBytes: number; ahead: number }
  /** One more chunk may be read (the loop took one). */
  | { kind: 'more' };

export type FromReader =
  { kind: 'chunk'; bytes: ArrayBuffer } | { kind: 'end' } | { kind: 'error'; message: string };

/** A port to the reader: its Worker, or a MessagePort in tests. */
export interface ReaderPort {
  onmessage: ((e: MessageEvent<FromReader>) => void) | null;
  /** A Worker's: it could not start (its script failed to load or threw). */
  onerror?: ((e: ErrorEvent) => void) | null;
  postMessage(m: ToReader, transfer?: Transferable[]): void;
}

/** The file, as the reader behind `port` reads it, chunk by chunk. */
export function readAhead(
  port: ReaderPort,
  file: Blob,
  chunkBytes: number,
): ReadableStream<Uint8Array> {
  const arrived: FromReader[] = [];
  let wake: (() => void) | null = null;
  const hear = (m: FromReader) => {
    arrived.push(m);
    wake?.();
  };
  port.onmessage = (e) => hear(e.data);
  // a reader that never starts would leave the loop waiting for ever
  port.onerror = (e) =>
    hear({ kind: 'error', message: e.message || 'the reader Worker failed to start' });
  port.postMessage({ kind: 'start', file, chunkBytes, ahead: AHEAD });
  return new ReadableStream<Uint8Array>(
    {
      async pull(c) {
        while (arrived.length === 0) await new Promise<void>((ok) => (wake = ok));
        wake = null;
        const m = arrived.shift()!;
        if (m.kind === 'chunk') {
          port.postMessage({ kind: 'more' });
          c.enqueue(new Uint8Array(m.bytes));
        } else if (m.kind === 'end') c.close();
        else c.error(new Error(`reading the file failed: ${m.message}`));
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * The reader's loop (./reader.worker): `file` read as a stream, gathered into chunks of
 * `chunkBytes` (the last one less), each sent as soon as it is whole while `credit()` allows.
 */
export async function serveChunks(
  file: Blob,
  chunkBytes: number,
  send: (m: FromReader, transfer?: Transferable[]) => void,
  credit: () => Promise<void>,
): Promise<void> {
  try {
    for await (const chunk of chunksOf(file.stream(), chunkBytes, true)) {
      await credit();
      send({ kind: 'chunk', bytes: chunk.buffer as ArrayBuffer }, [chunk.buffer]);
    }
    send({ kind: 'end' });
  } catch (e) {
    send({ kind: 'error', message: e instanceof Error ? e.message : String(e) });
  }
}

/** Credits for `serveChunks`: `ahead` at first, one more for each `give()`. */
export function credits(ahead: number): { take: () => Promise<void>; give: () => void } {
  let left = ahead;
  let waiting: (() => void) | null = null;
  return {
    take: async () => {
      while (left === 0) await new Promise<void>((ok) => (waiting = ok));
      left--;
    },
    give: () => {
      left++;
      const w = waiting;
      waiting = null;
      w?.();
    },
  };
}

/** The reader's side of the conversation, on `port` (./reader.worker's own scope). */
export function answerReads(port: {
  onmessage: ((e: MessageEvent<ToReader>) => void) | null;
  postMessage(m: FromReader, transfer: Transferable[]): void;
}): void {
  let give: (() => void) | null = null;
  port.onmessage = (e) => {
    const m = e.data;
    if (m.kind === 'more') give?.();
    else {
      const c = credits(m.ahead);
      give = c.give;
      void serveChunks(m.file, m.chunkBytes, (r, t = []) => port.postMessage(r, t), c.take);
    }
  };
}
