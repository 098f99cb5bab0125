// The feed loop over the real replay (TraceRun), in Node over Blobs: the figures do not depend
// on how the file is cut into chunks (records split across chunks are kept for the next one),
// and an error keeps the report of what was served before it.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEngineNode } from '../sim/node';
import { TraceRun, type TraceOptions } from '../sim/trace';
import { FeedError, feedStream } from './feed';

beforeAll(() => loadEngineNode());

const SCENARIO = JSON.stringify({
  version: 1,
  title: 'Trace target',
  profile: '8.1.6',
  init: { db_block_buffers: 50 },
  objects: [
    { name: 'A', type: 'TABLE', blocks: 120 },
    { name: 'B', type: 'TABLE', blocks: 80 },
  ],
  workload: { kind: 'random', accesses: 10, distribution: 'uniform', seed: 1 },
});

function ids(n: number): number[] {
  let x = 12345;
  return Array.from({ length: n }, () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    const u = x / 2 ** 32;
    return Math.floor(200 * u * u);
  });
}

function oracleGeneral(list: number[]): Uint8Array {
  const b = new Uint8Array(list.length * 24);
  const v = new DataView(b.buffer);
  list.forEach((id, i) => {
    v.setUint32(i * 24, Math.floor(i / 50), true);
    v.setBigUint64(i * 24 + 4, BigInt(id), true);
    v.setUint32(i * 24 + 12, 4096, true);
    v.setBigInt64(i * 24 + 16, -1n, true);
  });
  return b;
}

async function replay(bytes: Uint8Array | string, options: TraceOptions, chunkBytes: number) {
  const run = TraceRun.create(SCENARIO, options);
  const blob = new Blob([bytes as BlobPart]);
  try {
    const r = await feedStream(blob.stream(), run, { size: blob.size, chunkBytes });
    return { ...r, error: null as string | null, report: run.report() };
  } catch (e) {
    if (e instanceof FeedError) return { ...e.result, error: e.message, report: run.report() };
    throw e;
  } finally {
    run.free();
  }
}

const figures = (r: Awaited<ReturnType<typeof replay>>) => ({
  accesses: r.report.accesses,
  physical: r.report.total.physical_reads,
  logical: r.report.total.logical_reads,
  elapsed: r.report.elapsed_s,
});

describe('the feed loop over TraceRun', () => {
  const list = ids(5000);

  it('txt: the same figures whatever the chunk size', async () => {
    const text = list.join('\n'); // no newline at the end: finish serves the last line
    const whole = figures(await replay(text, { format: 'txt' }, 1 << 20));
    expect(whole.accesses).toBe(5000);
    for (const chunk of [1, 7, 4096]) {
      expect(figures(await replay(text, { format: 'txt' }, chunk))).toEqual(whole);
    }
  });

  it('oracleGeneral: the same figures whatever the chunk size, records cut anywhere', async () => {
    const bytes = oracleGeneral(list);
    const whole = figures(await replay(bytes, { format: 'oracleGeneral' }, 1 << 20));
    expect(whole.accesses).toBe(5000);
    for (const chunk of [5, 24, 1000]) {
      expect(figures(await replay(bytes, { format: 'oracleGeneral' }, chunk))).toEqual(whole);
    }
  });

  it('a garbage line stops it naming the line, with the report of the lines before', async () => {
    const good = list.slice(0, 300);
    const text = [...good, 'garbage', ...list.slice(300, 400)].join('\n');
    const r = await replay(text, { format: 'txt' }, 64);
    expect(r.error).toMatch(/line 301/);
    const before = await replay(good.join('\n'), { format: 'txt' }, 64);
    expect(figures(r)).toEqual(figures(before));
  });

  it('a truncated record names its byte offset', async () => {
    const bytes = oracleGeneral(list.slice(0, 100)).subarray(0, 24 * 99 + 5);
    const r = await replay(bytes, { format: 'oracleGeneral' }, 1000);
    expect(r.error).toMatch(new RegExp(`byte offset ${24 * 99}`));
    expect(r.report.accesses).toBe(99);
  });
});
