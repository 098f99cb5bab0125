// What an exercise shows of a buffer cache at one position: each working set's buffers in
// list order (head to tail, region by region, then the write list and the free buffers), with
// the block each holds — read from the engine's per-frame layout (`SimRun.order`, `views`).
import { FLAG, splitDba, type Layout, type SimRun } from '../sim/engine';
import type { Choice } from './types';

export interface BufferCell {
  buf: number;
  /** The block it holds, or null for a free buffer. */
  block: { seg: number; block: number } | null;
  tch: number;
  dirty: boolean;
  /** Index of the policy's region it is in; -1 on the write list, -2 free. */
  region: number;
}

export interface SetSlice {
  /** Buffers on the replacement list, head first, region after region. */
  order: number[];
  /** How many of `order` each region holds. */
  regions: number[];
  cells: BufferCell[];
}

/** Every working set's buffers now. */
export function setSlices(run: SimRun): { slices: SetSlice[] } {
  const layout = run.layoutInfo();
  const { order, info } = run.order();
  const ord = Array.from(order);
  const inf = Array.from(info);
  const { dba, tch, flags } = run.views();
  const width = layout.set_info_width;
  const nRegions = layout.regions.length;
  const slices: SetSlice[] = [];
  let at = 0;
  for (let s = 0; s < layout.sets.length; s++) {
    const counts = inf.slice(s * width, (s + 1) * width);
    const regions = counts.slice(0, nRegions);
    const listed = regions.reduce((a, b) => a + b, 0);
    const total = counts.reduce((a, b) => a + b, 0);
    const mine = ord.slice(at, at + total);
    at += total;
    const cells: BufferCell[] = [];
    let r = 0;
    let left = regions[0] ?? 0;
    mine.forEach((buf, i) => {
      while (i < listed && left === 0 && r < nRegions - 1) left = regions[++r];
      const region = i < listed ? r : flags[buf] & FLAG.FREE ? -2 : -1;
      if (i < listed) left -= 1;
      cells.push({
        buf,
        block: splitDba(dba[buf]),
        tch: tch[buf],
        dirty: (flags[buf] & FLAG.DIRTY) !== 0,
        region,
      });
    });
    slices.push({ order: mine.slice(0, listed), regions, cells });
  }
  return { slices };
}

export function cellLabel(layout: Layout, c: BufferCell): string {
  if (!c.block) return `a free buffer (buf ${c.buf})`;
  const name = layout.objects[c.block.seg]?.name ?? `object ${c.block.seg}`;
  return `${name} ${c.block.block} (buf ${c.buf})`;
}

/** A victim question's choices: every buffer of working set `set`, head to tail. */
export function bufferChoices(run: SimRun, layout: Layout, set: number): Choice[] {
  const slice = setSlices(run).slices[set];
  return slice.cells.map((c) => ({ id: String(c.buf), label: cellLabel(layout, c) }));
}
