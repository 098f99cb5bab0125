// How the init.ora form groups the engine's parameter reference (parameterDocs(): names,
// limits, defaults, choices and the one-line help all come from there) and reads what is
// typed. The form shows the parameters of the scenario's own simulation (a doc's `area`).
import type { ParamDoc } from '../../sim/engine';

import type { InitValue } from '../../store/initOra';

/** Which simulation a parameter acts on (ParamDoc's `area`). */
type ParamArea = ParamDoc['area'];

/** Which simulation the scenario drives (the store's `mode`). */
export type SimMode = 'buffer' | 'library';

export interface ParamGroup {
  title: string;
  /** The simulation the group belongs to. */
  area: Exclude<ParamArea, 'both'>;
  names: string[];
}

export const GROUPS: ParamGroup[] = [
  {
    title: 'Pools and LRU latches',
    area: 'buffer_cache',
    names: [
      'db_block_buffers',
      'db_block_lru_latches',
      'buffer_pool_keep',
      'buffer_pool_recycle',
      'cpu_count',
      'db_block_size',
      'db_cache_size',
      'db_keep_cache_size',
      'db_recycle_cache_size',
    ],
  },
  {
    title: 'Touch counts and the midpoint (8i)',
    area: 'buffer_cache',
    names: [
      '_db_percent_hot_default',
      '_db_percent_hot_keep',
      '_db_percent_hot_recycle',
      '_db_aging_hot_criteria',
      '_db_aging_stay_count',
      '_db_aging_cool_count',
      '_db_aging_touch_time',
      '_db_aging_freeze_cr',
    ],
  },
  {
    title: 'Cache buffers chains',
    area: 'buffer_cache',
    names: ['_db_block_hash_buckets', '_db_block_hash_latches'],
  },
  {
    title: 'Index probes (model switches, issue #13)',
    area: 'buffer_cache',
    names: ['probe_examination', 'index_hit_relink'],
  },
  {
    title: 'DBWR and the write lists',
    area: 'buffer_cache',
    names: ['db_writer_processes', '_db_block_write_batch', '_db_block_max_scan_pct'],
  },
  {
    title: 'Full scans',
    area: 'buffer_cache',
    names: ['_small_table_threshold', 'db_file_multiblock_read_count'],
  },
  {
    title: 'Direct path reads and the OS page cache (10.2.0.5+)',
    area: 'buffer_cache',
    names: [
      '_serial_direct_read',
      'event_10358',
      'event_10949',
      'filesystemio_options',
      'host_memory',
    ],
  },
  {
    title: 'SGA in host memory (seed 002)',
    area: 'buffer_cache',
    names: ['lock_sga', 'pre_page_sga'],
  },
  {
    title: 'Sizing advice (V$DB_CACHE_ADVICE)',
    area: 'buffer_cache',
    names: ['db_cache_advice'],
  },
  {
    title: 'Shared pool and library cache',
    area: 'library_cache',
    names: [
      'shared_pool_size',
      '_kgl_bucket_count',
      '_kgl_latch_count',
      'cursor_sharing',
      'cpu_count',
      '_spin_count',
    ],
  },
];

export const areaOf = (mode: SimMode): Exclude<ParamArea, 'both'> =>
  mode === 'library' ? 'library_cache' : 'buffer_cache';

/** A parameter acts on the simulation of `mode` (its own area, or both). */
export const actsOn = (doc: ParamDoc, mode: SimMode): boolean =>
  doc.area === 'both' || doc.area === areaOf(mode);

/** Parameters the groups above do not place (the engine may know more): shown last. */
export function ungrouped(docs: ParamDoc[]): string[] {
  const placed = new Set(GROUPS.flatMap((g) => g.names));
  return docs.map((d) => d.name).filter((n) => !placed.has(n));
}

/**
 * The groups the form shows in `mode`: those of its area, each listing the documented
 * parameters that act on it, then "Other" for any the groups do not place. Empty groups
 * are left out.
 */
export function groupsFor(mode: SimMode, docs: ParamDoc[]): ParamGroup[] {
  const area = areaOf(mode);
  const known = new Map(docs.map((d) => [d.name, d]));
  const shows = (n: string) => {
    const d = known.get(n);
    return d !== undefined && actsOn(d, mode);
  };
  const other = ungrouped(docs).filter(shows);
  return [...GROUPS.filter((g) => g.area === area), { title: 'Other', area, names: other }]
    .map((g) => ({ ...g, names: g.names.filter(shows) }))
    .filter((g) => g.names.length > 0);
}

/**
 * The costs that advance simulated time in the buffer cache (`cost`, not init.ora), with the
 * limits the engine enforces (wasm-core/engine/src/scenario/segment.rs, `Cost::to_ns`).
 */
export const COSTS = [
  {
    key: 'logical_read_us',
    min: 0,
    max: 1e6,
    unit: 'µs',
    help: 'CPU time of one logical read (buffer get).',
  },
  {
    key: 'physical_read_ms',
    min: 0,
    max: 1e4,
    unit: 'ms',
    help: 'One read I/O request (a single block, or a whole multiblock read); seed 000 implies about 9.4 ms.',
  },
  {
    key: 'physical_write_ms',
    min: 0,
    max: 1e4,
    unit: 'ms',
    help: "DBWR's time to write one buffer.",
  },
  {
    key: 'direct_read_mb_s',
    min: 0.01,
    max: 1e6,
    unit: 'MiB/s',
    help: 'Throughput of serial direct path reads; seed 004 implies 42.5 MiB/s.',
  },
  {
    key: 'os_cache_read_us',
    min: 0,
    max: 1e6,
    unit: 'µs',
    help: 'CPU to copy one block out of the OS page cache (buffered I/O, no disk wait).',
  },
] as const;

export const display = (v: InitValue | undefined): string =>
  v === undefined ? '' : typeof v === 'boolean' ? (v ? 'TRUE' : 'FALSE') : String(v);

/** The choice a keyword value names (case-insensitive, as init.ora is), or null. */
export function keywordOf(doc: ParamDoc, text: string): string | null {
  const t = text.trim().toUpperCase();
  return doc.choices.find((c) => c.toUpperCase() === t) ?? null;
}

/** Decimal text, signed, with an optional exponent (1e6): what a number field accepts. */
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;
/** A limit or a value as the messages write it: 1,048,576. */
export const figure = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 6 });

export interface NumberRule {
  whole?: boolean;
  min?: number | null;
  max?: number | null;
  /** Unit written after the values (ms, µs, bytes). */
  unit?: string;
}

/**
 * A message naming the field when `text` is not a number it takes — not a number, not
 * whole, or outside its limits (each message names the limit) — else null; '' is unset.
 */
export function checkNumber(name: string, text: string, rule: NumberRule = {}): string | null {
  const t = text.trim();
  if (t === '') return null;
  const unit = rule.unit ? ` ${rule.unit}` : '';
  const kind = rule.whole ? 'a whole number' : 'a number';
  if (!NUMBER.test(t)) return `${name} takes ${kind}${unit ? ` (${rule.unit})` : ''}, not “${t}”`;
  const n = Number(t);
  if (!Number.isFinite(n)) return `${name}: ${t} is too large to be a number`;
  if (rule.whole && !Number.isInteger(n)) return `${name} takes a whole number, not ${t}`;
  if (rule.min != null && n < rule.min)
    return `${name}: ${figure(n)}${unit} is below the minimum ${figure(rule.min)}${unit}`;
  if (rule.max != null && n > rule.max)
    return `${name}: ${figure(n)}${unit} is above the maximum ${figure(rule.max)}${unit}`;
  return null;
}

const SIZE = /^\+?(\d+)\s*([KMG]?)$/i;
const SIZE_UNIT: Record<string, number> = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 };

/** A message when `text` cannot be a value of the parameter; '' means unset (the default). */
export function checkParam(doc: ParamDoc, text: string): string | null {
  const t = text.trim();
  if (t === '') return null;
  const min = doc.min === null ? null : Number(doc.min);
  const max = doc.max === null ? null : Number(doc.max);
  switch (doc.kind) {
    case 'integer':
      // the engine's rule (Rust's u64 from text: digits, an optional leading +), not
      // JavaScript's Number(), which would take 1e3, 0x10 or 1.0 (issue 29 #15)
      if (!/^\+?\d+$/.test(t)) return `${doc.name} takes a whole number in digits, not “${t}”`;
      return checkNumber(doc.name, t, { whole: true, min, max });
    case 'size': {
      const m = SIZE.exec(t);
      if (!m) return `${doc.name} takes bytes, e.g. 8388608 or 8M, not “${t}”`;
      const bytes = Number(m[1]) * SIZE_UNIT[m[2].toUpperCase()];
      return checkNumber(doc.name, String(bytes), { whole: true, min, max, unit: 'bytes' });
    }
    case 'boolean':
      return /^(TRUE|FALSE)$/i.test(t) ? null : `${doc.name} is TRUE or FALSE, not “${t}”`;
    case 'pool_spec':
      return /^\(.*\)$|^\d+$/.test(t)
        ? null
        : `${doc.name} is written (buffers:N,lru_latches:L), or a number of buffers`;
    case 'keyword':
      return keywordOf(doc, t) !== null ? null : `${doc.name} is one of ${doc.choices.join(', ')}`;
  }
}

/** The value to store for accepted text; null removes the parameter (its default applies). */
export function paramValue(doc: ParamDoc, text: string): InitValue | null {
  const t = text.trim();
  if (t === '') return null;
  switch (doc.kind) {
    case 'integer':
      return Number(t);
    case 'size':
      return /^\d+$/.test(t) ? Number(t) : t.replace(/\s+/g, '').toUpperCase();
    case 'boolean':
      return /^TRUE$/i.test(t);
    case 'pool_spec':
      return /^\d+$/.test(t) ? Number(t) : t.replace(/\s+/g, '');
    case 'keyword':
      return keywordOf(doc, t) ?? t.toUpperCase();
  }
}

/** A cost field's message (it names the field and, where the engine has one, the limit). */
export function checkCost(name: string, text: string, rule: NumberRule = {}): string | null {
  return checkNumber(name, text, { min: 0, ...rule });
}
