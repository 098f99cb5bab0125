// What the hot-block tests expect, found without the SQL they test: the cache buffers chains
// child with the most gets (the first on a tie) in a capture, and the blocks on its chains by
// the hash docs/model.md §1.3 documents (the engine's HLADDR is checked against it, not used).
import type { Capture } from './capture';
import { TABLES } from './schema';

/** docs/model.md §1.3: h = dba ^ (dba >> 16); h × 0x45D9F3B mod 2^32; h ^= h >> 16. */
export function bucketOf(dba: number, buckets: number): number {
  let h = (dba ^ (dba >>> 16)) >>> 0;
  h = Math.imul(h, 0x045d9f3b) >>> 0;
  h = (h ^ (h >>> 16)) >>> 0;
  return h % buckets;
}

export interface HotChain {
  /** The child's ADDR and CHILD#. */
  addr: string;
  child: number;
  /** Its blocks as `file#:dbablk`, sorted. */
  blocks: string[];
}

export function hottestChain(
  hash: { buckets: number; latches: number },
  c: Capture,
): HotChain | null {
  const cols = TABLES['v$latch_children'];
  const [name, gets, addr, child] = ['name', 'gets', 'addr', 'child#'].map((k) => cols.indexOf(k));
  const children = (c.rows['v$latch_children'] ?? []).filter(
    (r) => r[name] === 'cache buffers chains',
  );
  if (!children.length || !c.headers) return null;
  const top = children.reduce((a, b) => (Number(b[gets]) > Number(a[gets]) ? b : a));
  const k = Number(top[child]) - 1;
  const blocks: string[] = [];
  for (const dba of c.headers.dba)
    if (dba !== 0 && bucketOf(dba, hash.buckets) % hash.latches === k)
      blocks.push(`${dba >>> 22}:${dba & 0x3fffff}`);
  return { addr: String(top[addr]), child: k + 1, blocks: blocks.sort() };
}
