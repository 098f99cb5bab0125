// A full scan's direct-read decision in words, with the numbers it compared (io::direct's
// rules, docs/model.md §1.7): the one place that words it. The session PGA panel and the script
// timeline show it short (reasonText, decisionFigures), the narration at length (scanWhy).
import type { Profile } from './generated/Profile';
import type { ScanDecision } from './generated/buffer/ScanDecision';
import type { ScanReason } from './generated/buffer/ScanReason';
import { hasKeepBug, traitsOf } from './profile';

const n = (v: number) => v.toLocaleString('en');
const pct = (part: number, whole: number) =>
  whole > 0 ? `${((part / whole) * 100).toFixed(0)} %` : '0 %';

/** A tenth of the KEEP cache: the size over which the KEEP bug (8897574) calls a segment large. */
const keepTenth = (d: ScanDecision) => Math.floor(d.keep_buffers / 10);
/** The KEEP bug's rule applies: a KEEP segment, a KEEP cache, a profile before 11.2.0.2. */
const keepRuleApplies = (profile: Profile, d: ScanDecision) =>
  d.pool === 'KEEP' && d.keep_buffers > 0 && hasKeepBug(profile);

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
      return `a KEEP segment of ${blocks} > 10 % of the KEEP cache (${n(keepTenth(d))} of ${n(d.keep_buffers)} buffers) counts as large: read direct, never kept (bug 8897574)`;
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

/** Percent of the segment's blocks, rounded down (so "< 50 %" and "≥ 50 %" stay true). */
const pctDown = (part: number, blocks: number) =>
  blocks === 0 ? 0 : Math.floor((part * 100) / blocks);

/** Why the segment counted as large: the KEEP bug (before 11.2.0.2), over 5 × the threshold. */
function largeBecause(profile: Profile, d: ScanDecision): string {
  const why: string[] = [];
  const tenth = keepTenth(d);
  if (keepRuleApplies(profile, d) && d.blocks > tenth) {
    why.push(
      `KEEP segment of ${n(d.blocks)} blocks > 10 % of the KEEP cache (${n(tenth)} of ${n(d.keep_buffers)} buffers)`,
    );
  }
  if (d.blocks > d.large_above) {
    const stt = `5 × _small_table_threshold ${n(d.small_table_threshold)}`;
    why.push(why.length ? `> ${stt}` : `${n(d.blocks)} blocks > ${stt}`);
  }
  return why.join(' and ');
}

/**
 * The decision's numbers and the rule that settled it, at length (the narration's why):
 * what `profile` reads direct and, before 11.2.0.2, the KEEP bug's share of the cache.
 */
export function scanWhy(profile: Profile, d: ScanDecision): string {
  const cached = `${pctDown(d.cached, d.blocks)} % cached`;
  switch (d.reason) {
    case 'not_in_profile':
      return `profile ${profile} predates serial direct path reads (10.2.0.5 and later) → every full scan goes through the buffer cache`;
    case 'event_off':
      return '10.2.0.5 reads direct only with event 10358 at level 4 (bug 8332368); it is off → through the buffer cache';
    case 'disabled':
      return traitsOf(profile).direct_reads === 'off_with_event10949'
        ? 'serial direct path reads are off (_serial_direct_read = NEVER / FALSE, or event 10949 at level 1) → through the buffer cache'
        : '_serial_direct_read = NEVER / FALSE → every serial full scan goes through the buffer cache';
    case 'forced':
      return '_serial_direct_read = ALWAYS / TRUE → every serial full scan reads direct';
    case 'small': {
      const keep = keepRuleApplies(profile, d)
        ? ` and ≤ 10 % of the KEEP cache (${n(keepTenth(d))} buffers)`
        : '';
      return `${n(d.blocks)} blocks ≤ 5 × _small_table_threshold ${n(d.small_table_threshold)} = ${n(d.large_above)}${keep} → a small table, read through the cache`;
    }
    case 'keep_fits':
      return `KEEP segment of ${n(d.blocks)} blocks smaller than the KEEP cache (${n(d.keep_buffers)} buffers) → through the cache (11.2.0.2 fix for bug 8897574)`;
    case 'mostly_cached':
      return `${largeBecause(profile, d)}, but ${cached} ≥ 50 % → reads through the cache`;
    case 'mostly_dirty':
      return `${largeBecause(profile, d)}, ${cached}, but ${pctDown(d.dirty, d.blocks)} % dirty ≥ 25 % → reads through the cache (a segment checkpoint would cost more than the direct read saves)`;
    case 'large':
      return `${largeBecause(profile, d)}, ${cached} → direct path read`;
    case 'keep_bug':
      return `${largeBecause(profile, d)}, ${cached} → read direct: bug 8897574, fixed in 11.2.0.2`;
  }
}
