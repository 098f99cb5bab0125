import { describe, expect, it } from 'vitest';
import { FeedError, feedStream, type FeedProgress, type TraceSink } from './feed';

/** A replay that counts one access per newline and refuses the line `bad`. */
function fakeSink() {
  const fed: number[] = [];
  let text = '';
  let line = 0;
  const serve = (l: string) => {
    line += 1;
    if (l === 'bad') throw new Error(`line ${line}: not an object id: "bad"`);
    sink.accesses += 1;
  };
  const sink = {
    accesses: 0,
    finished: false as boolean,
    fed,
    feed(bytes: Uint8Array) {
      fed.push(bytes.length);
      text += new TextDecoder().decode(bytes);
      const lines = text.split('\n');
      text = lines.pop() ?? '';
      lines.forEach(serve);
    },
    finish() {
      sink.finished = true;
      if (text) serve(text);
    },
  } satisfies TraceSink & { finished: boolean; fed: number[] };
  return sink;
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => String(i % 97)).join('\n');

describe('the streamed feed loop', () => {
  it('feeds a Blob in chunks of chunkBytes (the last one less), then finishes', async () => {
    const text = ids(10_000); // ~28 KB
    const blob = new Blob([text]);
    const sink = fakeSink();
    const r = await feedStream(blob.stream(), sink, { size: blob.size, chunkBytes: 4096 });
    expect(sink.finished).toBe(true);
    expect(r.accesses).toBe(10_000);
    expect(r.bytes).toBe(blob.size);
    expect(sink.fed.slice(0, -1).every((n) => n === 4096)).toBe(true);
    expect(sink.fed.at(-1)).toBe(blob.size % 4096 || 4096);
    expect(sink.fed.reduce((a, b) => a + b, 0)).toBe(blob.size);
  });

  it('gathers small stream pieces into whole chunks, and cuts big ones', async () => {
    const pieces = [new Uint8Array(100).fill(49), new Uint8Array(10_000).fill(50)];
    const stream = new Blob(pieces).stream();
    const sink = {
      accesses: 0,
      fed: [] as number[],
      feed: (b: Uint8Array) => void sink.fed.push(b.length),
      finish() {},
    };
    const r = await feedStream(stream, sink, { size: 10_100, chunkBytes: 1024 });
    expect(r.bytes).toBe(10_100);
    expect(sink.fed).toEqual([...Array(9).fill(1024), 10_100 - 9 * 1024]);
  });

  it('reports progress at most every intervalMs, and once at the end', async () => {
    let clock = 0;
    const seen: FeedProgress[] = [];
    const blob = new Blob([ids(5000)]);
    const sink = {
      accesses: 0,
      feed(b: Uint8Array) {
        clock += 30; // every chunk takes 30 ms
        sink.accesses += b.length;
      },
      finish() {},
    };
    await feedStream(blob.stream(), sink, {
      size: blob.size,
      chunkBytes: 512,
      intervalMs: 100,
      now: () => clock,
      memoryBytes: () => 65536 + clock,
      onProgress: (p) => seen.push(p),
    });
    const chunks = Math.ceil(blob.size / 512);
    expect(seen.length).toBeLessThanOrEqual(Math.ceil((chunks * 30) / 100) + 2);
    expect(seen.length).toBeGreaterThan(2);
    const last = seen.at(-1)!;
    expect(last.bytes).toBe(blob.size);
    expect(last.size).toBe(blob.size);
    expect(last.memoryBytes).toBe(65536 + clock);
  });

  it('a bad record stops the loop with the message and the figures before it', async () => {
    const text = `${ids(3000)}\nbad\n${ids(3000)}`;
    const blob = new Blob([text]);
    const sink = fakeSink();
    const err = await feedStream(blob.stream(), sink, { size: blob.size, chunkBytes: 1000 }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(FeedError);
    const e = err as FeedError;
    expect(e.message).toBe('line 3001: not an object id: "bad"');
    expect(e.result.accesses).toBe(3000);
    expect(e.result.bytes).toBeLessThan(blob.size);
    expect(sink.finished).toBe(false);
  });

  it('an error at the end of the file (a truncated record) comes from finish', async () => {
    const sink = {
      accesses: 2,
      feed() {},
      finish() {
        throw new Error('byte offset 48: truncated record, 7 of 24 bytes');
      },
    };
    const err = (await feedStream(new Blob([new Uint8Array(55)]).stream(), sink, {
      size: 55,
    }).catch((e: unknown) => e)) as FeedError;
    expect(err.message).toMatch(/byte offset 48/);
    expect(err.result).toMatchObject({ bytes: 55, accesses: 2 });
  });

  it('a wasm trap is marked trapped, so the handle is not used again (issue 29)', async () => {
    const sink = {
      accesses: 7,
      feed() {
        throw new WebAssembly.RuntimeError('unreachable');
      },
      finish() {},
    };
    const err = (await feedStream(new Blob([new Uint8Array(10)]).stream(), sink, {
      size: 10,
    }).catch((e: unknown) => e)) as FeedError;
    expect(err).toBeInstanceOf(FeedError);
    expect(err.trapped).toBe(true);
    expect(err.message).toBe('the engine trapped (unreachable)');
    expect(err.result.accesses).toBe(7);
    // a refusal is not a trap
    const refused = (await feedStream(
      new Blob(['x']).stream(),
      {
        accesses: 0,
        feed() {
          throw new Error('trace line 1: no');
        },
        finish() {},
      },
      { size: 1 },
    ).catch((e: unknown) => e)) as FeedError;
    expect(refused.trapped).toBe(false);
  });

  it('an empty file is fed nothing and finished', async () => {
    const sink = fakeSink();
    const r = await feedStream(new Blob([]).stream(), sink, { size: 0 });
    expect(sink.fed).toEqual([]);
    expect(sink.finished).toBe(true);
    expect(r.accesses).toBe(0);
  });
});
