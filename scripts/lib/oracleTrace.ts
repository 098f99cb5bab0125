// oracleGeneral traces for the benches (issue 42 item 4): the seeded Zipf generator, the
// `next_access_vtime` field libCacheSim's Belady reads (one backward pass), and a stamp — a
// sidecar `<file>.json` with how the file was made, its size and SHA-256 — so that a bench
// reuses a trace in os.tmpdir() only when it is the one it would make. Pure Node: no page.
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { mulberry32 } from '../../web/src/shared/random';

/**
 * A trace's file name from everything that makes it: the generator, the distribution and its
 * parameter, the counts and the seed — two generators or two parameter sets never share a file.
 */
export function traceName(
  generator: string,
  p: { requests: number; objects: number; alpha: number; seed: number },
): string {
  return `${generator}-zipf${p.alpha}-${p.requests}req-${p.objects}obj-seed${p.seed}.oracleGeneral`;
}

/**
 * oracleGeneral's `next_access_vtime` for each request of `ids`, by one backward pass: the
 * virtual time of the next request of the same id, or −1 when there is none (libCacheSim's
 * reader, `oracleGeneralBin.h`, reads −1 and INT64_MAX alike as "never again"). Virtual time
 * counts requests from 1, as libCacheSim's own converter writes it
 * (`bin/traceUtils/traceConvOracleGeneral.cpp`: "reference count starts with 1"); the
 * engine's `tracegen` counts from 0 — Belady orders by the field alone, so both give the same
 * misses. Ids are dense small integers (0..max): the last-seen table is an array.
 */
export function nextAccessVtimes(ids: ArrayLike<number>): Float64Array {
  let max = -1;
  for (let i = 0; i < ids.length; i++) if (ids[i] > max) max = ids[i];
  const last = new Float64Array(max + 1).fill(-1);
  const next = new Float64Array(ids.length);
  for (let i = ids.length - 1; i >= 0; i--) {
    const id = ids[i];
    next[i] = last[id];
    last[id] = i + 1;
  }
  return next;
}

/** Zipf(s) ids 0..objects-1 — P(rank k) ∝ 1/k^s — by inverse CDF from a seeded generator. */
export function zipfIds(requests: number, objects: number, s: number, seed: number): Uint32Array {
  const cdf = new Float64Array(objects);
  let sum = 0;
  for (let k = 0; k < objects; k++) cdf[k] = sum += 1 / Math.pow(k + 1, s);
  for (let k = 0; k < objects; k++) cdf[k] /= sum;
  const random = mulberry32(seed);
  const ids = new Uint32Array(requests);
  for (let i = 0; i < requests; i++) {
    const u = random();
    let lo = 0;
    let hi = objects - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    ids[i] = lo;
  }
  return ids;
}

/** What a trace's sidecar `<file>.json` says: how it was made, its size and its SHA-256. */
export interface TraceStamp {
  generator: string;
  params: Record<string, number>;
  bytes: number;
  sha256: string;
}

function sha256(file: string): string {
  const hash = createHash('sha256');
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(1 << 22);
    for (let n; (n = readSync(fd, buf, 0, buf.length, null)) > 0;) hash.update(buf.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

/** Stamp `file` (made by `generator` from `params`) with its size and checksum. */
export function stampTrace(file: string, generator: string, params: Record<string, number>): void {
  const stamp: TraceStamp = { generator, params, bytes: statSync(file).size, sha256: sha256(file) };
  writeFileSync(`${file}.json`, `${JSON.stringify(stamp, null, 2)}\n`);
}

/**
 * Whether `file` is the trace `generator` makes from `params`, as stamped when it was made:
 * the stamp's generator and parameters, the file's size (24 bytes a request) and its checksum.
 * Anything else — no stamp, another writer's file, a truncated copy — is why it is not (the
 * caller makes the trace anew).
 */
export function traceMismatch(
  file: string,
  generator: string,
  params: Record<string, number> & { requests: number },
): string | undefined {
  if (!existsSync(file)) return 'absent';
  if (!existsSync(`${file}.json`)) return 'no stamp';
  let stamp: TraceStamp;
  try {
    stamp = JSON.parse(readFileSync(`${file}.json`, 'utf8')) as TraceStamp;
  } catch {
    return 'unreadable stamp';
  }
  if (stamp.generator !== generator) return `made by ${stamp.generator}`;
  if (JSON.stringify(stamp.params) !== JSON.stringify(params)) return 'other parameters';
  const bytes = statSync(file).size;
  if (bytes !== params.requests * 24 || bytes !== stamp.bytes) return `${bytes} bytes`;
  if (sha256(file) !== stamp.sha256) return 'checksum differs';
  return undefined;
}

/**
 * Write `requests` oracleGeneral records (<u32 time, u64 id, u32 size, i64 next>, little-endian,
 * 24 bytes) whose ids 0..objects-1 follow zipf(s) (see {@link zipfIds}), each with its
 * `next_access_vtime` ({@link nextAccessVtimes}: libCacheSim's Belady needs the future), then
 * stamp the file ({@link stampTrace}).
 */
export function writeZipfTrace(
  file: string,
  requests: number,
  objects: number,
  s: number,
  seed: number,
): void {
  const ids = zipfIds(requests, objects, s, seed);
  const next = nextAccessVtimes(ids);
  const per = 1 << 16;
  const buf = Buffer.alloc(per * 24);
  mkdirSync(join(file, '..'), { recursive: true });
  const part = `${file}.${process.pid}.part`;
  const fd = openSync(part, 'w');
  try {
    for (let done = 0; done < requests;) {
      const n = Math.min(per, requests - done);
      for (let i = 0; i < n; i++) {
        const o = i * 24;
        buf.writeUInt32LE(Math.floor((done + i) / 1000), o); // a thousand requests a second
        buf.writeBigUInt64LE(BigInt(ids[done + i]), o + 4);
        buf.writeUInt32LE(4096, o + 12);
        buf.writeBigInt64LE(BigInt(next[done + i]), o + 16);
      }
      writeSync(fd, buf, 0, n * 24);
      done += n;
    }
  } finally {
    closeSync(fd);
  }
  renameSync(part, file);
  stampTrace(file, 'mulberry32', { requests, objects, alpha: s, seed });
}
