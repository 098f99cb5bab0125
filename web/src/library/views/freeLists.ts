// The shared pool's free lists as horizontal bars (chunks on each list, by its smallest
// size), and the search an allocation made over them: a sweep along each list it walked,
// in order, with a counter of chunks examined. Plain HTML; the sweep is a CSS animation.
import { select } from 'd3';
import { div } from '../../shared/views/host';
import { barWidths, freeListOf, listLabel, searchPath, type SearchLeg } from './layout';
import { stopNode } from '../../shared/views/stop';

export interface Search {
  size: number;
  examined: number;
  tries: number;
  /** ORA-04031: nothing fitted after the last try. */
  failed: boolean;
}

const span = (cls: string, text?: string) => {
  const s = document.createElement('span');
  s.className = cls;
  if (text !== undefined) s.textContent = text;
  return s;
};
const fmt = (n: number) => n.toLocaleString('en');

export class FreeLists {
  readonly el: HTMLDivElement;
  private rows: HTMLDivElement;
  private counter: HTMLDivElement;

  constructor(parent: HTMLElement) {
    this.el = div('lib-freelists', 'free-lists');
    const head = div('lib-fl-head');
    head.append(span('', 'free list (chunk sizes)'), span('', 'chunks'));
    this.rows = div();
    this.counter = div('lib-fl-search');
    this.el.append(head, this.rows, this.counter);
    parent.appendChild(this.el);
  }

  /** Redraw the bars; with a search, sweep it over `ms` milliseconds (0: draw it at once). */
  draw(
    lengths: Uint32Array,
    bucketMin: number[],
    barW: number,
    search: Search | null,
    ms: number,
  ): void {
    const widths = barWidths(lengths, barW);
    const legs: SearchLeg[] = search
      ? searchPath(search.size, search.examined, search.tries, bucketMin, lengths)
      : [];
    const perChunk = search && search.examined ? (ms * 0.75) / search.examined : 0;
    const start = search ? freeListOf(search.size, bucketMin) : -1;
    const hit = search && !search.failed && legs.length ? legs[legs.length - 1].list : -1;
    const rows: HTMLDivElement[] = [];
    for (let k = 0; k < bucketMin.length; k++) {
      const row = document.createElement('div');
      row.className = 'lib-fl-row';
      row.dataset.list = String(k);
      row.dataset.chunks = String(lengths[k] ?? 0);
      if (k === start) row.classList.add('start');
      if (k === hit) row.classList.add('hit');
      const track = span('lib-fl-track');
      track.style.width = `${barW}px`;
      const bar = span('lib-fl-bar');
      bar.style.width = `${widths[k] ?? 0}px`;
      track.appendChild(bar);
      row.append(span('lib-fl-label', listLabel(k, bucketMin)), track);
      row.appendChild(span('lib-fl-count', fmt(lengths[k] ?? 0)));
      rows.push(row);
    }
    // One sweep a leg: over the share of its list the search examined, after the legs before.
    let elapsed = 0;
    for (const leg of legs) {
      const n = lengths[leg.list] ?? 0;
      const w = Math.max(3, Math.min(barW, n ? (leg.count / n) * (widths[leg.list] ?? 0) : 3));
      const sweep = span('lib-fl-sweep');
      sweep.dataset.attempt = String(leg.attempt);
      sweep.dataset.examined = String(leg.count);
      sweep.style.setProperty('--w', `${w}px`);
      sweep.style.setProperty('--d', `${Math.round(elapsed)}ms`);
      sweep.style.setProperty('--t', `${Math.max(60, Math.round(leg.count * perChunk))}ms`);
      if (ms > 0) sweep.classList.add('lib-sweeping');
      elapsed += leg.count * perChunk;
      rows[leg.list].querySelector('.lib-fl-track')?.appendChild(sweep);
      rows[leg.list].classList.add('searched');
    }
    this.rows.replaceChildren(...rows);
    this.count(search, legs, ms);
  }

  private count(search: Search | null, legs: SearchLeg[], ms: number): void {
    const c = this.counter;
    stopNode(c);
    c.classList.toggle('fail', !!search?.failed);
    if (!search) {
      c.textContent = '';
      return;
    }
    const lists = [...new Set(legs.map((l) => l.list))];
    const where =
      lists.length === 0
        ? ''
        : lists.length === 1
          ? ` on list ${lists[0]}`
          : ` on lists ${lists[0]}–${lists[lists.length - 1]}`;
    const tries = search.tries > 1 ? ` in ${search.tries} tries` : '';
    const text = (n: number) =>
      `examined ${fmt(n)} chunk${n === 1 ? '' : 's'}${where}${tries}` +
      (search.failed ? ' — nothing fits' : '');
    c.dataset.examined = String(search.examined);
    if (ms <= 0 || search.examined <= 1) {
      c.textContent = text(search.examined);
      return;
    }
    select(c)
      .transition()
      .duration(ms * 0.75)
      .tween('text', () => (t: number) => {
        c.textContent = text(Math.round(t * search.examined));
      });
  }

  destroy(): void {
    stopNode(this.counter);
    this.el.remove();
  }
}
