// The chain of one library cache bucket as a list of handles, newest first, and the walk of
// a lookup over it, handle by handle, to the one found (soft parse) or past the end (hard
// parse). Plain HTML: the statement texts wrap and ellipsise with CSS; the walk is CSS
// animations with per-row delays (../../styles/library-views.css), so there are no timers to stop.
import type * as library from '../../sim/library';
import { walkedRows, type Lookup } from './layout';
import { plural } from '../../shared/words';

/** Rows listed before "… n more" (more when the walk went further). */
const MAX_ROWS = 6;
const HARD_CAP = 40;
const TEXT_MAX = 120;

export interface ChainShown {
  bucket: number;
  latch: number;
  /** The lookup that walked this chain (this step, or the last one seen), if any. */
  look: Lookup | null;
  /** A handle a hard parse hung at the head this step. */
  inserted: number | null;
}

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, cls: string, text?: string) => {
  const e = document.createElement(tag);
  e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};

export const clip = (text: string, max = TEXT_MAX) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** Redraw the list; `ms` > 0 animates the walk over that many milliseconds. */
export function renderChain(
  box: HTMLElement,
  chain: library.ChainEntry[],
  s: ChainShown | null,
  ms: number,
): void {
  box.replaceChildren();
  box.classList.toggle('lib-animate', ms > 0);
  if (!s) {
    box.removeAttribute('data-bucket');
    box.appendChild(
      el('div', 'lib-chain-empty', 'Click a bucket to list the handles on its chain.'),
    );
    return;
  }
  box.dataset.bucket = String(s.bucket);
  box.dataset.latch = String(s.latch);
  const n = chain.length;
  box.appendChild(
    el(
      'div',
      'lib-chain-head',
      `bucket ${s.bucket.toLocaleString('en')} · latch ${s.latch} · ` +
        `${plural(n, 'handle')}${n > 1 ? ', newest first' : ''}`,
    ),
  );
  const walk = s.look && s.look.walked !== null ? walkedRows(chain, s.look, s.inserted) : null;
  const reach = walk ? walk.start + walk.count : 0;
  const rows = Math.min(n, Math.max(MAX_ROWS, Math.min(HARD_CAP, reach)));
  const steps = walk ? walk.count + 1 : 0;
  const beat = ms > 0 && steps ? Math.min(420, (ms * 0.8) / steps) : 0;
  box.style.setProperty('--beat', `${Math.max(80, Math.round(beat * 0.8))}ms`);
  const delay = (i: number) => `${Math.round(i * beat)}ms`;

  const ol = el('ol', 'lib-handles');
  for (let i = 0; i < rows; i++) {
    const h = chain[i];
    const li = el('li', 'lib-handle');
    li.dataset.obj = String(h.obj);
    li.title = h.text;
    li.append(
      el('span', 'lib-handle-n', String(i + 1)),
      el('span', 'lib-handle-obj', `obj ${h.obj}`),
      el('span', 'lib-handle-text', clip(h.text)),
    );
    const k = walk ? i - walk.start : -1;
    if (walk && k >= 0 && k < walk.count) {
      const found = i === walk.foundRow;
      li.classList.add(found ? 'found' : 'walked');
      li.dataset.walk = String(k + 1);
      li.style.setProperty('--d', delay(k));
      li.appendChild(el('span', 'lib-handle-mark', found ? '✓ found' : `≠ ${k + 1}`));
    }
    if (h.obj === s.inserted) {
      li.classList.add('inserted');
      li.appendChild(el('span', 'lib-handle-mark new', 'new · hard parse'));
    }
    ol.appendChild(li);
  }
  box.appendChild(ol);
  if (n > rows) box.appendChild(el('div', 'lib-chain-more', `… ${n - rows} more`));
  if (n === 0 && s.inserted === null) box.appendChild(el('div', 'lib-chain-more', 'empty chain'));

  if (walk && s.look) {
    const found = s.look.found !== null;
    const end = el(
      'div',
      `lib-chain-end ${found ? 'soft' : 'hard'}`,
      found
        ? `✓ found after ${walk.count} → soft parse: pin the cursor and execute`
        : `✗ not on the chain (walked ${walk.count}) → hard parse: allocate, parse, ` +
            'hang the new handle at the head',
    );
    end.dataset.outcome = found ? 'soft' : 'hard';
    end.style.setProperty('--d', delay(walk.count));
    box.appendChild(end);
  }
}
