// The buffer cache as the replacement lists of its working sets. D3 owns the inside of `el`.
//
//   createLruView(el, { onSelect }) → { update(frame), destroy() }
//
// Up to SVG_LIMIT buffers each is an SVG cell keyed by buf#, animated by the step's events;
// above it the cells go to a canvas (same layout, same colours) and only the buffers the
// events name are highlighted. When not even 2 px a buffer fit, each canvas cell stands for
// k buffers (dense mode), and the legend ends with "1 cell = k buffers".
import { LruChrome } from './lruChrome';
import { CanvasCells } from './lruCanvas';
import { SvgCells, type CellState } from './lruCells';
import { LruEffects } from './lruEffects';
import { attachKeys, describeBuffer } from './lruKeys';
import { computeGrid, labelWidth, type Grid } from './lruGrid';
import {
  hitTest,
  locate,
  place,
  placementLocator,
  sections,
  type Locator,
  type Placement,
} from './lruLayout';
import { createDoubleGauge } from './doubleGauge';
import { renderLegend } from './legend';
import { PolicyChrome } from './policyChrome';
import { extraHeight, isRing, sideHeight, wantsRing } from './policyState';
import { buildTimeline } from './timeline';
import { heightBudget, PAD_X, viewRoot } from '../../shared/views/host';
import type { CacheFrame, View, ViewOptions } from './types';

/** Above this many buffers, cells are drawn to a canvas. */
export const SVG_LIMIT = 3000;
/** The largest share of the view's height the full legend may take (else it is shortened). */
const LEGEND_SHARE = 0.25;
const SVG_NS = 'http://www.w3.org/2000/svg';

function svgEl<K extends keyof SVGElementTagNameMap>(
  tag: K,
  parent: Element,
  cls?: string,
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG_NS, tag);
  if (cls) e.setAttribute('class', cls);
  parent.appendChild(e);
  return e;
}

/** Where the buffer of each block the step's victims held was drawn before the step. */
function evictedFrom(
  frame: CacheFrame,
  before: Locator | null,
): Map<number, { x: number; y: number }> {
  const out = new Map<number, { x: number; y: number }>();
  if (!before) return out;
  for (const e of frame.events)
    if (e.type === 'victim' && e.old_dba !== 0) {
      const p = before(e.buf);
      if (p) out.set(e.old_dba, p);
    }
  return out;
}

export function createLruView(el: HTMLElement, opts: ViewOptions): View<CacheFrame> {
  const root = viewRoot(el, 'lru-view');
  const legend = document.createElement('div');
  // What stands above the drawing (its height comes off the drawing's): the legend, then the
  // double buffering gauge when the run has an OS page cache.
  const above = document.createElement('div');
  const gauge = createDoubleGauge();
  gauge.el.style.margin = '0 0 10px';
  const stage = document.createElement('div');
  Object.assign(stage.style, { position: 'relative', cursor: 'pointer' });
  above.append(legend);
  root.append(above, stage);
  // The canvas' scale, at the end of the legend (renderLegend rebuilds the legend's items).
  const scale = document.createElement('span');
  scale.dataset.testid = 'lru-scale';
  Object.assign(scale.style, { whiteSpace: 'nowrap', color: '#495057', fontWeight: '600' });
  el.appendChild(root);

  const svg = svgEl('svg', stage);
  Object.assign(svg.style, { position: 'relative', display: 'block', overflow: 'visible' });
  svg.setAttribute('role', 'img');
  const under = svgEl('g', svg, 'under');
  const cellLayer = svgEl('g', svg, 'cells');
  // Thousands of cells repaint whenever one moves, in software on a projector laptop:
  // crisp edges and fast text raster noticeably cheaper, and look the same on whole pixels.
  cellLayer.setAttribute('shape-rendering', 'crispEdges');
  cellLayer.setAttribute('text-rendering', 'optimizeSpeed');
  // The policy's badges and hand over the cells, under the region tags.
  const policyMarks = svgEl('g', svg, 'policy-marks');
  const over = svgEl('g', svg, 'over');
  const labels = svgEl('g', svg, 'labels');
  const policyRows = svgEl('g', svg, 'policy-rows');
  const fx = svgEl('g', svg, 'effects');
  const selLayer = svgEl('g', svg, 'selection');
  const cursorLayer = svgEl('g', svg, 'cursor');
  fx.setAttribute('pointer-events', 'none');
  cursorLayer.setAttribute('pointer-events', 'none');
  const keys = attachKeys(stage, root);

  const chrome = new LruChrome(under, over, labels);
  const effects = new LruEffects(fx, selLayer);
  const policy = new PolicyChrome(policyRows, policyMarks, stage);
  let cells: SvgCells | null = null;
  let canvas: CanvasCells | null = null;

  let grid: Grid | null = null;
  let gridInput = '';
  let gridSig = '';
  let placement: Placement | null = null;
  // The placement before last, whose arrays the next frame reuses.
  let spare: Placement | null = null;
  let last: CacheFrame | null = null;
  // The frame before, for where the buffers of a step were before it (canvas mode).
  let prev: CacheFrame | null = null;
  let order: Uint32Array = new Uint32Array(0);
  let warned = false;
  // Measured when first needed and again when the host is resized.
  let budget: number | null = null;
  // The legend shows its entries' terms only (set when the full one is too tall, again
  // decided on each resize).
  let shortLegend = false;

  // The host's width, measured when first needed and again on resize: reading it every frame
  // would force a layout right after the previous frame's DOM changes.
  let hostW = 0;
  const width = () => (hostW ||= Math.max(320, Math.floor((el.clientWidth || 960) - 2 * PAD_X)));

  function draw(
    frame: CacheFrame,
    animated: boolean,
    resized = false,
    again = false,
    wasFresh = false,
  ): void {
    const n = frame.dba.length;
    const useCanvas = n > SVG_LIMIT;
    const dpr = window.devicePixelRatio || 1;
    const sizes = frame.sets.map((s) => s.hi - s.lo);
    const touchCount = frame.touchCounts;
    // CLOCK's ring goes in the label column under a set's label, when few sets share the view.
    const ringRoom = frame.sets.length <= 2 && isRing(frame.regions);
    const captionW = width() - labelWidth(width()) - 10;
    const extra = frame.policy.map((p) => extraHeight(p, frame.regions, captionW));
    const side = frame.policy.map((p) => sideHeight(p, ringRoom));
    // The legend first: its height comes off the budget (measured again when the legend
    // changed: another policy explains other structures). Its touch-count note follows the
    // cell size, so it is checked again once the grid is known.
    const legendOf = (cellText: boolean) =>
      renderLegend(
        legend,
        frame.objects,
        frame.regions,
        cellText && touchCount,
        frame.osCache,
        frame.diffOther ?? null,
        frame.policy[0]
          ? {
              state: frame.policy[0],
              ring: wantsRing(frame.policy[0], ringRoom),
              regions: frame.regions,
            }
          : null,
        shortLegend,
      );
    const relegend = legendOf(grid?.text ?? n <= 400);
    if (relegend && !opts.maxHeight) budget = null;
    if (showGauge(frame, sizes)) budget = opts.maxHeight ?? null;
    showScale(useCanvas, grid?.k ?? 1);
    if (budget === null) {
      budget = opts.maxHeight ?? heightBudget(el, root, above);
      // The picture first: a legend that would take over a quarter of the view's height
      // (a policy's explanations at 1024×768) shows its terms only, meanings as tooltips.
      const legendH = legend.offsetHeight;
      if (!opts.maxHeight && !shortLegend && legendH > LEGEND_SHARE * (budget + legendH)) {
        shortLegend = true;
        legendOf(grid?.text ?? n <= 400);
        budget = heightBudget(el, root, above);
      }
    }
    const inputKey = `${width()}|${budget}|${sizes.join(',')}|${extra.join(',')}|${side.join(',')}|${useCanvas}|${dpr}`;
    let fresh = wasFresh;
    if (inputKey !== gridInput) {
      gridInput = inputKey;
      const g = computeGrid({
        width: width(),
        budget,
        setSizes: sizes,
        canvas: useCanvas,
        dpr,
        extra,
        side,
      });
      const sig = `${g.width}|${g.height}|${g.pitch}|${g.cell}|${g.k}|${g.sets.map((b) => `${b.top}:${b.cols}`).join(',')}`;
      if (sig !== gridSig) {
        grid = g;
        gridSig = sig;
        fresh = true;
        svg.setAttribute('width', String(g.width));
        svg.setAttribute('height', String(g.height));
        svg.setAttribute('viewBox', `0 0 ${g.width} ${g.height}`);
        stage.style.height = `${g.height}px`;
        effects.clear();
      }
    }
    if (!grid) return;
    // A new scale can wrap the legend onto another line: measure the budget again, once.
    if (showScale(useCanvas, grid.k) && !again) {
      budget = null;
      gridInput = '';
      draw(frame, animated, resized, true, fresh);
      return;
    }
    // A resize that leaves the grid as it was changes nothing (and keeps the step's captions).
    if (resized && !fresh) return;
    if (useCanvas && cells) {
      cells.destroy();
      cells = null;
    }
    if (!useCanvas && canvas) {
      canvas.destroy();
      canvas = null;
    }
    const secs = sections(frame.info, frame.regions);
    chrome.update(grid, secs, frame.sets);
    legendOf(grid.text);
    showScale(useCanvas, grid.k);
    svg.setAttribute(
      'aria-label',
      `Buffer cache: ${n} buffers in ${frame.sets.length} working set${frame.sets.length === 1 ? '' : 's'}`,
    );
    root.dataset.mode = useCanvas ? 'canvas' : 'svg';
    root.dataset.buffers = String(n);
    root.dataset.k = String(grid.k);

    const tl =
      animated && frame.events.length
        ? buildTimeline(frame.events, frame.durationMs, frame.touchCounts)
        : null;
    const st: CellState = {
      dba: frame.dba,
      tch: frame.tch,
      flags: frame.flags,
      showTch: touchCount,
      diff: frame.diff ?? null,
    };
    let before: Locator | null = null;
    let after: Locator;
    if (useCanvas) {
      // The canvas draws from the order; only the buffers the step names (and the selected
      // one) need a position, now and — for the scan — before the step.
      placement = spare = null;
      canvas ??= new CanvasCells(stage);
      canvas.draw(grid, secs, frame.order, st, dpr);
      const named = new Set<number>(tl ? tl.steps.map((x) => x.buf).filter((b) => b >= 0) : []);
      if (frame.selected !== null) named.add(frame.selected);
      for (const p of frame.policy) if (p.hand !== null) named.add(p.hand);
      after = locate(grid, frame.order, frame.info, frame.regions, named);
      if (tl && prev && !fresh) before = locate(grid, prev.order, prev.info, prev.regions, named);
    } else {
      const pl = place(grid, frame.order, frame.info, frame.regions, n, spare);
      if (!fresh && placement) before = placementLocator(placement);
      spare = placement;
      placement = pl;
      after = placementLocator(pl);
      cells ??= new SvgCells(cellLayer);
      cells.update(grid, pl, st, tl && !fresh ? tl : null, frame.selected);
    }
    policy.update({
      grid,
      secs,
      regions: frame.regions,
      states: frame.policy,
      order: frame.order,
      dba: frame.dba,
      at: after,
      evicted: evictedFrom(frame, before),
      badges: !useCanvas && grid.k === 1,
      ringRoom,
      animate: Boolean(tl) && !fresh,
      durationMs: frame.durationMs,
      dpr,
    });
    effects.selectRing(grid, useCanvas ? after : null, frame.selected);
    if (tl) effects.play(tl, grid, before, after, chrome.tagsNow);
    else effects.clear();
    drawCursor();
  }

  // ---- the keyboard: the grid is one Tab stop; arrows move a cursor, Enter selects ----
  let cursor: number | null = null;

  function drawCursor(): void {
    const g = grid;
    const on = cursor !== null && document.activeElement === stage && g !== null && last;
    let p: { x: number; y: number } | null = null;
    if (on && cursor !== null && g && last)
      p = placement
        ? placementLocator(placement)(cursor)
        : locate(g, last.order, last.info, last.regions, [cursor])(cursor);
    const ring = cursorLayer.firstElementChild ?? svgEl('rect', cursorLayer, 'key-cursor');
    if (!p || !g) {
      ring.setAttribute('display', 'none');
      return;
    }
    const size = Math.max(g.cell, 8) + 10;
    ring.setAttribute('display', 'inline');
    ring.setAttribute('x', String(p.x + g.cell / 2 - size / 2));
    ring.setAttribute('y', String(p.y + g.cell / 2 - size / 2));
    ring.setAttribute('width', String(size));
    ring.setAttribute('height', String(size));
    ring.setAttribute('rx', '4');
    ring.setAttribute('fill', 'none');
    ring.setAttribute('stroke', '#3b5bdb');
    ring.setAttribute('stroke-width', '2.5');
    ring.setAttribute('stroke-dasharray', '4 2');
  }

  function moveCursor(key: string): boolean {
    if (!last || !grid) return false;
    const n = order.length;
    let at = cursor === null ? -1 : order.indexOf(cursor);
    if (at < 0) at = last.selected !== null ? Math.max(0, order.indexOf(last.selected)) : 0;
    else {
      const secs = sections(last.info, last.regions);
      const s = Math.max(
        0,
        secs.findLastIndex((x) => x.offset <= at),
      );
      const cols = grid.sets[s]?.cols ?? 1;
      const step: Record<string, number> = {
        ArrowRight: 1,
        ArrowLeft: -1,
        ArrowDown: cols * grid.k,
        ArrowUp: -cols * grid.k,
      };
      if (key in step) at = Math.min(n - 1, Math.max(0, at + step[key]));
      else if (key === 'PageDown') at = secs[s + 1]?.offset ?? at;
      else if (key === 'PageUp') at = secs[at > secs[s].offset ? s : Math.max(0, s - 1)].offset;
    }
    cursor = order[at] ?? null;
    drawCursor();
    if (cursor !== null) keys.say(describe(cursor));
    return true;
  }

  keys.onKey = (key) => {
    if (key === 'Enter') {
      if (cursor === null) moveCursor(key);
      if (cursor !== null) {
        opts.onSelect(cursor);
        keys.say(`${describe(cursor)} — selected: its X$BH row is in the X$BH panel`);
      }
      return true;
    }
    return moveCursor(key);
  };
  keys.onFocus = () => {
    if (cursor === null) moveCursor('');
    else {
      drawCursor();
      keys.say(describe(cursor));
    }
  };
  keys.onBlur = drawCursor;

  /** The double buffering gauge, shown with an OS page cache; true when it came or went. */
  function showGauge(frame: CacheFrame, sizes: number[]): boolean {
    const was = gauge.el.parentNode !== null;
    if (!frame.os) {
      gauge.el.remove();
      return was;
    }
    gauge.update(
      frame.os,
      sizes.reduce((a, b) => a + b, 0),
    );
    if (!was) above.append(gauge.el);
    return !was;
  }

  /**
   * "1 cell = k buffers" at the end of the legend on the canvas (the cells are too small to
   * count), else nothing. True when its text changed.
   */
  function showScale(on: boolean, k: number): boolean {
    if (!on) {
      const was = scale.parentNode !== null;
      scale.remove();
      return was;
    }
    if (scale.parentNode !== legend || legend.lastChild !== scale) legend.append(scale);
    const text = k > 1 ? `1 cell = ${k.toLocaleString('en')} buffers` : '1 cell = 1 buffer';
    if (scale.textContent === text) return false;
    scale.textContent = text;
    scale.title =
      k > 1
        ? `Too many buffers for one cell each: each cell is ${k} consecutive buffers of the list, coloured by their mix — grey for free ones, the object's colour for those holding its blocks, reddened for dirty ones. A click selects the cell's first buffer.`
        : '';
    return true;
  }

  function update(frame: CacheFrame): void {
    // A view detached by wasm memory growth reads as empty: keep the last picture.
    const n = frame.order.length;
    if (n === 0 || frame.dba.length !== n || frame.tch.length !== n || frame.flags.length !== n) {
      if (!warned) console.warn('lru view: buffer arrays are empty or detached; frame skipped');
      warned = true;
      return;
    }
    // Keep copies: the engine's arrays are views over wasm memory, valid until its next call.
    const copy: CacheFrame = {
      ...frame,
      order: frame.order.slice(),
      info: frame.info.slice(),
      dba: frame.dba.slice(),
      tch: frame.tch.slice(),
      flags: frame.flags.slice(),
      diff: frame.diff && frame.diff.length === n ? frame.diff.slice() : null,
    };
    order = copy.order;
    prev = last;
    last = copy;
    draw(copy, frame.animate);
  }

  function bufAt(ev: MouseEvent): number | null {
    if (!grid || !last) return null;
    const r = stage.getBoundingClientRect();
    return hitTest(
      grid,
      sections(last.info, last.regions),
      order,
      ev.clientX - r.left,
      ev.clientY - r.top,
    );
  }

  function describe(b: number): string {
    return last ? describeBuffer(last, grid, b) : '';
  }

  const onClick = (ev: MouseEvent) => {
    const b = bufAt(ev);
    if (b !== null) opts.onSelect(b);
  };
  const onMove = (ev: MouseEvent) => {
    const b = bufAt(ev);
    const text = b === null ? '' : describe(b);
    if (stage.title !== text) stage.title = text;
  };
  stage.addEventListener('click', onClick);
  stage.addEventListener('mousemove', onMove);

  let lastSize = '';
  const resize =
    typeof ResizeObserver === 'undefined'
      ? null
      : new ResizeObserver(() => {
          hostW = 0;
          const size = `${width()}x${el.clientHeight}`;
          if (size === lastSize) return;
          lastSize = size;
          budget = null;
          shortLegend = false;
          if (last) draw(last, false, true);
        });
  resize?.observe(el);

  return {
    update,
    destroy() {
      resize?.disconnect();
      stage.removeEventListener('click', onClick);
      stage.removeEventListener('mousemove', onMove);
      keys.destroy();
      cells?.destroy();
      canvas?.destroy();
      effects.destroy();
      policy.destroy();
      root.remove();
      last = null;
    },
  };
}
