// Direct path reads (seed 004): the blocks of a full scan read straight from disk into the
// session's memory (PGA), past the buffer cache's pools, which are not touched. An SVG: the
// disk, the arrow of the read path (around the pools when direct, into them when buffered),
// and the PGA box, whose cells — each a share of the segment's blocks — fill as the scan goes.
//
//   createPgaView(el, opts) → { update(frame), destroy() }
import { select, type Selection } from 'd3';
import { decisionFigures, reasonText, REASON_NAME } from '../../sim/scanDecision';
import type { ScanDecision } from '../../sim/generated/buffer/ScanDecision';
import { segmentColor } from '../../shared/views/colours';
import { fitText } from '../../shared/views/lineChart';
import { uiBoldWidth } from '../../shared/views/text';
import { styled, viewRoot } from '../../shared/views/host';
import { stop, stopNode } from '../../shared/views/stop';
import { EMPTY_PGA, nextPga, pgaCells, type PgaState } from './pgaModel';
import type { PgaFrame, View } from '../../buffer/views/types';

const H = 96;
const PITCH = 7;
const ROWS = 6;
const ARRIVE = '#f08c00';
const DIRECT = '#c2410c'; // the I/O timeline's --path-direct: 5.2:1 under white text
const BUFFERED = '#1971c2';
const EMPTY_CELL = '#eceef2';

type G = Selection<SVGGElement, unknown, null, undefined>;

/** A `tag` element appended to `parent`, with `attrs` set in their order. */
function put<K extends 'rect' | 'text'>(parent: G, tag: K, attrs: Record<string, string | number>) {
  const e = parent.append<SVGElementTagNameMap[K]>(tag);
  for (const [name, value] of Object.entries(attrs)) e.attr(name, value);
  return e;
}

export function createPgaView(el: HTMLElement): View<PgaFrame> {
  const root = viewRoot(el, 'pga-view');
  el.appendChild(root);
  const svg = select(root).append('svg').attr('height', H).style('display', 'block');
  const defs = svg.append('defs');
  for (const [id, c] of [
    ['pga-arrow-direct', DIRECT],
    ['pga-arrow-buffered', BUFFERED],
  ])
    defs
      .append('marker')
      .attr('id', id)
      .attr('viewBox', '0 0 10 10')
      .attr('refX', 9)
      .attr('refY', 5)
      .attr('markerWidth', 6)
      .attr('markerHeight', 6)
      .attr('orient', 'auto-start-reverse')
      .append('path')
      .attr('d', 'M0,0 L10,5 L0,10 z')
      .attr('fill', c);

  const disk: G = svg.append('g').attr('class', 'disk');
  const diskRect = put(disk, 'rect', {
    x: 1,
    y: 30,
    height: 44,
    rx: 6,
    fill: '#f1f3f5',
    stroke: '#868e96',
  });
  const diskText = put(disk, 'text', {
    y: 56,
    'text-anchor': 'middle',
    'font-size': 12,
    'font-weight': 600,
  }).text('disk');

  // The pools, drawn small above the path: a direct read goes under them, untouched.
  const pools = svg.append('g').attr('class', 'pools');
  const poolBox = put(pools, 'rect', {
    y: 2,
    height: 20,
    rx: 4,
    fill: '#fff',
    stroke: '#adb5bd',
    'stroke-dasharray': '4 3',
  });
  const poolText = put(pools, 'text', {
    y: 16,
    'text-anchor': 'middle',
    'font-size': 11,
    fill: '#5c6370',
  });
  const path = svg.append('path').attr('fill', 'none').attr('stroke-width', 3);
  const pathText = svg
    .append('text')
    .attr('font-size', 11)
    .attr('font-weight', 600)
    .attr('text-anchor', 'middle');

  const box = svg.append('g').attr('class', 'pga');
  const boxRect = box
    .append('rect')
    .attr('y', 26)
    .attr('height', H - 28)
    .attr('rx', 6)
    .attr('fill', '#fff8f3')
    .attr('stroke', DIRECT);
  const boxTitle = box
    .append('text')
    .attr('y', 40)
    .attr('font-size', 11.5)
    .attr('font-weight', 700)
    .attr('fill', '#3a404c');
  const cellsG: G = box.append('g').attr('class', 'cells');
  const status = styled('div', { fontSize: '12px', color: '#5c6370', minHeight: '16px' }, root);
  status.dataset.testid = 'pga-status';
  // The scan's decision, with the numbers the rule compared.
  const why = styled('div', { fontSize: '12px', marginTop: '4px' }, root);
  why.dataset.testid = 'scan-decision';
  // The decision's text is rebuilt only when the decision changes (reports are parsed anew
  // every frame, so compare by value).
  let shown = '';

  function explain(d: ScanDecision | null): void {
    const key = d ? JSON.stringify(d) : '';
    if (key === shown) return;
    shown = key;
    why.replaceChildren();
    if (!d) return;
    const line = styled('div', { display: 'flex', gap: '8px', alignItems: 'baseline' }, why);
    const badge = styled(
      'span',
      {
        padding: '0 6px',
        borderRadius: '4px',
        fontWeight: '700',
        fontSize: '11px',
        color: '#fff',
        background: d.direct ? DIRECT : BUFFERED,
        whiteSpace: 'nowrap',
      },
      line,
    );
    badge.textContent = d.direct ? 'DIRECT' : 'BUFFERED';
    const text = styled('span', {}, line);
    text.textContent = `${REASON_NAME[d.reason]}: ${reasonText(d)}`;
    const figs = styled(
      'div',
      { display: 'flex', flexWrap: 'wrap', gap: '2px 12px', color: '#5c6370', marginTop: '3px' },
      why,
    );
    for (const [k, v] of decisionFigures(d)) {
      const f = styled('span', { whiteSpace: 'nowrap' }, figs);
      const name = styled('span', { fontFamily: 'var(--mono)' }, f);
      name.textContent = `${k} `;
      const val = styled('b', { color: '#1d1f24' }, f);
      val.textContent = v;
    }
    why.dataset.direct = String(d.direct);
    why.dataset.reason = d.reason;
  }

  let state: PgaState = EMPTY_PGA;
  let cellsKey = '';
  let hostW = 0;
  let nodes: SVGRectElement[] = [];
  let painted: string[] = [];
  let arriving: number[] = [];
  let lastFrame: PgaFrame | null = null;

  function draw(frame: PgaFrame, animate: boolean): void {
    // Measured once and on resize: reading it every frame forces a layout of the page.
    hostW ||= Math.max(300, (el.clientWidth || 600) - 20);
    const width = hostW;
    svg.attr('width', width);
    // Narrow screens get a narrower disk and path.
    const narrow = width < 480;
    const diskW = narrow ? 46 : 64;
    const gap = narrow ? 58 : 74;
    diskRect.attr('width', diskW);
    diskText.attr('x', 1 + diskW / 2);
    const x0 = 1 + diskW + gap;
    const boxW = width - x0 - 2;
    const d = state.decision;
    const direct = d?.direct ?? true;
    const colour = direct ? DIRECT : BUFFERED;

    poolBox.attr('x', diskW + 14).attr('width', gap - 28 + 40);
    poolText
      .attr('x', diskW + 14 + (gap + 12) / 2 + (direct ? 0 : 6))
      .text(direct ? 'pools: bypassed' : 'pools: read into');
    // Direct: disk → PGA, under the pools. Buffered: disk → the pools.
    const y = 52;
    path
      .attr('stroke', d ? colour : '#ced4da')
      .attr('marker-end', `url(#pga-arrow-${direct ? 'direct' : 'buffered'})`)
      .attr(
        'd',
        direct
          ? `M${diskW + 3},${y} L${x0 - 3},${y}`
          : `M${diskW + 3},${y} C${diskW + 16},${y} ${diskW + 20},34 ${diskW + 22},24`,
      );
    pathText
      .attr('x', diskW + 3 + (gap - 6) / 2)
      .attr('y', direct ? y + 17 : y + 17)
      .attr('fill', d ? colour : '#adb5bd')
      .text(direct ? (narrow ? 'direct' : 'direct path') : 'buffered');

    boxRect
      .attr('x', x0)
      .attr('width', boxW)
      .attr('stroke', d && !direct ? '#ced4da' : DIRECT);
    const seg = state.seg !== null ? frame.objects[state.seg]?.name : null;
    const blocks = d?.blocks ?? 0;
    // The long form where it fits, else the short one (issue 26 #10: the long one ran 38 px
    // out of the box at 1024 px).
    const [long, short] = d
      ? [
          `session memory (PGA)${seg ? ` — scan of ${seg}` : ''}: ${state.read.toLocaleString('en')} / ${blocks.toLocaleString('en')} blocks read direct`,
          `PGA: ${state.read.toLocaleString('en')} / ${blocks.toLocaleString('en')} blocks direct`,
        ]
      : ['session memory (PGA): no full scan yet', 'PGA: no full scan yet'];
    const title = fitText(long, boxW - 16, uiBoldWidth, 11.5, short);
    boxTitle
      .attr('x', x0 + 8)
      .attr('font-size', title.px)
      .text(title.text);

    const cols = Math.max(1, Math.floor((boxW - 16) / PITCH));
    const c = pgaCells(Math.max(1, blocks), d?.direct ? state.read : 0, cols * ROWS);
    const fill = state.seg !== null ? segmentColor(state.seg) : DIRECT;
    // The cells are laid out again only when their number or the width changes; each frame
    // repaints only the cells whose fill changed (a few hundred SVG rects per frame add up).
    const layoutKey = d ? `${x0}|${cols}|${c.cells}` : '';
    if (layoutKey !== cellsKey) {
      cellsKey = layoutKey;
      stop(cellsG.selectAll('rect'), 'arrive');
      const data = d ? Array.from({ length: c.cells }, (_, i) => i) : [];
      const rects = cellsG
        .selectAll<SVGRectElement, number>('rect')
        .data(data, (i) => i)
        .join('rect')
        .attr('x', (i) => x0 + 8 + (i % cols) * PITCH)
        .attr('y', (i) => 48 + Math.floor(i / cols) * PITCH)
        .attr('width', PITCH - 1)
        .attr('height', PITCH - 1);
      nodes = rects.nodes();
      painted = nodes.map(() => '');
    }
    const before =
      animate && state.arrived > 0 ? Math.ceil((state.read - state.arrived) / c.per) : c.filled;
    for (const i of arriving) stopNode(nodes[i], 'arrive');
    arriving = [];
    nodes.forEach((node, i) => {
      const want = i < c.filled ? (i >= before ? ARRIVE : fill) : EMPTY_CELL;
      if (painted[i] === want) return;
      painted[i] = want;
      node.setAttribute('fill', want);
      if (want === ARRIVE) arriving.push(i);
    });
    for (const i of arriving) {
      painted[i] = fill;
      select(nodes[i])
        .transition('arrive')
        .duration(Math.max(200, frame.durationMs))
        .attr('fill', fill);
    }
    if (animate && state.arrived > 0)
      path
        .interrupt('pulse')
        .attr('stroke-width', 6)
        .transition('pulse')
        .duration(Math.max(200, frame.durationMs))
        .attr('stroke-width', 3);

    explain(d);
    root.dataset.read = String(state.read);
    root.dataset.direct = d ? String(d.direct) : '';
    status.textContent = d
      ? `${state.step !== null ? `step ${state.step + 1} · ` : ''}${
          d.direct
            ? `each cell ≈ ${c.per.toLocaleString('en')} block${c.per === 1 ? '' : 's'}; the blocks are not kept: the next scan reads them again`
            : 'this scan reads through the buffer cache: its blocks land in the pools, the PGA stays empty'
        } · physical reads direct (run): ${frame.directTotal.toLocaleString('en')}`
      : '';
  }

  const resize =
    typeof ResizeObserver === 'undefined'
      ? null
      : new ResizeObserver(() => {
          const w = Math.max(300, (el.clientWidth || 600) - 20);
          if (w === hostW) return;
          hostW = w;
          if (lastFrame) draw(lastFrame, false);
        });
  resize?.observe(el);

  return {
    update(frame) {
      state = nextPga(state, frame.steps, frame.events, frame.done);
      lastFrame = frame;
      draw(frame, frame.animate);
    },
    destroy() {
      resize?.disconnect();
      stop(cellsG.selectAll('rect'), 'arrive');
      root.remove();
    },
  };
}
