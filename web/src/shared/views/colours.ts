// Colours shared by the views and the app's legends. Segment colours come from Tableau 10
// (designed to stay distinguishable for the common colour-vision deficiencies) without its
// grey, which is kept for free buffers.
import { color, interpolateSinebow, rgb, schemeTableau10 } from 'd3';

const BASE = schemeTableau10.filter((c) => c !== '#bab0ab');

/** The fill of segment `seg` (an index into the scenario's `objects`). Stable for a run. */
export function segmentColor(seg: number): string {
  if (seg < 0) return FREE_FILL;
  const base = BASE[seg % BASE.length];
  const round = Math.floor(seg / BASE.length) % 3;
  if (round === 0) return base;
  const c = color(base);
  if (!c) return base;
  return (round === 1 ? c.darker(0.9) : c.brighter(0.7)).formatHex();
}

/** A never-used buffer. */
export const FREE_FILL = '#eef0f3';
export const FREE_STROKE = '#c5cad3';

/** Ink for text on a given fill: near-black on light fills, white on dark ones. */
export function inkOn(fill: string): string {
  return luminance(fill) > 0.32 ? '#16181d' : '#ffffff';
}

/**
 * Regions of a working set, in drawing order, with their marker colours: dark, so that no
 * outline or rail reads as a segment's fill (Tableau's orange and blue are LARGE_TBL_PK's and
 * LARGE_TBL's); colours.test.ts keeps them apart from every segment colour.
 */
export const REGION_COLOR = {
  hot: '#9c2f00',
  cold: '#123f86',
  write: '#4c2a9c',
  writing: '#8a1547',
  free: '#6c737d',
} as const;

/** How each region's outline is stroked besides its colour (small cells): the dashes. */
export const REGION_DASH = {
  hot: null,
  cold: '7 3',
  write: '2 2',
  writing: '2 2',
  free: '4 3',
} as const;

/** Light tints drawn behind the cells of each region. */
export const REGION_TINT = {
  hot: '#fff0e6',
  cold: '#e7f1fb',
  write: '#f0ecff',
  writing: '#fdebf2',
  free: '#f4f5f7',
} as const;

export const INK = '#1d1f24';
export const MUTED = '#5c6370';
export const DIRTY_MARK = '#c92a2a';
/** Compare mode: the outline of a buffer whose block the other configuration has not cached. */
export const DIFF_MARK = '#5f3dc4';
export const SELECT = '#111418';
export const MIDPOINT = '#111418';

/** Pools in V$BUFFER_POOL order, and the total. */
const POOL_COLOR: Record<string, string> = {
  DEFAULT: '#3b5bdb',
  KEEP: '#2b8a3e',
  RECYCLE: '#ae3ec9',
  TOTAL: '#495057',
};

export function poolColor(pool: string): string {
  return POOL_COLOR[pool] ?? '#868e96';
}

/**
 * The colour of cache buffers chains latch `latch` of `latches`: a hue wheel, so buckets
 * covered by one latch share a hue and neighbouring latches differ.
 */
export function latchColor(latch: number, latches: number): string {
  return interpolateSinebow((latch % latches) / Math.max(1, latches));
}

/** WCAG 2 relative luminance of a CSS colour. */
function luminance(css: string): number {
  const c = rgb(css);
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
}

/** WCAG 2 contrast ratio of two CSS colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * A hash bucket's fill by its chain length (0, 1, 2, 3+): one blue ramp, so a projector shows
 * where chains are and how long (issue 26 #9: a hue per latch — 1,024 of them — read as noise,
 * and a chain of one was a pale dot). Even a chain of one stands 3:1 from an empty bucket
 * (WCAG's non-text contrast); which buckets share a latch the strip rings instead.
 */
export const BUCKET_FILL = [FREE_FILL, '#5a8dc2', '#1864ab', '#0b2d50'] as const;
export const bucketFill = (len: number) => BUCKET_FILL[Math.min(3, Math.max(0, len))];

/** `#rrggbb` (or any CSS colour d3 parses) as little-endian RGBA for an ImageData view. */
export function packRgba(css: string, alpha = 255): number {
  const c = rgb(css);
  return ((alpha << 24) | (Math.round(c.b) << 16) | (Math.round(c.g) << 8) | Math.round(c.r)) >>> 0;
}

/** Mix a colour towards white: t = 0 gives white, 1 the colour. */
export function shade(css: string, t: number): string {
  const c = rgb(css);
  const m = (v: number) => Math.round(255 + (v - 255) * t);
  return rgb(m(c.r), m(c.g), m(c.b)).formatHex();
}

/** The OS page cache (seed 003): a buffer whose block the OS also caches, a page so held. */
export const DOUBLE_MARK = '#0b7285';

/**
 * Rows of a `cell`-px cell drawn in DOUBLE_MARK when its block is held twice: the bottom half,
 * so that double buffering shows at a glance on a projector (issue 26 #9: a 1-px line did
 * not). Under 2 px a cell has no room for two colours and keeps its segment's.
 */
export const doubleRows = (cell: number) => (cell >= 2 ? Math.ceil(cell / 2) : 0);
