// Which buffers of a comparison hold a block the other configuration has not cached: read
// from the two runs' buffer headers (the DBA array: segment and block, ../sim/engine
// splitDba), matched by segment name (B may list its segments in another order, or others).
// One pass over each run with an open-addressing hash set in a reused typed array: a
// 100,000-buffer pair costs about a millisecond and allocates nothing per frame.
import type { Segment } from '../sim/engine';

/** Each run's marks: 1 where the buffer holds a block the other run does not hold. */
export interface DiffMarks {
  a: Uint8Array;
  b: Uint8Array;
  /** How many buffers are marked in each. */
  onlyA: number;
  onlyB: number;
}

/** One run's buffer headers: the DBA of each buffer (0: none) and its segments. */
export interface Headers {
  dba: Uint32Array;
  objects: Segment[];
}

const SEG_SHIFT = 22;
const BLOCK_MASK = (1 << SEG_SHIFT) - 1;

export class BlockDiff {
  private table = new Uint32Array(0);
  private marksA = new Uint8Array(0);
  private marksB = new Uint8Array(0);
  private remap = new Int32Array(0);

  /** The marks of `a` against `b` and of `b` against `a` (the arrays are reused: copy them to keep). */
  compute(a: Headers, b: Headers): DiffMarks {
    // B's segment s+1 → A's segment number (0 when A has no segment of that name)
    const index = new Map(a.objects.map((o, i) => [o.name, i + 1]));
    if (this.remap.length < b.objects.length + 1) this.remap = new Int32Array(b.objects.length + 1);
    b.objects.forEach((o, i) => (this.remap[i + 1] = index.get(o.name) ?? 0));
    this.marksA = grow(this.marksA, a.dba.length);
    this.marksB = grow(this.marksB, b.dba.length);
    const onlyA = this.mark(a.dba, null, b.dba, this.remap, this.marksA);
    const onlyB = this.mark(b.dba, this.remap, a.dba, null, this.marksB);
    return { a: this.marksA, b: this.marksB, onlyA, onlyB };
  }

  /**
   * Mark the buffers of `mine` whose block is not among `theirs` (each DBA put in A's
   * segment numbering by its remap, null: already A's); returns how many.
   */
  private mark(
    mine: Uint32Array,
    myRemap: Int32Array | null,
    theirs: Uint32Array,
    theirRemap: Int32Array | null,
    out: Uint8Array,
  ): number {
    let cap = 16;
    let bits = 4;
    while (cap < theirs.length * 2) {
      cap <<= 1;
      bits++;
    }
    // Fibonacci hashing: the product's top bits
    const shift = 32 - bits;
    if (this.table.length !== cap) this.table = new Uint32Array(cap);
    const table = this.table;
    table.fill(0);
    const mask = cap - 1;
    for (let i = 0; i < theirs.length; i++) {
      const key = canon(theirs[i], theirRemap);
      if (key === 0) continue;
      let h = Math.imul(key, 0x9e3779b1) >>> shift;
      while (table[h] !== 0 && table[h] !== key) h = (h + 1) & mask;
      table[h] = key;
    }
    let count = 0;
    for (let i = 0; i < mine.length; i++) {
      const d = mine[i];
      let only = 0;
      if (d !== 0) {
        const key = canon(d, myRemap);
        only = 1;
        if (key !== 0) {
          let h = Math.imul(key, 0x9e3779b1) >>> shift;
          while (table[h] !== 0) {
            if (table[h] === key) {
              only = 0;
              break;
            }
            h = (h + 1) & mask;
          }
        }
      }
      out[i] = only;
      count += only;
    }
    return count;
  }
}

/** A DBA in A's segment numbering (0: a segment A does not have, or no block). */
function canon(dba: number, remap: Int32Array | null): number {
  if (dba === 0 || !remap) return dba;
  const seg = remap[dba >>> SEG_SHIFT] ?? 0;
  return seg === 0 ? 0 : ((seg << SEG_SHIFT) | (dba & BLOCK_MASK)) >>> 0;
}

const grow = (a: Uint8Array<ArrayBuffer>, n: number) => (a.length === n ? a : new Uint8Array(n));
