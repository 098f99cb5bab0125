// The report's first page: the header (release, platform, RAC, CDB, elapsed), Cache Sizes, the
// Load Profile, Instance Efficiency, and the init.ora parameters at its end. Each reader takes
// the sections of its name and fills the report, throwing Refused with the reason when the
// section is there but does not say what it should. Section layouts: Oracle Database Performance
// Tuning Guide (10.2 … 19c), "Interpreting the Automatic Workload Repository report"; Statspack:
// $ORACLE_HOME/rdbms/admin/spdoc.txt.
import { column, key, labelled, squash, type Section, type Table } from './doc';
import { numOrRefuse } from './numbers';
import type { LoadProfile, ReadReport } from './types';

/** A section that is there but cannot be read: the reason goes to the section list. */
export class Refused extends Error {}

/** The first table with every one of these headings. */
export function tableWith(sections: Section[], ...headings: string[][]): Table | null {
  for (const s of sections)
    for (const t of s.tables) if (headings.every((h) => column(t, ...h) >= 0)) return t;
  return null;
}

/** Every table with every one of these headings (a section continued over pages). */
export function tablesWith(sections: Section[], ...headings: string[][]): Table[] {
  return sections.flatMap((s) =>
    s.tables.filter((t) => headings.every((h) => column(t, ...h) >= 0)),
  );
}

export function readHeader(sections: Section[], out: ReadReport): void {
  const db = tableWith(sections, ['release']);
  if (!db || db.rows.length === 0) throw new Refused('no table with a Release column');
  const row = db.rows[0];
  const release = squash(row[column(db, 'release')] ?? '');
  if (!/^\d+(\.\d+)+/.test(release)) throw new Refused(`Release '${release}' is not a version`);
  out.release = release;
  const rac = column(db, 'rac');
  if (rac >= 0) out.rac = /^yes/i.test(row[rac] ?? '');
  const cdb = column(db, 'cdb');
  if (cdb >= 0) out.cdb = /^yes/i.test(row[cdb] ?? '');
  const host = tableWith(sections, ['platform']);
  if (host?.rows[0]) out.platform = squash(host.rows[0][column(host, 'platform')] ?? '') || null;
  const lines = sections.flatMap((s) => s.lines);
  for (const l of lines) {
    const m = /Elapsed:\s+([\d,.]+)\s*\(mins\)/.exec(l);
    if (m) {
      const mins = numOrRefuse(m[1]);
      if (mins !== null) out.elapsed_s = mins * 60;
      break;
    }
  }
}

export function readCacheSizes(sections: Section[], out: ReadReport): void {
  const pairs = labelled(sections.flatMap((s) => s.lines));
  const cache = pairs.get('buffer cache');
  const block = pairs.get('std block size');
  const shared = pairs.get('shared pool size') ?? pairs.get('shared pool');
  if (cache === undefined && block === undefined)
    throw new Refused('no "Buffer Cache:" or "Std Block Size:" line');
  out.buffer_cache_bytes = numOrRefuse(cache, 1024);
  out.block_size = numOrRefuse(block, 1024);
  out.shared_pool_bytes = numOrRefuse(shared, 1024);
}

const PROFILE: [string[], keyof LoadProfile][] = [
  [['logical read', 'logical reads'], 'logical_reads_per_s'],
  [['physical read', 'physical reads'], 'physical_reads_per_s'],
  [['block changes'], 'block_changes_per_s'],
  [['parses'], 'parses_per_s'],
  [['hard parses'], 'hard_parses_per_s'],
  [['executes'], 'executes_per_s'],
];

export function readLoadProfile(sections: Section[], out: ReadReport): void {
  const t = tableWith(sections, ['per second']);
  if (!t) throw new Refused('no table with a "Per Second" column');
  const per = column(t, 'per second');
  let found = 0;
  for (const row of t.rows) {
    const label = key(row[0] ?? '')
      .replace(/\s*\(.*?\)/g, '')
      .replace(/:$/, '');
    const field = PROFILE.find(([names]) => names.includes(label))?.[1];
    if (!field) continue;
    out.load_profile[field] = numOrRefuse(row[per]);
    found++;
  }
  if (found === 0) throw new Refused('no Logical reads, Physical reads or Parses row');
}

export function readEfficiency(sections: Section[], out: ReadReport): void {
  const pairs = labelled(sections.flatMap((s) => s.lines));
  const get = (label: string) => numOrRefuse(pairs.get(label));
  out.efficiency = {
    buffer_hit_pct: get('buffer hit %'),
    soft_parse_pct: get('soft parse %'),
    library_hit_pct: get('library hit %'),
  };
  if (Object.values(out.efficiency).every((v) => v === null))
    throw new Refused('no "Buffer Hit %", "Soft Parse %" or "Library Hit %"');
}

/** The parameters the scenario uses, and every underscore parameter that was set. */
const WANTED =
  /^(db_cache_size|db_block_buffers|db_keep_cache_size|db_recycle_cache_size|buffer_pool_keep|buffer_pool_recycle|shared_pool_size|cursor_sharing|session_cached_cursors|db_block_size|sga_target|memory_target|db_file_multiblock_read_count|cpu_count|_.+)$/;

export function readInit(sections: Section[], out: ReadReport): void {
  const tables = tablesWith(sections, ['parameter', 'name']);
  if (tables.length === 0) throw new Refused('no table with a "Parameter Name" column');
  for (const t of tables) {
    const name = column(t, 'parameter', 'name');
    const begin = column(t, 'begin');
    const end = column(t, 'end');
    for (const row of t.rows) {
      const p = squash(row[name] ?? '').toLowerCase();
      if (!WANTED.test(p)) continue;
      const v = squash((end >= 0 && row[end]) || row[begin >= 0 ? begin : name + 1] || '');
      out.init[p] = v.replace(/^'(.*)'$/, '$1');
    }
  }
  const bs = out.init.db_block_size;
  if (out.block_size === null && bs !== undefined) out.block_size = numOrRefuse(bs, 1024);
}
