// What the replacement-list view draws of a policy beyond its regions, as pure functions of
// the engine's `PolicyState` (one per working set): the badge of each buffer (its mark and
// status word), the rows under a set (a caption of the policy's numbers, one row per ghost
// list, CLOCK's ring) and how each ghost row fits its blocks into the width it has.
import { format } from 'd3';
import type { Ghost, PolicyParam, PolicyView } from '../../sim/engine';
import type { RegionDef } from '../../sim/generated/buffer/RegionDef';

/** The state of a policy that keeps nothing beyond its regions (LRU, FIFO, touch count). */
export const EMPTY_POLICY: PolicyView = {
  ghosts: [],
  hand: null,
  mark_name: null,
  marks: [],
  status: [],
  params: [],
};

/** Height of the caption line (the policy's numbers and their gauges). */
export const CAPTION_H = 22;
/** Height of one ghost list's row. */
export const GHOST_H = 24;
/** Room for CLOCK's ring (its diameter and a margin). */
export const RING_H = 112;
/** Widest and narrowest cell of a ghost block. */
const GHOST_MAX = 16;
const GHOST_MIN = 3;

const short = format('.2~s');

/** A mark as a badge prints it: "∞" for a buffer never used again (OPT), else the number. */
export function markText(value: number | null): string {
  if (value === null) return '∞';
  return Math.abs(value) < 1000 ? String(value) : short(value);
}

export interface Badge {
  /** The mark's text ("1", "37", "∞"), or null when the buffer has none. */
  mark: string | null;
  /** The status word ("LIR", "HIR"), or null. */
  status: string | null;
  /** A mark of 0 is drawn hollow (a reference bit or visited bit not set). */
  zero: boolean;
}

/** Every buffer's badge, by buf#: the marks and status words of the state, merged. */
export function badgesOf(state: PolicyView): Map<number, Badge> {
  const out = new Map<number, Badge>();
  const at = (b: number) => {
    let x = out.get(b);
    if (!x) out.set(b, (x = { mark: null, status: null, zero: false }));
    return x;
  };
  for (const [b, v] of state.marks) {
    const x = at(b);
    x.mark = markText(v);
    x.zero = v === 0;
  }
  for (const [b, word] of state.status) at(b).status = word;
  return out;
}

/** The policy has something to show under the set's buffers. */
const hasCaption = (s: PolicyView) => s.params.length > 0 || s.hand !== null;

/** The policy calls its one list a ring (CLOCK's "clock ring"; SIEVE's queue is none). */
export const isRing = (regions: readonly RegionDef[]) =>
  regions.length === 1 && /\bring\b/i.test(regions[0].label);

/**
 * The policy draws its hand on a ring too (CLOCK), in the label column under the set's label,
 * when the view has room for one and no ghost list's label needs that column.
 */
export const wantsRing = (s: PolicyView, room: boolean) =>
  room && s.hand !== null && s.ghosts.length === 0;

/** Height of the rows under a set's buffers: the caption's lines and a row per ghost list. */
export function extraHeight(
  state: PolicyView,
  regions: readonly RegionDef[] = [],
  width = Infinity,
): number {
  const lines = hasCaption(state) ? captionLines(captionSlots(state, regions), width) : 0;
  const rows = lines * CAPTION_H + state.ghosts.length * GHOST_H;
  return rows > 0 ? rows + 6 : 0;
}

/** Width of one character of the caption (12.5 px), near enough, and of a gauge. */
export const CHAR_W = 7;
export const GAUGE_W = 84;
/** Characters kept for a number, whatever its value (the items stay where they are). */
const NUMBER_CHARS = 7;

export interface CaptionSlot {
  /** The param's index, or -1 for the hand. */
  param: number;
  /** The region it sizes (a gauge), or -1. */
  region: number;
  width: number;
}

/** The caption's items (the hand, then each number) with the width each is given. */
export function captionSlots(state: PolicyView, regions: readonly RegionDef[]): CaptionSlot[] {
  const slot = (param: number, region: number, chars: number): CaptionSlot => ({
    param,
    region,
    width: chars * CHAR_W + (region >= 0 ? GAUGE_W + 14 : 0) + 18,
  });
  const out: CaptionSlot[] = [];
  if (state.hand !== null) out.push(slot(-1, -1, 'hand → buf# '.length + NUMBER_CHARS));
  state.params.forEach((p, k) => {
    const r = regionOfParam(p, regions);
    const words = r >= 0 ? ` · ${regions[r].label} now `.length + NUMBER_CHARS : 0;
    out.push(slot(k, r, p.name.length + 1 + NUMBER_CHARS + words));
  });
  return out;
}

/** Where each slot goes: left to right, onto a new line when the next does not fit. */
export function packCaption(slots: CaptionSlot[], width: number): { line: number; x: number }[] {
  let line = 0;
  let x = 0;
  return slots.map((s) => {
    if (x > 0 && x + s.width > width) {
      line++;
      x = 0;
    }
    const at = { line, x };
    x += s.width;
    return at;
  });
}

/** How many lines the caption takes in `width`. */
export const captionLines = (slots: CaptionSlot[], width: number) =>
  slots.length === 0 ? 0 : (packCaption(slots, width).at(-1)?.line ?? 0) + 1;

/** Height the set's label column needs under the label: CLOCK's ring, if drawn. */
export const sideHeight = (state: PolicyView, ringRoom: boolean): number =>
  wantsRing(state, ringRoom) ? RING_H : 0;

export interface GhostFit {
  /** Cell size and pitch of one block. */
  cell: number;
  pitch: number;
  /** How many of the newest blocks are drawn (the rest are counted: "+N"). */
  shown: number;
  /** Width of the capacity's outline, or null when unbounded or wider than the row. */
  capacityW: number | null;
}

/** How a ghost list's blocks fit in `width` px: the whole capacity at one size if it can. */
export function fitGhost(ghost: Ghost, width: number, maxCell = GHOST_MAX): GhostFit {
  const room = Math.max(0, width - 40);
  const want = Math.max(1, ghost.capacity ?? ghost.dbas.length);
  const pitch = Math.max(GHOST_MIN, Math.min(maxCell, Math.floor(room / want)));
  const cell = pitch >= 8 ? pitch - 2 : pitch >= 5 ? pitch - 1 : pitch;
  const fit = Math.floor(room / pitch);
  const shown = Math.min(ghost.dbas.length, fit);
  const capW =
    ghost.capacity !== null && ghost.capacity * pitch <= room ? ghost.capacity * pitch : null;
  return { cell, pitch, shown, capacityW: capW };
}

/** "B1 12/100", or "ghost 12" when unbounded. */
export function ghostCaption(g: Ghost): string {
  return `${g.label} ${g.dbas.length.toLocaleString('en')}${g.capacity !== null ? `/${g.capacity.toLocaleString('en')}` : ''}`;
}

/**
 * The region a number sizes: the one whose label or name its name or note mentions ("target
 * size of T1"), or -1 (a count that sizes no region: OPT's references seen).
 */
export function regionOfParam(p: PolicyParam, regions: readonly RegionDef[]): number {
  const text = ` ${p.name} ${p.note} `;
  return regions.findIndex((r) =>
    [r.label, r.name].some((w) => new RegExp(`\\b${escape(w)}\\b`, 'i').test(text)),
  );
}

const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A number as the caption prints it: whole, or with two decimals. */
export const paramText = (v: number) =>
  Number.isInteger(v) ? v.toLocaleString('en') : v.toFixed(2);

/** What the badge of buffer `b` says, for the tooltip and the keyboard cursor. */
export function describeMarks(state: PolicyView | undefined, b: number): string {
  if (!state) return '';
  const parts: string[] = [];
  if (state.hand === b) parts.push('the hand points here');
  const mark = state.marks.find(([x]) => x === b);
  if (mark && state.mark_name)
    parts.push(
      `${state.mark_name} ${mark[1] === null ? '∞ (never used again)' : markText(mark[1])}`,
    );
  const status = state.status.find(([x]) => x === b);
  if (status) parts.push(status[1]);
  return parts.map((p) => ` · ${p}`).join('');
}
