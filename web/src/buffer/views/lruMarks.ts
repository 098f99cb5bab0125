// Tags (HOT HEAD, MIDPOINT, COLD TAIL, WRITE LIST …) and the midpoint bar of each working
// set, placed from the sections of `info` so that they never overlap.
import { cellOf, rowY, slotXY, type Grid, type RegionName } from './lruGrid';
import { type SetSections } from './lruLayout';

export const TAG_H = 16;
const TAG_FONT_W = 7.2; // width of one bold 11 px uppercase character, near enough
const TAG_PAD = 10;
const TAG_SPACE = 6;
const MAX_SLIDE = 160;

export type TagKind = RegionName | 'midpoint';

export interface Tag {
  set: number;
  text: string;
  kind: TagKind;
  x: number;
  y: number;
  w: number;
}

export interface MidBar {
  set: number;
  x: number;
  y: number;
  h: number;
}

interface Wish {
  set: number;
  row: number;
  texts: string[];
  kind: TagKind;
  anchor: 'start' | 'middle' | 'end';
  /** The left edge (start), centre (middle) or right edge (end) it belongs to. */
  at: number;
  /** How far right a start tag may slide: up to the next region's first cell in its row. */
  limit: number;
}

export function tagWidth(text: string): number {
  return Math.ceil(text.length * TAG_FONT_W + TAG_PAD);
}

function rowOf(grid: Grid, s: number, slot: number): number {
  return Math.floor(cellOf(grid, slot) / grid.sets[s].cols);
}

/** The midpoint of a touch-count list: between the last hot and the first cold buffer. */
export function midpointBar(grid: Grid, sec: SetSections, s: number): MidBar {
  const gap = grid.pitch - grid.cell;
  // At the end of the list when every buffer is hot, else at the left of the first cold one.
  const slot = sec.hot < sec.repl || sec.repl === 0 ? sec.hot : sec.repl - 1;
  const { x, y } = slotXY(grid, s, slot);
  const edge = sec.hot < sec.repl || sec.repl === 0 ? x - gap / 2 : x + grid.cell + gap / 2;
  const over = Math.min(6, Math.max(3, grid.cell * 0.25));
  return { set: s, x: edge, y: y - over, h: grid.cell + 2 * over };
}

function wishes(grid: Grid, sec: SetSections, s: number, touchCount: boolean): Wish[] {
  const out: Wish[] = [];
  const left = (slot: number) => slotXY(grid, s, slot).x;
  const right = (slot: number) => slotXY(grid, s, slot).x + grid.cell;
  /** Up to where a tag starting at `slot` may reach: the next region's cell in the same row. */
  const upTo = (slot: number, next: number | null) =>
    next !== null && rowOf(grid, s, next) === rowOf(grid, s, slot) ? left(next) : Infinity;
  const w0 = sec.writeStart;
  const f0 = sec.freeStart;
  const afterList = sec.write + sec.writing > 0 ? w0 : sec.free > 0 ? f0 : null;
  const afterWrite = sec.writing > 0 ? w0 + sec.write : sec.free > 0 ? f0 : null;
  const add = (
    kind: TagKind,
    texts: string[],
    anchor: Wish['anchor'],
    slot: number,
    at: number,
    limit = Infinity,
  ) => out.push({ set: s, row: rowOf(grid, s, slot), texts, kind, anchor, at, limit });
  if (touchCount) {
    const bar = midpointBar(grid, sec, s);
    const slot = sec.hot < sec.repl || sec.repl === 0 ? sec.hot : sec.repl - 1;
    add('midpoint', ['MIDPOINT', 'MID'], 'middle', slot, bar.x);
    if (sec.hot > 0)
      add(
        'hot',
        ['HOT HEAD', 'HOT'],
        'start',
        0,
        left(0),
        upTo(0, sec.repl > sec.hot ? sec.hot : afterList),
      );
    if (sec.repl > sec.hot)
      add('cold', ['COLD TAIL', 'TAIL'], 'end', sec.repl - 1, right(sec.repl - 1));
  } else if (sec.repl > 0) {
    add('hot', ['MRU HEAD', 'MRU'], 'start', 0, left(0), upTo(0, afterList));
    add('cold', ['LRU TAIL', 'LRU'], 'end', sec.repl - 1, right(sec.repl - 1));
  }
  if (sec.write > 0)
    add('write', ['WRITE LIST', 'WRITE'], 'start', w0, left(w0), upTo(w0, afterWrite));
  if (sec.writing > 0) {
    const slot = w0 + sec.write;
    add(
      'writing',
      ['DBWR WRITING', 'WRITING'],
      'start',
      slot,
      left(slot),
      upTo(slot, sec.free > 0 ? f0 : null),
    );
  }
  if (sec.free > 0) add('free', ['FREE', 'FREE'], 'start', f0, left(f0));
  return out;
}

/**
 * Tags of every set: higher-priority tags (midpoint first) win a row's space; a tag that
 * does not fit tries its short text, then is left out.
 */
export function placeTags(grid: Grid, secs: SetSections[], touchCount: boolean): Tag[] {
  const out: Tag[] = [];
  const maxX = grid.width - 2;
  // Tags placed so far, as boxes: rows a few px apart (small cells, no lanes) put tags of
  // different rows in one band, so a clash is an overlap in both directions.
  const placed: { x0: number; x1: number; y0: number; y1: number }[] = [];
  secs.forEach((sec, s) => {
    if (!grid.sets[s]) return;
    for (const w of wishes(grid, sec, s, touchCount)) {
      const y = rowY(grid, s, w.row) - TAG_H - 3;
      for (const text of w.texts) {
        const width = tagWidth(text);
        let x = w.anchor === 'start' ? w.at : w.anchor === 'end' ? w.at - width : w.at - width / 2;
        x = Math.max(grid.gridX - 2, Math.min(maxX - width, x));
        const clashAt = (cx: number) =>
          placed.find(
            (r) =>
              cx < r.x1 + TAG_SPACE &&
              cx + width + TAG_SPACE > r.x0 &&
              y < r.y1 &&
              y + TAG_H > r.y0,
          );
        let clash = clashAt(x);
        // A tag that starts a region may slide right past the tag in its way, as long as it
        // does not reach over the next region's cells.
        if (clash && w.anchor === 'start') {
          const slid = clash.x1 + TAG_SPACE;
          const fits = slid + width <= Math.min(maxX, w.limit - 2);
          if (slid - w.at <= MAX_SLIDE && fits && !clashAt(slid)) {
            x = slid;
            clash = undefined;
          }
        }
        if (clash) continue;
        placed.push({ x0: x, x1: x + width, y0: y, y1: y + TAG_H });
        out.push({ set: s, text, kind: w.kind, x, y, w: width });
        break;
      }
    }
  });
  return out;
}
