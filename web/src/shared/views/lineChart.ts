// One line chart over the run, for both simulations: lines against a measure of the run (x),
// a left axis and, when a line asks for it, a right one; references (the paper's figures) as
// dashed lines; a legend right of the title (in rows under it when it does not fit); a hover
// readout. D3 owns everything inside `el`; a `look` keeps each half's drawing as it was.
//
//   createLineChart(el, spec) → { update(points, { refs, x? }), destroy() }
import {
  axisBottom,
  axisLeft,
  axisRight,
  line,
  max,
  pointer,
  scaleLinear,
  select,
  type ScaleLinear,
  type Selection as D3Selection,
} from 'd3';
import { INK, MUTED } from './colours';
import { claimTestId } from './host';
import { textWidth, uiBoldWidth, uiWidth } from './text';

/** One line: a value of each point (null or NaN: a gap). */
export interface Line<P> {
  key: string;
  label: string;
  color: string;
  value: (p: P) => number | null;
  /** Drawn against the right-hand axis. */
  right?: boolean;
  /** Stroke width, px, when it stands out from the look's (a highlighted line). */
  width?: number;
}

/** A dashed reference: a vertical line at an x value, or a horizontal one on an axis. */
export interface Ref {
  label: string;
  value: number;
  axis: 'x' | 'y' | 'y2';
  color: string;
  /** The pool it belongs to (buffer cache charts), as data-pool. */
  pool?: string;
}

/** What differs in drawing between the halves' charts (sizes in px). */
export interface Look {
  axisFont: number;
  lineWidth: number;
  /** Width of plot per x tick. */
  xTickPx: number;
  /** The grid under the axes (else over them). */
  gridUnder: boolean;
  /** Legend: swatch length, where its text starts, space after an item. */
  legendSwatch: number;
  legendTextX: number;
  legendGap: number;
  paperColor: string;
  refWidth: number;
  /** Label of a horizontal reference: x offset, y offset and dy. */
  refText: { x: number; y: number; dy: string | null };
  /** The attribute naming a line's key. */
  lineAttr: 'data-pool' | 'data-line';
}

/** The buffer cache's charts' look (and the sizing chart's, with its own ticks and keys). */
export const PLAIN_LOOK: Look = {
  axisFont: 11.5,
  lineWidth: 2.2,
  xTickPx: 90,
  gridUnder: false,
  legendSwatch: 18,
  legendTextX: 23,
  legendGap: 14,
  paperColor: MUTED,
  refWidth: 1.6,
  refText: { x: 6, y: 0, dy: '-0.4em' },
  lineAttr: 'data-pool',
};

export interface LineChartSpec<P, X extends string = string> {
  testId: string;
  title: string;
  ariaLabel: string;
  yLabel: string;
  y2Label?: string;
  /** The lines, from the points (the buffer cache draws one per pool seen). */
  lines: (points: P[]) => Line<P>[];
  /** Where a point sits on the x axis measured in `x`. */
  xOf: (p: P, x: X) => number;
  xLabel: (x: X) => string;
  xTick: (v: number, x: X) => string;
  /** The smallest x domain's end. */
  xMin: (x: X) => number;
  /** Tick text of the left axis, and of the right one. */
  fmt: (v: number) => string;
  fmt2?: (v: number) => string;
  /** The left axis' domain from every value it shows. */
  domain: (values: number[]) => [number, number];
  /** The hover readout of a point. */
  readout: (p: P, lines: Line<P>[], x: X) => string;
  empty: string;
  look: Look;
  /** The legend's word for the dashed references ('paper' unless said). */
  refLegend?: string;
  /** A click on the plot picks the nearest point (the sizing chart sets its value). */
  onPick?: (p: P) => void;
}

export interface LineChart<P, X extends string = string> {
  /** `mark`: a point to ring on every line (a lecture slide points at it), null for none. */
  update(points: P[], opts: { refs: Ref[]; x: X; mark?: P | null }): void;
  destroy(): void;
}

const M = { top: 26, right: 16, bottom: 34, left: 58 };
const FONT = '12px system-ui, sans-serif';
const finite = (v: number | null): v is number => v !== null && Number.isFinite(v);
/** Vertical room of a reference line's label (11 px type). */
const REF_LABEL_H = 13;

/**
 * Positions at least `gap` apart, each as near its wish as that allows and in the wishes'
 * order, kept at or above `hi` (the plot's bottom) where there is room: reference labels whose
 * values are close (paper KEEP 98.5 % and DEFAULT 95.7 %) no longer print over each other.
 */
export function spread(want: number[], gap: number, hi: number): number[] {
  const order = want.map((_, i) => i).sort((a, b) => want[a] - want[b]);
  const out = want.slice();
  let prev = -Infinity;
  for (const i of order) prev = out[i] = Math.max(want[i], prev + gap);
  let next = Infinity;
  for (const i of order.reverse()) next = out[i] = Math.min(out[i], hi, next - gap);
  return out;
}
type Scale = ScaleLinear<number, number>;

/**
 * The font size (`from` px, 12 unless said, down to 9) and text with which `text` fits in
 * `room` px: the size shrinks first, then the text is cut with an ellipsis (pure: `width`
 * measures at a size).
 */
/** The smallest size `fitText` keeps a text at when it has a shorter wording. */
export const READABLE_PX = 12;

export function fitText(
  text: string,
  room: number,
  width: (t: string, px: number) => number,
  from = 12,
  short?: string,
  floor = 9,
): { text: string; px: number } {
  for (let px = from; px >= floor; px -= 0.5)
    if (width(text, px) <= room) {
      if (short === undefined || px >= Math.min(READABLE_PX, from)) return { text, px };
      break;
    }
  // A shorter wording at a readable size beats the whole one set small (presenter mode
  // zooms the views 1.5×: 12 px is its 18, issue 26 #9).
  if (short !== undefined) return fitText(short, room, width, from, undefined, floor);
  let cut = text;
  while (cut.length > 1 && width(`${cut}…`, floor) > room) cut = cut.slice(0, -1);
  return { text: cut === text ? text : `${cut.trimEnd()}…`, px: floor };
}

/** Set a side label so that it fits along `room` px (see fitText); its full text as a title. */
function fitAlong(
  sel: D3Selection<SVGTextElement, unknown, null, undefined>,
  text: string,
  room: number,
) {
  const fit = fitText(text, room, uiWidth);
  sel.text(fit.text).attr('font-size', fit.px);
  sel.selectAll('title').remove();
  if (fit.text !== text) sel.append('title').text(text);
}

export function createLineChart<P, X extends string>(
  el: HTMLElement,
  spec: LineChartSpec<P, X>,
  x0: X,
): LineChart<P, X> {
  const { look } = spec;
  let lineList: Line<P>[] = spec.lines([]);
  const hasRight = () => lineList.some((l) => l.right);
  const m = { ...M, right: hasRight() ? 64 : M.right };
  const root = document.createElement('div');
  claimTestId(el, root, spec.testId);
  Object.assign(root.style, { position: 'relative', width: '100%', height: '100%', font: FONT });
  el.appendChild(root);
  const svg = select(root).append('svg').style('display', 'block').attr('role', 'img');
  svg.attr('aria-label', spec.ariaLabel);
  const plot = svg.append('g').attr('transform', `translate(${m.left},${m.top})`);
  const gridFirst = look.gridUnder ? plot.append('g').attr('class', 'grid') : null;
  const xAxis = plot.append('g').attr('class', 'x-axis');
  const yAxis = plot.append('g').attr('class', 'y-axis');
  const y2Axis = plot.append('g').attr('class', 'y2-axis');
  const grid = gridFirst ?? plot.append('g').attr('class', 'grid');
  const refs = plot.append('g').attr('class', 'paper');
  const lines = plot.append('g').attr('class', 'lines');
  const marks = plot.append('g').attr('class', 'marks').attr('pointer-events', 'none');
  const hover = plot
    .append('g')
    .attr('class', 'hover')
    .attr('pointer-events', 'none')
    .attr('display', 'none');
  const label = (t: string) =>
    svg.append('text').attr('text-anchor', 'middle').attr('fill', MUTED).text(t);
  const xLabel = label(spec.xLabel(x0)).attr('data-axis', 'x');
  const yLabel = label(spec.yLabel).attr('data-axis', 'y');
  const y2Label = label(spec.y2Label ?? '').attr('data-axis', 'y2');
  const legend = svg.append('g').attr('class', 'legend');
  const empty = plot.append('text').attr('fill', MUTED).attr('text-anchor', 'middle');
  empty.text(spec.empty);
  hover.append('line').attr('stroke', '#adb5bd').attr('stroke-dasharray', '3 3');
  const readout = hover.append('text').attr('font-size', 11.5).attr('fill', INK);
  readout.attr('paint-order', 'stroke').attr('stroke', '#fff').attr('stroke-width', 4);

  let points: P[] = [];
  let xMode = x0;
  let refList: Ref[] = [];
  let marked: P | null = null;
  let x: Scale = scaleLinear();
  let plotH = 0;
  let size: { W: number; H: number } | null = null;
  // Axes and legend are redrawn only when a domain, the x measure or the size changes.
  let axesKey = '';
  let legendKey = '';

  function draw(): void {
    size ??= { W: Math.max(240, el.clientWidth || 480), H: Math.max(140, el.clientHeight || 200) };
    const { W, H } = size;
    lineList = spec.lines(points);
    m.right = hasRight() ? 64 : M.right;
    const lk = `${W}|${lineList.map((l) => l.key).join(',')}|${refList.length > 0}`;
    if (lk !== legendKey) {
      legendKey = lk;
      drawLegend(W, refList.length > 0);
    }
    const w = W - m.left - m.right;
    const h = (plotH = H - m.top - m.bottom);
    svg.attr('width', W).attr('height', H);
    const ref = (axis: Ref['axis']) => refList.filter((r) => r.axis === axis).map((r) => r.value);
    const vals = (right: boolean) =>
      lineList
        .filter((l) => !!l.right === right)
        .flatMap((l) => points.map(l.value))
        .filter(finite);
    const xMax = Math.max(max(points, (p) => spec.xOf(p, xMode)) ?? 0, ...ref('x'));
    x = scaleLinear()
      .domain([0, Math.max(spec.xMin(xMode), xMax)])
      .range([0, w])
      .nice();
    const y = scaleLinear()
      .domain(spec.domain([...vals(false), ...ref('y')]))
      .range([h, 0])
      .nice();
    const y2 = scaleLinear()
      .domain([0, Math.max(1, (max([...vals(true), ...ref('y2')]) ?? 0) * 1.05)])
      .range([h, 0])
      .nice();
    const key = [W, H, m.top, xMode, x.domain(), y.domain(), y2.domain(), points.length > 0].join(
      '|',
    );
    if (key !== axesKey) {
      axesKey = key;
      drawAxes(W, H, y, y2);
    }

    const path = (l: Line<P>) =>
      line<P>()
        .defined((p) => finite(l.value(p)))
        .x((p) => x(spec.xOf(p, xMode)))
        .y((p) => (l.right ? y2 : y)(l.value(p) ?? 0))(points);
    lines
      .selectAll<SVGPathElement, Line<P>>('path')
      .data(lineList, (l) => l.key)
      .join('path')
      .attr(look.lineAttr, (l) => l.key)
      .attr('fill', 'none')
      .attr('stroke', (l) => l.color)
      .attr('stroke-width', (l) => l.width ?? look.lineWidth)
      .attr('stroke-linejoin', 'round')
      .attr('d', (l) => path(l) ?? '');

    // the marked point: a ring on each line through it
    const mark = marked;
    const ringed = mark === null ? [] : lineList.filter((l) => finite(l.value(mark)));
    marks
      .selectAll<SVGCircleElement, Line<P>>('circle')
      .data(ringed, (l) => l.key)
      .join('circle')
      .attr('data-testid', 'chart-mark')
      .attr('data-line', (l) => l.key)
      .attr('data-x', () => (mark === null ? null : spec.xOf(mark, xMode)))
      .attr('fill', 'none')
      .attr('stroke', (l) => l.color)
      .attr('stroke-width', 2.5)
      .attr('r', 7)
      .attr('cx', () => (mark === null ? 0 : x(spec.xOf(mark, xMode))))
      .attr('cy', (l) => (mark === null ? 0 : (l.right ? y2 : y)(l.value(mark) ?? 0)));

    const at = (r: Ref) => (r.axis === 'x' ? x : r.axis === 'y2' ? y2 : y)(r.value);
    const t = look.refText;
    const g = refs
      .selectAll<SVGGElement, Ref>('g')
      .data(refList, (r) => r.label)
      .join((e) => {
        const gg = e.append('g');
        gg.append('line').attr('stroke-dasharray', '6 4').attr('stroke-width', look.refWidth);
        gg.append('text').attr('font-size', 11).attr('dy', t.dy).attr('paint-order', 'stroke');
        return gg;
      })
      .attr('data-pool', (r) => r.pool ?? null)
      .attr('data-ref', (r) => r.axis)
      .attr('data-value', (r) => r.value);
    g.select('line')
      .attr('stroke', (r) => r.color)
      .attr('x1', (r) => (r.axis === 'x' ? at(r) : 0))
      .attr('x2', (r) => (r.axis === 'x' ? at(r) : w))
      .attr('y1', (r) => (r.axis === 'x' ? 0 : at(r)))
      .attr('y2', (r) => (r.axis === 'x' ? h : at(r)));
    // Labels of one side (left: y, right: y2) spread apart; labels of vertical lines near
    // each other stack upwards.
    const labelY = new Map<Ref, number>();
    for (const axis of ['y', 'y2'] as const) {
      const side = refList.filter((r) => r.axis === axis);
      const ys = spread(
        side.map((r) => at(r) + t.y),
        REF_LABEL_H,
        h + t.y,
      );
      side.forEach((r, i) => labelY.set(r, ys[i]));
    }
    const verticals = refList.filter((r) => r.axis === 'x').sort((a, b) => at(a) - at(b));
    verticals.forEach((r, i) => {
      const before = verticals[i - 1];
      const near = before !== undefined && at(r) - at(before) < 90;
      labelY.set(r, near ? (labelY.get(before) ?? h - 6) - REF_LABEL_H : h - 6);
    });
    // A vertical line's label reads leftwards from it, or rightwards when it would leave the
    // chart on the left (a peak near the axis: "peak 177.5 tps at 20k" was cut).
    const rightwards = (r: Ref) =>
      r.axis === 'x' && at(r) - 4 - textWidth(r.label, '11px system-ui, sans-serif') < -m.left + 2;
    g.select('text')
      .attr('stroke', '#fff')
      .attr('stroke-width', 3.5)
      .attr('fill', (r) => r.color)
      .attr('text-anchor', (r) => (r.axis === 'y' || rightwards(r) ? 'start' : 'end'))
      .attr('x', (r) =>
        r.axis === 'x' ? at(r) + (rightwards(r) ? 4 : -4) : r.axis === 'y2' ? w - 4 : t.x,
      )
      .attr('y', (r) => labelY.get(r) ?? 0)
      .text((r) => r.label);
  }

  function drawAxes(W: number, H: number, y: Scale, y2: Scale): void {
    const w = W - m.left - m.right;
    const h = H - m.top - m.bottom;
    const ticks = Math.max(2, Math.floor(h / 32));
    xAxis.attr('transform', `translate(0,${h})`).call(
      axisBottom(x)
        .ticks(Math.max(2, Math.floor(w / look.xTickPx)))
        .tickFormat((v) => spec.xTick(+v, xMode)),
    );
    yAxis.call(
      axisLeft(y)
        .ticks(ticks)
        .tickFormat((v) => spec.fmt(+v)),
    );
    y2Axis.attr('transform', `translate(${w},0)`).attr('display', hasRight() ? null : 'none');
    const fmt2 = spec.fmt2 ?? spec.fmt;
    if (hasRight())
      y2Axis.call(
        axisRight(y2)
          .ticks(ticks)
          .tickFormat((v) => fmt2(+v)),
      );
    for (const a of [xAxis, yAxis, y2Axis]) {
      a.selectAll('text').attr('font-size', look.axisFont).attr('fill', MUTED);
    }
    grid
      .selectAll('line')
      .data(y.ticks(ticks))
      .join('line')
      .attr('x1', 0)
      .attr('x2', w)
      .attr('y1', (v) => y(v))
      .attr('y2', (v) => y(v))
      .attr('stroke', '#eceef2');
    xLabel
      .text(spec.xLabel(xMode))
      .attr('x', m.left + w / 2)
      .attr('y', H - 4);
    yLabel.attr('transform', `translate(14,${m.top + h / 2}) rotate(-90)`);
    // turned a quarter clockwise, the text's ascenders point right: 12 px from the edge
    y2Label.attr('transform', `translate(${W - 12},${m.top + h / 2}) rotate(90)`);
    // a side label runs along the plot's height: in a short chart it is set smaller, and cut
    // with an ellipsis only below 9 px (the right axis read "latc" in the library's charts)
    const room = 2 * Math.min(m.top + h / 2, H - m.top - h / 2) - 4;
    fitAlong(yLabel, spec.yLabel, room);
    fitAlong(y2Label, spec.y2Label ?? '', room);
    empty
      .attr('x', w / 2)
      .attr('y', h / 2)
      .attr('display', points.length ? 'none' : null);
  }

  function drawLegend(W: number, paper: boolean): void {
    const items = [
      ...lineList.map((l) => ({ key: l.key, text: l.label, color: l.color, dashed: false })),
      ...(paper
        ? [{ key: 'paper', text: spec.refLegend ?? 'paper', color: look.paperColor, dashed: true }]
        : []),
    ];
    const swatch = look.legendSwatch;
    // One row right of the title when it fits, else rows under it.
    const widths = items.map((it) => textWidth(it.text, FONT) + look.legendTextX + look.legendGap);
    const total = widths.reduce((a, b) => a + b, 0);
    const titleEnd = m.left + textWidth(spec.title, `700 ${FONT}`) + 12;
    const oneRow = W - m.right - total > titleEnd;
    let cx = oneRow ? W - m.right - total : m.left;
    let cy = oneRow ? 12 : 27;
    const placed = items.map((it, i) => {
      if (!oneRow && cx > m.left && cx + widths[i] > W - 4) {
        cx = m.left;
        cy += 15;
      }
      const at = { ...it, x: cx, y: cy };
      cx += widths[i];
      return at;
    });
    m.top = M.top + cy - 12;
    plot.attr('transform', `translate(${m.left},${m.top})`);
    legend
      .selectAll<SVGGElement, (typeof placed)[number]>('g')
      .data(placed, (d) => d.key)
      .join((e) => {
        const gg = e.append('g');
        gg.append('line').attr('x1', 0).attr('x2', swatch).attr('stroke-width', 2.4);
        gg.append('text').attr('x', look.legendTextX).attr('dy', '0.35em').style('font', FONT);
        return gg;
      })
      .attr('transform', (d) => `translate(${d.x},${d.y})`)
      .call((s) =>
        s
          .select('line')
          .attr('stroke', (d) => d.color)
          .attr('stroke-dasharray', (d) => (d.dashed ? '6 4' : null)),
      )
      .call((s) =>
        s
          .select('text')
          .attr('fill', INK)
          .text((d) => d.text),
      );
    // A chart narrower than its title (a column at 1280×720) sets it smaller, then cuts it:
    // its whole wording is then its tooltip.
    const title = fitText(spec.title, W - m.left - 4, uiBoldWidth);
    const titleText = legend
      .selectAll<SVGTextElement, string>('text.title')
      .data([title.text])
      .join('text')
      .attr('class', 'title')
      .attr('x', m.left)
      .attr('y', 12)
      .attr('dy', '0.35em')
      .attr('font-weight', 700)
      .attr('font-size', title.px)
      .attr('fill', INK)
      .text((t) => t);
    titleText
      .selectAll('title')
      .data(title.text === spec.title ? [] : [spec.title])
      .join('title')
      .text((t) => t);
  }

  /** The point nearest the pointer along x. */
  const nearest = (ev: MouseEvent): P | null => {
    if (!points.length) return null;
    const at = x.invert(pointer(ev, plot.node())[0]);
    const dist = (p: P) => Math.abs(spec.xOf(p, xMode) - at);
    return points.reduce((a, b) => (dist(b) < dist(a) ? b : a));
  };
  const onMove = (ev: MouseEvent) => {
    const p = nearest(ev);
    if (!p) return;
    const px = x(spec.xOf(p, xMode));
    const right = px > x.range()[1] / 2;
    hover.attr('display', null);
    hover.select('line').attr('x1', px).attr('x2', px).attr('y1', 0).attr('y2', plotH);
    readout
      .attr('x', px + (right ? -6 : 6))
      .attr('text-anchor', right ? 'end' : 'start')
      .attr('y', 12)
      .text(spec.readout(p, lineList, xMode));
  };
  svg.on('mousemove', onMove).on('mouseleave', () => hover.attr('display', 'none'));
  const { onPick } = spec;
  if (onPick) {
    svg.style('cursor', 'pointer').on('click', (ev: MouseEvent) => {
      const p = nearest(ev);
      if (p) onPick(p);
    });
  }

  const resize =
    typeof ResizeObserver === 'undefined'
      ? null
      : new ResizeObserver(() => {
          size = null;
          axesKey = legendKey = '';
          draw();
        });
  resize?.observe(el);
  draw();

  return {
    update(next, opts) {
      if (opts.x !== xMode) axesKey = '';
      points = next;
      xMode = opts.x;
      refList = opts.refs;
      marked = opts.mark ?? null;
      draw();
    },
    destroy() {
      resize?.disconnect();
      svg.on('mousemove', null).on('mouseleave', null).on('click', null);
      root.remove();
    },
  };
}
