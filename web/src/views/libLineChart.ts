// One library cache line chart (a spec from ./libCharts): lines against simulated seconds or
// statements done, a left axis and, when a line asks for it, a right one; the paper's figures
// as dashed references; a hover readout. D3 owns everything inside `el`.
//
//   createLibChart(el, LIB_CHARTS.parses) → { update(points, { x, paper }), destroy() }
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
} from 'd3';
import { INK, MUTED } from './colours';
import { claimTestId } from './host';
import {
  count,
  PAPER,
  refsFor,
  short,
  X_LABEL,
  xOf,
  type LibChart,
  type LibChartSpec,
  type LibLine,
  type LibPaperMarks,
  type LibRef,
  type LibX,
} from './libCharts';
import type { LibSeriesPoint } from './libTypes';
import { textWidth } from './text';

const M = { top: 26, right: 16, bottom: 34, left: 58 };
const FONT = '12px system-ui, sans-serif';
const finite = (v: number) => Number.isFinite(v);
type Scale = ScaleLinear<number, number>;

export function createLibChart(el: HTMLElement, spec: LibChartSpec): LibChart {
  const hasRight = spec.lines.some((l) => l.right);
  const fmtOf = (l: LibLine) => (l.right ? (spec.fmt2 ?? spec.fmt) : spec.fmt);
  const m = { ...M, right: hasRight ? 64 : M.right };
  const root = document.createElement('div');
  claimTestId(el, root, spec.testId);
  Object.assign(root.style, { position: 'relative', width: '100%', height: '100%', font: FONT });
  el.appendChild(root);
  const svg = select(root).append('svg').style('display', 'block').attr('role', 'img');
  svg.attr('aria-label', `${spec.title}: ${spec.yLabel} over the run`);
  const plot = svg.append('g').attr('transform', `translate(${m.left},${m.top})`);
  const grid = plot.append('g').attr('class', 'grid');
  const xAxis = plot.append('g').attr('class', 'x-axis');
  const yAxis = plot.append('g').attr('class', 'y-axis');
  const y2Axis = plot.append('g').attr('class', 'y2-axis');
  const refs = plot.append('g').attr('class', 'paper');
  const lines = plot.append('g').attr('class', 'lines');
  const hover = plot.append('g').attr('pointer-events', 'none').attr('display', 'none');
  const label = (t: string) =>
    svg.append('text').attr('text-anchor', 'middle').attr('fill', MUTED).text(t);
  const xLabel = label(X_LABEL.seconds).attr('data-axis', 'x');
  const yLabel = label(spec.yLabel).attr('data-axis', 'y');
  const y2Label = label(spec.y2Label ?? '').attr('data-axis', 'y2');
  const legend = svg.append('g').attr('class', 'legend');
  const empty = plot.append('text').attr('fill', MUTED).attr('text-anchor', 'middle');
  empty.text('no statements yet');
  hover.append('line').attr('stroke', '#adb5bd').attr('stroke-dasharray', '3 3');
  const readout = hover.append('text').attr('font-size', 11.5).attr('fill', INK);
  readout.attr('paint-order', 'stroke').attr('stroke', '#fff').attr('stroke-width', 4);

  let points: LibSeriesPoint[] = [];
  let xMode: LibX = 'seconds';
  let marks: LibPaperMarks = {};
  let x: Scale = scaleLinear();
  let plotH = 0;
  let size: { W: number; H: number } | null = null;
  // Axes and legend are redrawn only when a domain, the x measure or the size changes.
  let axesKey = '';
  let legendKey = '';

  function draw(): void {
    size ??= { W: Math.max(240, el.clientWidth || 480), H: Math.max(140, el.clientHeight || 200) };
    const { W, H } = size;
    const refList = refsFor(spec, marks, xMode);
    const lk = `${W}|${refList.length > 0}`;
    if (lk !== legendKey) {
      legendKey = lk;
      drawLegend(W, refList.length > 0);
    }
    const w = W - m.left - m.right;
    const h = (plotH = H - m.top - m.bottom);
    svg.attr('width', W).attr('height', H);
    const ref = (axis: LibRef['axis']) =>
      refList.filter((r) => r.axis === axis).map((r) => r.value);
    const vals = (right: boolean) =>
      spec.lines
        .filter((l) => !!l.right === right)
        .flatMap((l) => points.map(l.value))
        .filter(finite);
    const xMax = Math.max(max(points, (p) => xOf(p, xMode)) ?? 0, ...ref('x'));
    x = scaleLinear()
      .domain([0, Math.max(xMode === 'seconds' ? 1 : 10, xMax)])
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

    const path = (l: LibLine) =>
      line<LibSeriesPoint>()
        .defined((p) => finite(l.value(p)))
        .x((p) => x(xOf(p, xMode)))
        .y((p) => (l.right ? y2 : y)(l.value(p)))(points);
    lines
      .selectAll<SVGPathElement, LibLine>('path')
      .data(spec.lines, (l) => l.key)
      .join('path')
      .attr('data-line', (l) => l.key)
      .attr('fill', 'none')
      .attr('stroke', (l) => l.color)
      .attr('stroke-width', 2)
      .attr('stroke-linejoin', 'round')
      .attr('d', (l) => path(l) ?? '');

    const at = (r: LibRef) => (r.axis === 'x' ? x : r.axis === 'y2' ? y2 : y)(r.value);
    const g = refs
      .selectAll<SVGGElement, LibRef>('g')
      .data(refList, (r) => r.label)
      .join((e) => {
        const gg = e.append('g');
        gg.append('line').attr('stroke-dasharray', '6 4').attr('stroke-width', 1.5);
        gg.append('text').attr('font-size', 11).attr('paint-order', 'stroke');
        return gg;
      })
      .attr('data-ref', (r) => r.axis)
      .attr('data-value', (r) => r.value);
    g.select('line')
      .attr('stroke', (r) => r.color)
      .attr('x1', (r) => (r.axis === 'x' ? at(r) : 0))
      .attr('x2', (r) => (r.axis === 'x' ? at(r) : w))
      .attr('y1', (r) => (r.axis === 'x' ? 0 : at(r)))
      .attr('y2', (r) => (r.axis === 'x' ? h : at(r)));
    g.select('text')
      .attr('stroke', '#fff')
      .attr('stroke-width', 3.5)
      .attr('fill', (r) => r.color)
      .attr('text-anchor', (r) => (r.axis === 'y' ? 'start' : 'end'))
      .attr('x', (r) => (r.axis === 'x' ? at(r) - 4 : r.axis === 'y2' ? w - 4 : 4))
      .attr('y', (r) => (r.axis === 'x' ? h - 6 : at(r) - 4))
      .text((r) => r.label);
  }

  function drawAxes(W: number, H: number, y: Scale, y2: Scale): void {
    const w = W - m.left - m.right;
    const h = H - m.top - m.bottom;
    const ticks = Math.max(2, Math.floor(h / 32));
    const xTick = (v: number) => (xMode === 'seconds' ? `${v}` : short(v));
    xAxis.attr('transform', `translate(0,${h})`).call(
      axisBottom(x)
        .ticks(Math.max(2, Math.floor(w / 80)))
        .tickFormat((v) => xTick(+v)),
    );
    yAxis.call(
      axisLeft(y)
        .ticks(ticks)
        .tickFormat((v) => spec.fmt(+v)),
    );
    y2Axis.attr('transform', `translate(${w},0)`).attr('display', hasRight ? null : 'none');
    const fmt2 = spec.fmt2 ?? spec.fmt;
    if (hasRight)
      y2Axis.call(
        axisRight(y2)
          .ticks(ticks)
          .tickFormat((v) => fmt2(+v)),
      );
    for (const a of [xAxis, yAxis, y2Axis]) {
      a.selectAll('text').attr('font-size', 11).attr('fill', MUTED);
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
      .text(X_LABEL[xMode])
      .attr('x', m.left + w / 2)
      .attr('y', H - 4);
    yLabel.attr('transform', `translate(14,${m.top + h / 2}) rotate(-90)`);
    y2Label.attr('transform', `translate(${W - 8},${m.top + h / 2}) rotate(90)`);
    empty
      .attr('x', w / 2)
      .attr('y', h / 2)
      .attr('display', points.length ? 'none' : null);
  }

  function drawLegend(W: number, paper: boolean): void {
    const items = [
      ...spec.lines.map((l) => ({ key: l.key, text: l.label, color: l.color, dashed: false })),
      ...(paper ? [{ key: 'paper', text: 'paper', color: PAPER, dashed: true }] : []),
    ];
    // One row right of the title when it fits, else rows under it.
    const widths = items.map((it) => textWidth(it.text, FONT) + 20 + 12);
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
        gg.append('line').attr('x1', 0).attr('x2', 16).attr('stroke-width', 2.4);
        gg.append('text').attr('x', 20).attr('dy', '0.35em').style('font', FONT);
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
    legend
      .selectAll('text.title')
      .data([spec.title])
      .join('text')
      .attr('class', 'title')
      .attr('x', m.left)
      .attr('y', 12)
      .attr('dy', '0.35em')
      .attr('font-weight', 700)
      .attr('fill', INK)
      .text((t) => t);
  }

  const onMove = (ev: MouseEvent) => {
    if (!points.length) return;
    const at = x.invert(pointer(ev, plot.node())[0]);
    const dist = (p: LibSeriesPoint) => Math.abs(xOf(p, xMode) - at);
    const p = points.reduce((a, b) => (dist(b) < dist(a) ? b : a));
    const px = x(xOf(p, xMode));
    const right = px > x.range()[1] / 2;
    const where =
      xMode === 'seconds' ? `${p.seconds.toFixed(2)} s` : `${count(p.statements)} statements`;
    const parts = spec.lines.map((l) => `${l.label} ${fmtOf(l)(l.value(p))}`);
    hover.attr('display', null);
    hover.select('line').attr('x1', px).attr('x2', px).attr('y1', 0).attr('y2', plotH);
    readout
      .attr('x', px + (right ? -6 : 6))
      .attr('text-anchor', right ? 'end' : 'start')
      .attr('y', 12)
      .text(`${where} · ${parts.join(' · ')}`);
  };
  svg.on('mousemove', onMove).on('mouseleave', () => hover.attr('display', 'none'));

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
      marks = opts.paper;
      draw();
    },
    destroy() {
      resize?.disconnect();
      svg.on('mousemove', null).on('mouseleave', null);
      root.remove();
    },
  };
}
