// A full scan's direct-read decision in words, with the numbers it compared (io::direct's
// rules, MODEL.md §1): the session PGA panel and the script timeline show it as it is.
import type { ScanDecision } from './generated/buffer/ScanDecision';
import type { ScanReason } from './generated/buffer/ScanReason';

const n = (v: number) => v.toLocaleString('en');
const pct = (part: number, whole: number) =>
  whole > 0 ? `${((part / whole) * 100).toFixed(0)} %` : '0 %';

/** A short name for the reason (a badge). */
export const REASON_NAME: Record<ScanReason, string> = {
  not_in_profile: 'before 10.2.0.5',
  event_off: 'event 10358 off',
  disabled: 'disabled',
  forced: '_serial_direct_read = ALWAYS',
  small: 'small table',
  keep_fits: 'fits the KEEP cache',
  mostly_cached: '≥ 50 % cached',
  mostly_dirty: '≥ 25 % dirty',
  large: 'large table',
  keep_bug: 'KEEP bug 8897574',
};

/** Why the scan went direct or through the cache, with the figures the rule compared. */
export function reasonText(d: ScanDecision): string {
  const blocks = `${n(d.blocks)} blocks`;
  switch (d.reason) {
    case 'not_in_profile':
      return 'this version predates serial direct path reads: every full scan goes through the buffer cache';
    case 'event_off':
      return '10.2.0.5 reads serial scans direct only with event 10358 at level 4 (bug 8332368); the event is off';
    case 'disabled':
      return 'serial direct reads are off (event 10949 level 1, or _serial_direct_read = NEVER)';
    case 'forced':
      return '_serial_direct_read = ALWAYS: every serial full scan reads direct';
    case 'small':
      return `${blocks} ≤ 5 × _small_table_threshold (${n(d.small_table_threshold)}) = ${n(d.large_above)}: read through the cache`;
    case 'keep_fits':
      return `a KEEP segment of ${blocks} < the KEEP cache's ${n(d.keep_buffers)} buffers: buffered (the 11.2.0.2 fix)`;
    case 'mostly_cached':
      return `${n(d.cached)} of ${blocks} cached (${pct(d.cached, d.blocks)} ≥ 50 %): reading through the cache is cheaper`;
    case 'mostly_dirty':
      return `${n(d.dirty)} of ${blocks} dirty (${pct(d.dirty, d.blocks)} ≥ 25 %): a checkpoint would cost more than direct saves`;
    case 'large':
      return `${blocks} > 5 × _small_table_threshold (${n(d.small_table_threshold)}) = ${n(d.large_above)}, ${pct(d.cached, d.blocks)} cached: read direct`;
    case 'keep_bug':
      return `a KEEP segment of ${blocks} > 10 % of the KEEP cache (${n(Math.floor(d.keep_buffers / 10))} of ${n(d.keep_buffers)} buffers) counts as large: read direct, never kept (bug 8897574)`;
  }
}

/** The numbers of the decision as label/value pairs (what the rule looked at, as the scan began). */
export function decisionFigures(d: ScanDecision): [string, string][] {
  const out: [string, string][] = [
    ['blocks', n(d.blocks)],
    ['pool', d.pool],
    ['_small_table_threshold', n(d.small_table_threshold)],
    ['large above (5 ×)', n(d.large_above)],
  ];
  if (d.keep_buffers > 0) out.push(['KEEP buffers', n(d.keep_buffers)]);
  out.push(['cached at the start', `${n(d.cached)} (${pct(d.cached, d.blocks)})`]);
  out.push(['dirty', `${n(d.dirty)} (${pct(d.dirty, d.blocks)})`]);
  return out;
}
