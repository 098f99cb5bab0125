// The OS page cache under the pools (seed 003), drawn to a canvas: one slot per page the OS
// can hold (up to OS_PAGE_LIMIT), filled from the most recently used page. A page only the OS
// holds is its segment's pale colour; a page held twice — the same block is in a buffer above
// (double buffering) — is solid teal, so that a room sees how much of the OS cache is a copy.
//
//   createOsCacheView(el, { onSelect }) → { update(frame), destroy() }
import { NO_BUFFER, splitDba } from '../../sim/engine';
import {
  DOUBLE_MARK,
  FREE_FILL,
  packRgba,
  SELECT,
  segmentColor,
  shade,
} from '../../shared/views/colours';
import { styled, viewRoot } from '../../shared/views/host';
import { PixelCanvas, SVG_NS } from '../../shared/views/pixelCanvas';
import {
  OS_PAGE_LIMIT,
  osGrid,
  osSlotAt,
  osSlotXY,
  slotOfBuffer,
  truncation,
  type OsGrid,
} from './osLayout';
import type { OsFrame, View, ViewOptions } from '../../buffer/views/types';

/** The canvas of pages: pixels written straight into an ImageData. */
class OsCanvas extends PixelCanvas {
  private palette = new Map<number, number>();
  private readonly empty = packRgba(FREE_FILL);
  private readonly ink = packRgba(DOUBLE_MARK);
  private ring: SVGRectElement;
  private head: SVGRectElement;

  constructor(parent: HTMLElement) {
    super(parent);
    this.overlay();
    const rect = () => {
      const r = document.createElementNS(SVG_NS, 'rect');
      r.setAttribute('fill', 'none');
      r.setAttribute('display', 'none');
      this.svg.appendChild(r);
      return r;
    };
    this.head = rect();
    this.head.setAttribute('stroke', '#f08c00');
    this.head.setAttribute('stroke-width', '2.5');
    this.ring = rect();
    this.ring.setAttribute('stroke', SELECT);
    this.ring.setAttribute('stroke-width', '2.5');
  }

  /** The pale colour of a segment, packed: a page only the OS holds. */
  private pale(seg: number): number {
    let c = this.palette.get(seg);
    if (c === undefined) {
      c = packRgba(shade(segmentColor(seg), 0.42));
      this.palette.set(seg, c);
    }
    return c;
  }

  draw(g: OsGrid, slots: number, pages: Uint32Array, dpr: number): void {
    const W = Math.max(1, Math.round(g.width * dpr));
    const H = Math.max(1, Math.round(g.height * dpr));
    const image = this.fit(W, H, g.width, g.height);
    const px = this.pixels;
    px.fill(0);
    const pd = Math.round(g.pitch * dpr);
    const cd = Math.max(1, Math.round(g.cell * dpr));
    const listed = pages.length >> 1;
    for (let i = 0; i < slots; i++) {
      const top = Math.floor(i / g.cols) * pd * W + (i % g.cols) * pd;
      let fill = this.empty;
      if (i < listed)
        fill = pages[2 * i + 1] !== NO_BUFFER ? this.ink : this.pale((pages[2 * i] >>> 22) - 1);
      for (let r = 0, o = top; r < cd; r++, o += W) for (let q = 0; q < cd; q++) px[o + q] = fill;
    }
    this.ctx.putImageData(image, 0, 0);
  }

  /** Outline slot `i` (or hide the outline): the selected buffer's page, the head. */
  mark(which: 'ring' | 'head', g: OsGrid, i: number): void {
    const r = which === 'ring' ? this.ring : this.head;
    if (i < 0) {
      r.setAttribute('display', 'none');
      return;
    }
    const { x, y } = osSlotXY(g, i);
    const pad = 2;
    r.setAttribute('x', String(x - pad));
    r.setAttribute('y', String(y - pad));
    r.setAttribute('width', String(g.cell + 2 * pad));
    r.setAttribute('height', String(g.cell + 2 * pad));
    r.setAttribute('display', 'inline');
  }
}

/** What the last step read, for the caption: a hit or a fill at the head. */
function lastRead(frame: OsFrame): string {
  for (let i = frame.events.length - 1; i >= 0; i--) {
    const e = frame.events[i];
    if (e.type === 'read' || e.type === 'direct_read') {
      const how = e.type === 'direct_read' ? 'direct read' : 'read';
      if (e.source === 'os_cache')
        return `last ${how}: OS page cache hit (${(e.ns / 1000).toFixed(0)} µs, no disk) — its page moved to the head`;
      if (e.source === 'disk')
        return `last ${how}: from disk (${(e.ns / 1e6).toFixed(2)} ms) into a new page at the head`;
      return `last ${how}: part of a multiblock request`;
    }
  }
  return '';
}

export function createOsCacheView(el: HTMLElement, opts: ViewOptions): View<OsFrame> {
  const root = viewRoot(el, 'os-cache-view');
  const caption = styled('div', {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '2px 14px',
    fontSize: '12px',
    color: '#5c6370',
    margin: '0 0 6px',
    minHeight: '16px',
  });
  const key = styled('span', {}, caption);
  const held = styled('b', { color: DOUBLE_MARK }, caption);
  held.dataset.testid = 'os-held-twice';
  const told = styled('span', { color: '#1d1f24' }, caption);
  const cut = styled('span', { fontStyle: 'italic' }, caption);
  const stage = styled('div', { position: 'relative', cursor: 'pointer' });
  root.append(caption, stage);
  el.appendChild(root);
  // Built node by node: an inline style attribute in markup would break the page's CSP.
  const teal = styled('b', { color: DOUBLE_MARK });
  teal.textContent = 'teal';
  key.append(
    'MRU → LRU, row by row · pale = only the OS holds the block · ',
    teal,
    ' = also in a buffer (double-buffered)',
  );

  const canvas = new OsCanvas(stage);
  let grid: OsGrid | null = null;
  let last: OsFrame | null = null;
  let gridKey = '';
  let size: { width: number; height: number } | null = null;

  function draw(frame: OsFrame): void {
    const dpr = window.devicePixelRatio || 1;
    // Measured once and on resize: reading sizes every frame forces a layout of the page.
    size ??= {
      width: Math.max(200, (el.clientWidth || 600) - 20),
      height: Math.max(40, (el.clientHeight || 160) - caption.offsetHeight - 16),
    };
    const { width, height } = size;
    // A slot for every page the OS can hold, up to the limit: the empty ones are its room.
    const drawn = Math.max(frame.pages.length >> 1, Math.min(frame.capacity, OS_PAGE_LIMIT));
    const k = `${width}|${height}|${drawn}|${dpr}`;
    if (k !== gridKey || !grid) {
      gridKey = k;
      grid = osGrid({ width, maxHeight: height, slots: drawn, dpr });
    }
    canvas.draw(grid, drawn, frame.pages, dpr);
    const listed = frame.pages.length >> 1;
    cut.textContent = truncation(frame.resident, listed) ?? '';
    root.dataset.pages = String(listed);
    const doubled = countDoubled(frame.pages);
    root.dataset.doubled = String(doubled);
    held.textContent = listed
      ? `${doubled.toLocaleString('en')} of ${listed.toLocaleString('en')} pages held twice (${Math.round((100 * doubled) / listed)} %)`
      : '';
    const fresh = frame.events.length > 0;
    told.textContent = fresh ? lastRead(frame) : '';
    canvas.mark('head', grid, fresh && told.textContent ? 0 : -1);
    canvas.mark(
      'ring',
      grid,
      frame.selected === null ? -1 : slotOfBuffer(frame.pages, frame.selected),
    );
  }

  function countDoubled(pages: Uint32Array): number {
    let d = 0;
    for (let i = 1; i < pages.length; i += 2) if (pages[i] !== NO_BUFFER) d++;
    return d;
  }

  function slotAt(ev: MouseEvent): number | null {
    if (!grid || !last) return null;
    const r = stage.getBoundingClientRect();
    return osSlotAt(grid, ev.clientX - r.left, ev.clientY - r.top, last.pages.length >> 1);
  }

  function describe(i: number): string {
    if (!last) return '';
    const dba = last.pages[2 * i];
    const buf = last.pages[2 * i + 1];
    const where = splitDba(dba);
    const name = where
      ? `${last.objects[where.seg]?.name ?? `segment ${where.seg}`} block ${where.block}`
      : '';
    const held =
      buf === NO_BUFFER
        ? 'only in the OS page cache'
        : `also in buf# ${buf} (double-buffered: click to select it)`;
    return `page ${i + 1} from the head (MRU) — ${name} · ${held}`;
  }

  const onClick = (ev: MouseEvent) => {
    const i = slotAt(ev);
    if (i === null || !last) return;
    const buf = last.pages[2 * i + 1];
    if (buf !== NO_BUFFER) opts.onSelect(buf);
  };
  const onMove = (ev: MouseEvent) => {
    const i = slotAt(ev);
    const text = i === null ? '' : describe(i);
    if (stage.title !== text) stage.title = text;
  };
  stage.addEventListener('click', onClick);
  stage.addEventListener('mousemove', onMove);

  const resize =
    typeof ResizeObserver === 'undefined'
      ? null
      : new ResizeObserver(() => {
          size = null;
          if (last) draw(last);
        });
  resize?.observe(el);

  return {
    update(frame) {
      last = frame;
      draw(frame);
    },
    destroy() {
      resize?.disconnect();
      stage.removeEventListener('click', onClick);
      stage.removeEventListener('mousemove', onMove);
      canvas.destroy();
      root.remove();
      last = null;
    },
  };
}
