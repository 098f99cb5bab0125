// From a report's sections to what the simulation needs, section by section: each is read,
// missing (its title is not in the report: a truncated report, a PDB's report without buffer
// pool sections, an older release) or refused with the reason (its title is there but its
// table is not what the reader knows, or its numbers are in another locale's format). A section
// that throws anything is refused with the message; nothing stops the others.
import { sectionsNamed, type Doc, type Section } from './doc';
import { RefusedNumbers } from './numbers';
import {
  Refused,
  readCacheSizes,
  readEfficiency,
  readHeader,
  readInit,
  readLoadProfile,
} from './readSummary';
import {
  readActivity,
  readAdvisory,
  readLatches,
  readLibrary,
  readPoolStatistics,
  readSegmentsLogical,
  readSegmentsPhysical,
  readSharedPoolAdvisory,
} from './readTables';
import type { ReadReport } from './types';

type Reader = (sections: Section[], out: ReadReport) => string | void;

/** The sections read, in report order: the name shown, the titles it goes by, the reader, and
 * the fields it fills (for "which section did this come from"). */
const SECTIONS: { name: string; titles: string[]; read: Reader; fields: string[] }[] = [
  {
    name: 'Report header',
    titles: ['Report header'],
    read: readHeader,
    fields: ['release', 'platform', 'rac', 'cdb', 'elapsed_s'],
  },
  {
    name: 'Cache Sizes',
    titles: ['Cache Sizes'],
    read: readCacheSizes,
    fields: ['buffer_cache_bytes', 'shared_pool_bytes', 'block_size'],
  },
  {
    name: 'Load Profile',
    titles: ['Load Profile'],
    read: readLoadProfile,
    fields: ['load_profile'],
  },
  {
    name: 'Instance Efficiency',
    titles: ['Instance Efficiency'],
    read: readEfficiency,
    fields: ['efficiency'],
  },
  {
    name: 'Instance Activity Stats',
    titles: [
      'Instance Activity Stats',
      'Other Instance Activity Stats',
      'Key Instance Activity Stats',
    ],
    read: readActivity,
    fields: ['io'],
  },
  {
    name: 'Buffer Pool Statistics',
    titles: ['Buffer Pool Statistics'],
    read: readPoolStatistics,
    fields: ['pools'],
  },
  {
    name: 'Buffer Pool Advisory',
    titles: ['Buffer Pool Advisory'],
    read: readAdvisory,
    fields: ['advisory'],
  },
  {
    name: 'Shared Pool Advisory',
    titles: ['Shared Pool Advisory'],
    read: readSharedPoolAdvisory,
    fields: ['shared_pool_advisory'],
  },
  { name: 'Latch Activity', titles: ['Latch Activity'], read: readLatches, fields: ['latches'] },
  {
    name: 'Segments by Logical Reads',
    titles: ['Segments by Logical Reads'],
    read: readSegmentsLogical,
    fields: ['segments_logical'],
  },
  {
    name: 'Segments by Physical Reads',
    titles: ['Segments by Physical Reads'],
    read: readSegmentsPhysical,
    fields: ['segments_physical'],
  },
  {
    name: 'Library Cache Activity',
    titles: ['Library Cache Activity'],
    read: readLibrary,
    fields: ['library'],
  },
  {
    name: 'init.ora Parameters',
    // 19c calls it "Modified Parameters"
    titles: ['init.ora Parameters', 'Modified Parameters'],
    read: readInit,
    fields: ['init'],
  },
];

/** An empty report of a kind and format, every field unknown. */
export function emptyReport(doc: Doc): ReadReport {
  return {
    kind: doc.format === 'Statspack text' ? 'Statspack' : 'AWR',
    format: doc.format,
    release: null,
    platform: null,
    rac: null,
    cdb: null,
    elapsed_s: null,
    block_size: null,
    buffer_cache_bytes: null,
    shared_pool_bytes: null,
    init: {},
    load_profile: {
      logical_reads_per_s: null,
      physical_reads_per_s: null,
      block_changes_per_s: null,
      parses_per_s: null,
      hard_parses_per_s: null,
      executes_per_s: null,
    },
    efficiency: { buffer_hit_pct: null, soft_parse_pct: null, library_hit_pct: null },
    pools: [],
    advisory: [],
    segments_logical: [],
    segments_physical: [],
    io: { physical_reads: null, physical_reads_direct: null, physical_reads_cache: null },
    library: [],
    latches: [],
    shared_pool_advisory: [],
    sections: [],
    origin: {},
  };
}

/** Every section the reader knows, read from the document. */
export function interpret(doc: Doc): ReadReport {
  const out = emptyReport(doc);
  for (const s of SECTIONS) {
    const found = s.titles.flatMap((t) => sectionsNamed(doc, t));
    if (found.length === 0) {
      out.sections.push({ name: s.name, status: 'missing', reason: 'not in the report' });
      continue;
    }
    try {
      const note = s.read(found, out);
      out.sections.push({ name: s.name, status: 'read', reason: note || '' });
      for (const f of s.fields) out.origin[f] = s.name;
    } catch (e) {
      const reason =
        e instanceof Refused || e instanceof RefusedNumbers
          ? e.message
          : `unreadable: ${(e as Error).message}`;
      out.sections.push({ name: s.name, status: 'refused', reason });
    }
  }
  return out;
}
