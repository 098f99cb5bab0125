// Line charts over the run, one line per pool: the hit ratio and the physical reads, each
// with the paper's figure as a dashed reference line when the scenario reproduces a seed.
//
//   createHitRatioChart(el) / createPhysicalReadsChart(el) → { update(points, paper?), destroy() }
import { axisBottom, axisLeft, format, line, max, min, pointer, scaleLinear, select } from 'd3';
import { INK, MUTED, poolColor } from './colours';
import { claimTestId } from './host';
import { textWidth } from './text';
import type { Chart, PaperMark, SeriesPoint } from './types';

interface Spec {
  testId: string;
  title: string;
  yLabel: string;
  value: (p: SeriesPoint['pools'][number]) => number | null;
  paper: (m: PaperMark) => number;
  tick: (v: number) => string;
  readout: (v: number) => string;
  /** The y domain from every value shown (series and paper). */
  domain: (values: number[]) => [number, number];
}

const M = { top: 26, right: 16, bottom: 34, left: 58 };
const LEGEND_FONT = '12px system-ui, sans-serif';
const count = format(',');
const short = format('~s');

function createLineChart(el: HTMLElement, spec: Spec): Chart {
  const root = document.createElement('div');
  claimTestId(el, root, spec.testId);
  Object.assign(root.style, {
    position: 'relative',
    width: '100%',
    height: '100%',
    font: '12px system-ui, sans-serif',
  });
  el.appendChild(root);
  const svg = select(root)
    .append('svg')
    .style('display', 'block')
    .attr('role', 'img')
    .attr('aria-label', spec.title);
  const plot = svg.append('g').attr('transform', `translate(${M.left},${M.top})`);
  const xAxis = plot.append('g').attr('class', 'x-axis');
  const yAxis = plot.append('g').attr('class', 'y-axis');
  const grid = plot.append('g').attr('class', 'grid');
  const refs = plot.append('g').attr('class', 'paper');
  const lines = plot.append('g').attr('class', 'lines');
  const hover = plot
    .append('g')
    .attr('class', 'hover')
    .attr('pointer-events', 'none')
    .attr('display', 'none');
  const xLabel = svg
    .append('text')
    .attr('text-anchor', 'middle')
    .attr('fill', MUTED)
    .text('accesses');
  const yLabel = svg
    .append('text')
    .attr('text-anchor', 'middle')
    .attr('fill', MUTED)
    .text(spec.yLabel);
  const legend = svg.append('g').attr('class', 'legend');
  const empty = plot
    .append('text')
    .attr('fill', MUTED)
    .attr('text-anchor', 'middle')
    .text('no accesses yet');
  hover.append('line').attr('stroke', '#adb5bd').attr('stroke-dasharray', '3 3');
  const readout = hover
    .append('text')
    .attr('font-size', 11.5)
    .attr('fill', INK)
    .attr('paint-order', 'stroke')
    .attr('stroke', '#fff')
    .attr('stroke-width', 4);

  let points: SeriesPoint[] = [];
  let paper: PaperMark[] = [];
  let x = scaleLinear();
  let y = scaleLinear();

  // Measured when first needed and on resize; axes are redrawn only when their domain or
  // the size changes (in play the domain moves only when it passes a nice round value).
  let size: { W: number; H: number } | null = null;
  let axesKey = '';
  let legendKey = '';

  function draw(): void {
    size ??= { W: Math.max(240, el.clientWidth || 480), H: Math.max(140, el.clientHeight || 200) };
    const { W, H } = size;
    const w = W - M.left - M.right;
    const h = H - M.top - M.bottom;
    svg.attr('width', W).attr('height', H);
    const pools = [...new Set(points.flatMap((p) => p.pools.map((q) => q.name)))];
    const values = points
      .flatMap((p) => p.pools.map(spec.value))
      .filter((v): v is number => v !== null);
    const refValues = paper.map(spec.paper);
    x = scaleLinear()
      .domain([0, Math.max(10, max(points, (p) => p.position) ?? 10)])
      .range([0, w])
      .nice();
    y = scaleLinear()
      .domain(spec.domain([...values, ...refValues]))
      .range([h, 0])
      .nice();
    const key = `${W}x${H}|${x.domain().join(',')}|${y.domain().join(',')}|${points.length > 0}`;
    if (key !== axesKey) {
      axesKey = key;
      xAxis.attr('transform', `translate(0,${h})`).call(
        axisBottom(x)
          .ticks(Math.max(2, Math.floor(w / 90)))
          .tickFormat((v) => (Number.isInteger(Number(v)) ? short(Number(v)) : '')),
      );
      yAxis.call(
        axisLeft(y)
          .ticks(Math.max(2, Math.floor(h / 32)))
          .tickFormat((v) => spec.tick(Number(v))),
      );
      for (const a of [xAxis, yAxis])
        a.selectAll('text').attr('font-size', 11.5).attr('fill', MUTED);
      grid
        .selectAll('line')
        .data(y.ticks(Math.max(2, Math.floor(h / 32))))
        .join('line')
        .attr('x1', 0)
        .attr('x2', w)
        .attr('y1', (v) => y(v))
        .attr('y2', (v) => y(v))
        .attr('stroke', '#eceef2');
      xLabel.attr('x', M.left + w / 2).attr('y', H - 4);
      yLabel.attr('transform', `translate(14,${M.top + h / 2}) rotate(-90)`);
      empty
        .attr('x', w / 2)
        .attr('y', h / 2)
        .attr('display', points.length ? 'none' : null);
    }
    const series = pools.map((name) => ({
      name,
      pts: points.map((p) => {
        const q = p.pools.find((r) => r.name === name);
        return [p.position, q ? spec.value(q) : null] as const;
      }),
    }));
    const path = line<readonly [number, number | null]>()
      .defined((d) => d[1] !== null)
      .x((d) => x(d[0]))
      .y((d) => y(d[1] ?? 0));
    lines
      .selectAll<SVGPathElement, (typeof series)[number]>('path')
      .data(series, (d) => d.name)
      .join('path')
      .attr('data-pool', (d) => d.name)
      .attr('fill', 'none')
      .attr('stroke', (d) => poolColor(d.name))
      .attr('stroke-width', 2.2)
      .attr('stroke-linejoin', 'round')
      .attr('d', (d) => path(d.pts));
    const ref = refs
      .selectAll<SVGGElement, PaperMark>('g')
      .data(paper, (m) => m.pool)
      .join((e) => {
        const g = e.append('g');
        g.append('line').attr('stroke-dasharray', '6 4').attr('stroke-width', 1.6);
        g.append('text')
          .attr('font-size', 11)
          .attr('dy', '-0.4em')
          .attr('paint-order', 'stroke')
          .attr('stroke', '#fff')
          .attr('stroke-width', 3.5);
        return g;
      })
      .attr('data-pool', (m) => m.pool);
    ref
      .select('line')
      .attr('x1', 0)
      .attr('x2', w)
      .attr('y1', (m) => y(spec.paper(m)))
      .attr('y2', (m) => y(spec.paper(m)))
      .attr('stroke', (m) => poolColor(m.pool));
    ref
      .select('text')
      .attr('x', 6)
      .attr('y', (m) => y(spec.paper(m)))
      .attr('fill', (m) => poolColor(m.pool))
      .text((m) => `paper ${m.pool}: ${spec.readout(spec.paper(m))}`);
    const lk = `${W}|${pools.join(',')}|${paper.length > 0}`;
    if (lk !== legendKey) {
      legendKey = lk;
      drawLegend(pools, W);
    }
  }

  function drawLegend(pools: string[], W: number): void {
    const items = [
      ...pools.map((name) => ({ name, dashed: false })),
      ...(paper.length ? [{ name: 'paper', dashed: true }] : []),
    ];
    let cx = W - M.right;
    const placed = items
      .slice()
      .reverse()
      .map((it) => {
        cx -= textWidth(it.name, LEGEND_FONT) + 23 + 14;
        return { ...it, x: cx };
      });
    legend
      .selectAll<SVGGElement, (typeof placed)[number]>('g')
      .data(placed, (d) => d.name)
      .join((e) => {
        const g = e.append('g');
        g.append('line').attr('x1', 0).attr('x2', 18).attr('stroke-width', 2.4);
        g.append('text').attr('x', 23).attr('dy', '0.35em').style('font', LEGEND_FONT);
        return g;
      })
      .attr('transform', (d) => `translate(${d.x},12)`)
      .call((g) =>
        g
          .select('line')
          .attr('stroke', (d) => (d.dashed ? MUTED : poolColor(d.name)))
          .attr('stroke-dasharray', (d) => (d.dashed ? '6 4' : null)),
      )
      .call((g) =>
        g
          .select('text')
          .attr('fill', INK)
          .text((d) => d.name),
      );
    legend
      .selectAll('text.title')
      .data([spec.title])
      .join('text')
      .attr('class', 'title')
      .attr('x', M.left)
      .attr('y', 12)
      .attr('dy', '0.35em')
      .attr('font-weight', 700)
      .attr('fill', INK)
      .text((t) => t);
  }

  const onMove = (ev: MouseEvent) => {
    if (!points.length) return;
    const [mx] = pointer(ev, plot.node());
    const pos = x.invert(mx);
    const p = points.reduce((a, b) =>
      Math.abs(b.position - pos) < Math.abs(a.position - pos) ? b : a,
    );
    const px = x(p.position);
    const parts = p.pools.map((q) => {
      const v = spec.value(q);
      return `${q.name} ${v === null ? '—' : spec.readout(v)}`;
    });
    hover.attr('display', null);
    hover.select('line').attr('x1', px).attr('x2', px).attr('y1', 0).attr('y2', y.range()[0]);
    readout
      .attr('x', px + (px > x.range()[1] / 2 ? -6 : 6))
      .attr('text-anchor', px > x.range()[1] / 2 ? 'end' : 'start')
      .attr('y', 12)
      .text(`${count(p.position)} accesses · ${parts.join(' · ')}`);
  };
  const onLeave = () => hover.attr('display', 'none');
  svg.on('mousemove', onMove).on('mouseleave', onLeave);

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
    update(next: SeriesPoint[], marks?: PaperMark[]) {
      points = next;
      paper = marks ?? [];
      draw();
    },
    destroy() {
      resize?.disconnect();
      svg.on('mousemove', null).on('mouseleave', null);
      root.remove();
    },
  };
}

export function createHitRatioChart(el: HTMLElement): Chart {
  return createLineChart(el, {
    testId: 'hit-ratio-chart',
    title: 'Hit ratio',
    yLabel: 'hit ratio %',
    value: (p) => (p.hit_ratio === null ? null : p.hit_ratio * 100),
    paper: (m) => m.hit_ratio * 100,
    tick: (v) => `${v}`,
    readout: (v) => `${v.toFixed(1)} %`,
    domain: (vs) => {
      const lo = min(vs) ?? 0;
      return [Math.max(0, Math.floor((lo - 5) / 10) * 10), 100];
    },
  });
}

export function createPhysicalReadsChart(el: HTMLElement): Chart {
  return createLineChart(el, {
    testId: 'physical-reads-chart',
    title: 'Physical reads',
    yLabel: 'physical reads',
    value: (p) => p.physical_reads,
    paper: (m) => m.physical_reads,
    tick: (v) => short(v),
    readout: (v) => count(Math.round(v)),
    domain: (vs) => [0, Math.max(10, (max(vs) ?? 0) * 1.05)],
  });
}
