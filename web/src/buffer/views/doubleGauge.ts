// Double buffering at a glance (seed 003, issue 41 #4): above the replacement lists, two bars
// on one scale each — the buffer cache, with the share of its buffers whose block the OS page
// cache also holds, and the OS page cache, with the share of its pages that are copies of a
// buffer — and the memory held twice. The OS panel below draws every page; this says in one
// look what a room must see first: the same blocks, paid for twice.
import { DOUBLE_MARK, FREE_FILL, FREE_STROKE } from '../../shared/views/colours';
import { styled } from '../../shared/views/host';
import type { OsTotals } from './types';

const n = (v: number) => v.toLocaleString('en');
const pct = (part: number, whole: number) => (whole > 0 ? Math.round((100 * part) / whole) : 0);
const share = (part: number, whole: number) =>
  `${whole > 0 ? Math.min(100, (100 * part) / whole) : 0}%`;
/** A page only the OS holds: grey, paler than the copies. */
const ONLY_OS = '#adb5bd';

export interface DoubleGauge {
  el: HTMLElement;
  update(os: OsTotals, buffers: number): void;
}

/** One bar: its name, the stacked parts, and what they count. */
function row(parent: HTMLElement, name: string, parts: number) {
  const line = styled(
    'div',
    // on a phone the count goes under its bar
    { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2px 8px', minWidth: '0' },
    parent,
  );
  styled('span', { width: '112px', flex: 'none', whiteSpace: 'nowrap' }, line).textContent = name;
  const bar = styled(
    'span',
    {
      flex: '1 1 80px',
      minWidth: '60px',
      height: '12px',
      display: 'flex',
      background: FREE_FILL,
      border: `1px solid ${FREE_STROKE}`,
      borderRadius: '2px',
      overflow: 'hidden',
    },
    line,
  );
  const fills = Array.from({ length: parts }, () => styled('span', { height: '100%' }, bar));
  const text = styled('span', { flex: 'none', whiteSpace: 'nowrap' }, line);
  return { bar, fills, text };
}

export function createDoubleGauge(): DoubleGauge {
  const el = styled('div', {
    display: 'grid',
    gap: '3px',
    flexBasis: '100%',
    fontSize: '12px',
    color: '#1d1f24',
  });
  el.dataset.testid = 'double-gauge';
  const head = styled('div', { color: DOUBLE_MARK, fontWeight: '700' }, el);
  const sga = row(el, 'buffer cache', 1);
  const os = row(el, 'OS page cache', 2);
  sga.fills[0].style.background = DOUBLE_MARK;
  os.fills[0].style.background = DOUBLE_MARK;
  os.fills[1].style.background = ONLY_OS;
  return {
    el,
    update(t, buffers) {
      const mb = (t.doubledBytes / 1048576).toFixed(1);
      head.textContent = `double buffering: ${n(t.doubled)} blocks (${mb} MB) held twice`;
      el.dataset.doubled = String(t.doubled);
      sga.fills[0].style.width = share(t.doubled, buffers);
      sga.text.textContent = `${n(t.doubled)} of ${n(buffers)} buffers also in the OS (${pct(t.doubled, buffers)} %)`;
      os.fills[0].style.width = share(t.doubled, t.capacity);
      os.fills[1].style.width = share(t.resident - t.doubled, t.capacity);
      os.text.textContent = `${n(t.doubled)} of ${n(t.capacity)} pages are copies (${pct(t.doubled, t.capacity)} %)`;
      sga.bar.title = `teal: buffers whose block the OS page cache holds too · pale: only in the buffer cache`;
      os.bar.title = `teal: copies of a buffer · grey: pages only the OS holds (${n(t.resident)} held) · pale: free`;
    },
  };
}
