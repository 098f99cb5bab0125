// The policy's marks on the buffers (./policyChrome): the hand (CLOCK, SIEVE) as a pointer over
// its buffer and a badge per marked buffer — its mark (reference bit, visited, freq, OPT's next
// use, ∞ for never) at the top left, its status word (LIR/HIR) along the bottom.
import type { Selection } from 'd3';
import { INK, MUTED } from '../../shared/views/colours';
import { badgesOf, type Badge } from './policyState';
import type { PolicyInput } from './policyChrome';

type G = Selection<SVGGElement, unknown, null, undefined>;

/** Colours of a status word's badge: LIR filled, anything else outlined. */
const STATUS_FILL = '#1864ab';

interface BadgeAt extends Badge {
  buf: number;
  x: number;
  y: number;
}

export function drawHands(layer: G, x: PolicyInput): void {
  const c = x.grid.cell;
  const hands = x.states.flatMap((st, s) => {
    const p = st.hand === null ? null : x.at(st.hand);
    return p && x.grid.sets[s] ? [{ set: s, buf: st.hand as number, ...p }] : [];
  });
  const tri = Math.max(5, Math.min(9, c * 0.4));
  layer
    .selectAll<SVGGElement, (typeof hands)[number]>('g.hand')
    .data(hands, (d) => String(d.set))
    .join((enter) => {
      const e = enter
        .append('g')
        .attr('class', 'hand')
        .attr('transform', (d) => `translate(${d.x},${d.y})`);
      e.append('rect').attr('fill', 'none').attr('stroke', INK).attr('stroke-width', 2.5);
      e.append('path').attr('fill', INK).attr('stroke', '#fff').attr('stroke-width', 1);
      return e;
    })
    .attr('data-testid', 'policy-hand')
    .attr('data-buf', (d) => d.buf)
    .call((g) => {
      g.select('rect')
        .attr('x', -2)
        .attr('y', -2)
        .attr('width', c + 4)
        .attr('height', c + 4)
        .attr('rx', 3);
      g.select('path').attr(
        'd',
        `M${c / 2 - tri},${-3 - tri * 1.2}L${c / 2 + tri},${-3 - tri * 1.2}L${c / 2},-3Z`,
      );
    })
    .transition()
    .duration(x.animate ? x.durationMs * 0.8 : 0)
    .attr('transform', (d) => `translate(${d.x},${d.y})`);
}

/** Draw the badges; `was` and the result: where each badge was drawn (a moved one fades in). */
export function drawBadges(
  layer: G,
  x: PolicyInput,
  was: Map<number, string>,
): Map<number, string> {
  const c = x.grid.cell;
  const list: BadgeAt[] = [];
  if (x.badges && c >= 7)
    x.states.forEach((st) => {
      for (const [buf, badge] of badgesOf(st)) {
        const p = x.at(buf);
        if (p) list.push({ ...badge, buf, ...p });
      }
    });
  const text = c >= 14;
  const r = text ? Math.max(6, Math.min(8, c * 0.22)) : 2.2;
  const font = Math.round(r * 1.45);
  const wide = (s: string) => Math.max(2 * r, s.length * font * 0.62 + 5);
  // A buffer that moved shows its badge again once it has arrived.
  const now = new Map(list.map((b) => [b.buf, `${b.x},${b.y}`]));
  const moved = (b: BadgeAt) => x.animate && was.get(b.buf) !== now.get(b.buf);
  const g = layer
    .selectAll<SVGGElement, BadgeAt>('g.badge')
    .data(list, (d) => String(d.buf))
    .join((enter) => {
      const e = enter.append('g').attr('class', 'badge').attr('pointer-events', 'none');
      e.append('rect').attr('class', 'mark');
      e.append('text').attr('class', 'mark').attr('text-anchor', 'middle').attr('dy', '0.35em');
      e.append('rect').attr('class', 'status');
      e.append('text').attr('class', 'status').attr('text-anchor', 'middle').attr('dy', '0.35em');
      return e;
    })
    .attr('data-buf', (d) => d.buf)
    .attr('data-mark', (d) => d.mark ?? '')
    .attr('data-status', (d) => d.status ?? '')
    .attr('transform', (d) => `translate(${d.x},${d.y})`);
  g.interrupt()
    .attr('opacity', (d) => (moved(d) ? 0 : 1))
    .filter((d) => moved(d))
    .transition()
    .delay(x.durationMs * 0.85)
    .duration(120)
    .attr('opacity', 1);
  g.select('rect.mark')
    .attr('display', (d) => (d.mark === null ? 'none' : 'inline'))
    .attr('x', -3)
    .attr('y', -3)
    .attr('width', (d) => (text ? wide(d.mark ?? '') : 2 * r))
    .attr('height', 2 * r)
    .attr('rx', r)
    .attr('fill', (d) => (d.zero ? '#fff' : INK))
    .attr('stroke', (d) => (d.zero ? MUTED : '#fff'))
    .attr('stroke-width', 1);
  g.select('text.mark')
    .attr('display', (d) => (d.mark === null || !text ? 'none' : 'inline'))
    .attr('x', (d) => -3 + wide(d.mark ?? '') / 2)
    .attr('y', -3 + r)
    .attr('font-size', font)
    // too small for a room: presenter mode shows the badge without it (styles/modes.css)
    .attr('data-small', font < 12 ? '' : null)
    .attr('font-weight', 700)
    .attr('fill', (d) => (d.zero ? INK : '#fff'))
    .text((d) => d.mark ?? '');
  const word = (d: BadgeAt) => (c >= 26 ? (d.status ?? '') : (d.status ?? '').slice(0, 1));
  const lir = (d: BadgeAt) => d.status === 'LIR';
  // Inside the cell's bottom edge: below it are the next row's tags.
  g.select('rect.status')
    .attr('display', (d) => (d.status === null ? 'none' : 'inline'))
    .attr('x', 0)
    .attr('y', c - 2 * r)
    .attr('width', (d) => (text ? wide(word(d)) : 2 * r))
    .attr('height', 2 * r)
    .attr('rx', 3)
    .attr('fill', (d) => (lir(d) ? STATUS_FILL : '#fff'))
    .attr('stroke', STATUS_FILL)
    .attr('stroke-width', 1);
  g.select('text.status')
    .attr('display', (d) => (d.status === null || !text ? 'none' : 'inline'))
    .attr('x', (d) => wide(word(d)) / 2)
    .attr('y', c - r)
    .attr('font-size', font)
    .attr('data-small', font < 12 ? '' : null)
    .attr('font-weight', 700)
    .attr('fill', (d) => (lir(d) ? '#fff' : STATUS_FILL))
    .text(word);
  return now;
}
