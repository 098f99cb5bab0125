// The benches' oracleGeneral traces (issue 42 item 4): the future libCacheSim's Belady reads,
// and the stamp that keeps one bench from reusing another's file.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  nextAccessVtimes,
  stampTrace,
  traceMismatch,
  traceName,
  writeZipfTrace,
  zipfIds,
} from './oracleTrace';

describe('nextAccessVtimes', () => {
  it('gives each request the 1-based time of the next request of its id, −1 for none', () => {
    //            vtime: 1  2  3  4  5  6  7
    const ids = [0, 1, 0, 2, 1, 0, 3];
    expect([...nextAccessVtimes(ids)]).toEqual([3, 5, 6, -1, -1, -1, -1]);
  });

  it('handles a repeated id, a single request and an empty trace', () => {
    expect([...nextAccessVtimes([7, 7, 7])]).toEqual([2, 3, -1]);
    expect([...nextAccessVtimes([5])]).toEqual([-1]);
    expect([...nextAccessVtimes([])]).toEqual([]);
  });

  it('agrees with a forward search on a generated trace', () => {
    const ids = zipfIds(2_000, 50, 0.9, 7);
    const next = nextAccessVtimes(ids);
    for (let i = 0; i < ids.length; i++) {
      const j = ids.indexOf(ids[i], i + 1);
      expect(next[i]).toBe(j < 0 ? -1 : j + 1);
    }
  });
});

describe('a written trace', () => {
  const dir = mkdtempSync(join(tmpdir(), 'oracle-trace-'));
  const params = { requests: 300, objects: 20, alpha: 0.9, seed: 3 };
  const file = join(dir, traceName('mulberry32', params));
  writeZipfTrace(file, params.requests, params.objects, params.alpha, params.seed);
  const bytes = readFileSync(file);

  it('holds each record’s id and its next access (24-byte records)', () => {
    expect(bytes.length).toBe(params.requests * 24);
    const ids = zipfIds(params.requests, params.objects, params.alpha, params.seed);
    const next = nextAccessVtimes(ids);
    for (let i = 0; i < params.requests; i++) {
      expect(Number(bytes.readBigUInt64LE(i * 24 + 4))).toBe(ids[i]);
      expect(bytes.readUInt32LE(i * 24 + 12)).toBe(4096);
      expect(Number(bytes.readBigInt64LE(i * 24 + 16))).toBe(next[i]);
    }
    // a Zipf trace's first request recurs: the field is not the old all-−1
    expect(Number(bytes.readBigInt64LE(16))).toBeGreaterThan(1);
  });

  it('is named after its generator and parameters', () => {
    expect(traceName('mulberry32', params)).toBe(
      'mulberry32-zipf0.9-300req-20obj-seed3.oracleGeneral',
    );
    expect(traceName('tracegen', params)).not.toBe(traceName('mulberry32', params));
    expect(traceName('mulberry32', { ...params, seed: 4 })).not.toBe(
      traceName('mulberry32', params),
    );
  });

  it('is reused only when its stamp, size and checksum agree', () => {
    expect(traceMismatch(file, 'mulberry32', params)).toBeUndefined();
    expect(traceMismatch(file, 'tracegen', params)).toBe('made by mulberry32');
    expect(traceMismatch(file, 'mulberry32', { ...params, seed: 4 })).toBe('other parameters');
    expect(traceMismatch(join(dir, 'none'), 'mulberry32', params)).toBe('absent');
    // another writer's file of the same size (no future in it), stamped or not
    const copy = join(dir, 'copy.oracleGeneral');
    const other = Buffer.from(bytes);
    for (let i = 0; i < params.requests; i++) other.writeBigInt64LE(-1n, i * 24 + 16);
    writeFileSync(copy, other);
    expect(traceMismatch(copy, 'mulberry32', params)).toBe('no stamp');
    writeFileSync(`${copy}.json`, readFileSync(`${file}.json`));
    expect(traceMismatch(copy, 'mulberry32', params)).toBe('checksum differs');
    writeFileSync(copy, other.subarray(0, 24 * 10));
    expect(traceMismatch(copy, 'mulberry32', params)).toBe('240 bytes');
    writeFileSync(copy, other);
    stampTrace(copy, 'mulberry32', params);
    expect(traceMismatch(copy, 'mulberry32', params)).toBeUndefined();
  });
});
