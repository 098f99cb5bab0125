// Tags (HOT HEAD, MIDPOINT, COLD TAIL, WRITE LIST …) and the midpoint bar of each working
// set, placed from the sections of `info` so that they never overlap. The policy's regions
// name their own tags (the engine's `RegionDef`: head, tail and boundary tags).
import { cellOf, rowY, slotXY, type Grid, type RegionName } from './lruGrid';
import { toneOf, type SectionRegion, type SetSections } from './lruLayout';

export const TAG_H = 17;
const TAG_FONT_W = 7.9; // width of one bold 12 px uppercase character, near enough
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
  /**
   * Set when the tag stands in the set's top lane for a row further down (small cells have
   * no lane above each row): a thin leader from the tag down to that row's top, at `x`.
   */
  lead?: { x: number; y: number };
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

/** The regions of a set that begin with a boundary mark (the touch count's midpoint). */
export const boundaries = (sec: SetSections): SectionRegion[] =>
  sec.regions.filter((r) => r.def.boundary_tag !== null);

/** The slot a boundary's mark stands at: the region's first, or the list's last if it is empty. */
const boundarySlot = (sec: SetSections, r: SectionRegion) =>
  r.start < sec.repl || sec.repl === 0 ? r.start : sec.repl - 1;

/**
 * The mark before region `r` (the midpoint of a touch-count list: between the last hot and the
 * first cold buffer).
 */
export function midpointBar(grid: Grid, sec: SetSections, s: number, r: SectionRegion): MidBar {
  const gap = grid.pitch - grid.cell;
  // At the end of the list when the region is empty, else at the left of its first buffer.
  const slot = boundarySlot(sec, r);
  const { x, y } = slotXY(grid, s, slot);
  const edge = r.start < sec.repl || sec.repl === 0 ? x - gap / 2 : x + grid.cell + gap / 2;
  const over = Math.min(6, Math.max(3, grid.cell * 0.25));
  return { set: s, x: edge, y: y - over, h: grid.cell + 2 * over };
}

function wishes(grid: Grid, sec: SetSections, s: number): Wish[] {
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
  // The boundary marks first (they win a row's space), then each region's head and tail.
  for (const r of boundaries(sec)) {
    const tag = r.def.boundary_tag as [string, string];
    add('midpoint', tag, 'middle', boundarySlot(sec, r), midpointBar(grid, sec, s, r).x);
  }
  sec.regions.forEach((r, k) => {
    if (r.len === 0) return;
    const end = r.start + r.len;
    // A head tag may reach up to the next cells drawn: a later region's, else the lists'.
    const next = sec.repl > end ? end : afterList;
    // The list's head is tagged in the hot colour, whatever the region's tone.
    if (r.def.head_tag)
      add(
        k === 0 ? 'hot' : toneOf(r),
        r.def.head_tag,
        'start',
        r.start,
        left(r.start),
        upTo(r.start, next),
      );
    if (r.def.tail_tag) add(toneOf(r), r.def.tail_tag, 'end', end - 1, right(end - 1));
  });
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
export function placeTags(grid: Grid, secs: SetSections[]): Tag[] {
  const out: Tag[] = [];
  const maxX = grid.width - 2;
  // Tags placed so far, as boxes: rows a few px apart (small cells, no lanes) put tags of
  // different rows in one band, so a clash is an overlap in both directions.
  const placed: { x0: number; x1: number; y0: number; y1: number }[] = [];
  secs.forEach((sec, s) => {
    if (!grid.sets[s]) return;
    for (const w of wishes(grid, sec, s)) {
      // Over the row it names when there is a lane for it; otherwise in the set's top lane,
      // with a leader down to its row — never over another row's cells (issue 26 #10).
      const inLane = grid.lanes || w.row === 0;
      const y = rowY(grid, s, inLane ? w.row : 0) - TAG_H - 3;
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
        const lead = inLane
          ? undefined
          : { x: Math.max(x + 2, Math.min(x + width - 2, w.at)), y: rowY(grid, s, w.row) };
        out.push({ set: s, text, kind: w.kind, x, y, w: width, ...(lead ? { lead } : {}) });
        break;
      }
    }
  });
  return out;
}
