// The console's tables: Oracle's names and columns (lower case), one table per fixed view the
// seeds query, filled from a Capture. X$BH and V$BH are views over `sim$bh`, the per-buffer
// arrays as they come from the engine; their Oracle columns are computed by SQLite.
//
// Addresses (ADDR, SET_DS, NXT_REPL …) are invented but consistent: a buffer header is 0x80
// bytes from 0x0A000000, a working set descriptor 0x100 bytes from 0x09000000, so SET_DS
// joins X$KCBWDS.ADDR and NXT_REPL / PRV_REPL name the neighbours' ADDR ('00': none).

import { ADVICE_COLUMNS, POOL_COLUMNS } from '../sim/columns';

export const BH_ADDR = 0x0a000000;
export const DS_ADDR = 0x09000000;
export const BP_ADDR = 0x08f00000;
export const LATCH_ADDR = 0x08e00000;
export const SQL_ADDR = 0x07000000;
/** Child latches of cache buffers chains, 0x40 bytes each from here (past every header). */
export const CHAINS_ADDR = 0x20000000;
/** The buffer cache's parent latches and the cache buffers lru chain children. */
export const LRU_ADDR = 0x08d00000;
/** Sessions (V$SESSION.SADDR) and processes (V$PROCESS.ADDR, V$SESSION.PADDR). */
export const SESSION_ADDR = 0x06000000;
export const PROCESS_ADDR = 0x05000000;

export const hex = (n: number): string => n.toString(16).toUpperCase().padStart(8, '0');

/** A latch row's columns, V$LATCH_CHILDREN's order (V$LATCH has no CHILD#). */
const LATCH_COLUMNS = [
  'addr',
  'latch#',
  'child#',
  'level#',
  'name',
  'hash',
  'gets',
  'misses',
  'sleeps',
  'immediate_gets',
  'immediate_misses',
  'waiters_woken',
  'waits_holding_latch',
  'spin_gets',
  ...Array.from({ length: 11 }, (_, k) => `sleep${k + 1}`),
  'wait_time',
];

/** Base tables and their columns, in the order a Capture's rows give them. */
export const TABLES: Record<string, string[]> = {
  x$kcbwds: [
    'addr',
    'indx',
    'inst_id',
    'set_id',
    'dbwr_num',
    'blk_size',
    'start_buf#',
    'end_buf#',
    'cnum_set',
    'cnum_repl',
    'cold_len',
    'anum_repl',
    'cnum_write',
    'nxt_repl',
    'prv_repl',
    'hot_max',
  ],
  x$kcbwbpd: [
    'addr',
    'indx',
    'inst_id',
    'bp_id',
    'bp_name',
    'bp_size',
    'bp_lo_sid',
    'bp_hi_sid',
    'bp_set_ct',
    'bp_lo_bnum',
    'bp_hi_bnum',
  ],
  v$buffer_pool: [
    'id',
    'name',
    'lo_setid',
    'hi_setid',
    'set_count',
    'buffers',
    'lo_bnum',
    'hi_bnum',
  ],
  // BLOCK_SIZE from 9i (Database Reference 9.2, V$BUFFER_POOL_STATISTICS; versions.ts)
  v$buffer_pool_statistics: ['id', 'name', 'block_size', ...POOL_COLUMNS],
  // Oracle 9i's columns (Database Reference 9.2, V$DB_CACHE_ADVICE) and the two 10g added
  v$db_cache_advice: ['id', 'name', 'block_size', 'advice_status', ...ADVICE_COLUMNS],
  dba_objects: [
    'owner',
    'object_name',
    'subobject_name',
    'object_id',
    'data_object_id',
    'object_type',
    'status',
    'temporary',
  ],
  dba_segments: [
    'owner',
    'segment_name',
    'segment_type',
    'tablespace_name',
    'header_file',
    'header_block',
    'bytes',
    'blocks',
    'extents',
    'buffer_pool',
    'cache',
  ],
  // Oracle8i Reference, V$PARAMETER, and what 9i and 10g added (versions.ts)
  v$parameter: [
    'num',
    'name',
    'type',
    'value',
    'display_value',
    'isdefault',
    'isses_modifiable',
    'issys_modifiable',
    'isinstance_modifiable',
    'ismodified',
    'isadjusted',
    'description',
    'update_comment',
  ],
  v$sysstat: ['statistic#', 'name', 'class', 'value'],
  v$librarycache: [
    'namespace',
    'gets',
    'gethits',
    'gethitratio',
    'pins',
    'pinhits',
    'pinhitratio',
    'reloads',
    'invalidations',
  ],
  v$sql: [
    'address',
    'hash_value',
    'child_number',
    'sql_text',
    'sharable_mem',
    'loads',
    'invalidations',
    'parse_calls',
    'executions',
    'users_executing',
    'loaded_versions',
    'kept_versions',
  ],
  // V$LATCH and V$LATCH_CHILDREN: Oracle8i Reference (8.1.6) V$LATCH_CHILDREN,
  // https://docs.oracle.com/cd/A87860_01/doc/server.817/a76961/ch373.htm, with 9.2's WAIT_TIME
  // and 10.1's HASH (versions.ts)
  v$latch: LATCH_COLUMNS.filter((c) => c !== 'child#'),
  v$latch_children: LATCH_COLUMNS,
  // Oracle8i Reference, V$LATCHHOLDER (ch371.htm); GETS from 10.2
  v$latchholder: ['pid', 'sid', 'laddr', 'name', 'gets'],
  // Oracle8i Reference, V$SESSION: the columns the model can fill
  v$session: [
    'saddr',
    'sid',
    'serial#',
    'audsid',
    'paddr',
    'user#',
    'username',
    'command',
    'lockwait',
    'status',
    'server',
    'schema#',
    'schemaname',
    'osuser',
    'process',
    'machine',
    'terminal',
    'program',
    'type',
    'sql_address',
    'sql_hash_value',
    'prev_sql_addr',
    'prev_hash_value',
    'module',
    'action',
    'client_info',
    'logon_time',
    'last_call_et',
  ],
  // Oracle8i Reference, V$SESS_IO
  v$sess_io: [
    'sid',
    'block_gets',
    'consistent_gets',
    'physical_reads',
    'block_changes',
    'consistent_changes',
  ],
  // Oracle8i Reference, V$PROCESS (the columns the model can fill)
  v$process: [
    'addr',
    'pid',
    'spid',
    'username',
    'serial#',
    'terminal',
    'program',
    'background',
    'latchwait',
    'latchspin',
  ],
  // one extent a segment (DBA_EXTENTS, Oracle8i Reference): blocks 1 … n of file# = obj
  dba_extents: [
    'owner',
    'segment_name',
    'partition_name',
    'segment_type',
    'tablespace_name',
    'extent_id',
    'file_id',
    'block_id',
    'bytes',
    'blocks',
    'relative_fno',
  ],
  v$session_wait: [
    'sid',
    'seq#',
    'event',
    'p1text',
    'p1',
    'p2text',
    'p2',
    'p3text',
    'p3',
    'wait_time',
    'state',
  ],
  dual: ['dummy'],
  // packed: a = dba·2^8 + flags, b = set·2^32 + tch, c = (prv + 1)·2^26 + (nxt + 1);
  // l the cache buffers chains child of the buffer's bucket (−1: free)
  sim$bh: ['buf', 'a', 'b', 'c', 'tim', 'l'],
};

const q = (name: string) => `"${name}"`;

/** Number columns scripts compare with a parameter's VALUE (text). */
const NUMERIC = new Set([
  'v$db_cache_advice.block_size',
  'v$buffer_pool_statistics.block_size',
  'x$kcbwds.blk_size',
]);

/**
 * A table's columns for a release that lacks `absent` of them (Capture.absent): the rows a
 * capture gives are in TABLES order, so `keep` says which of their cells stay.
 */
export function columnsOf(
  name: string,
  absent: readonly string[] = [],
): { cols: string[]; keep: number[] } {
  const keep: number[] = [];
  TABLES[name].forEach((c, k) => {
    if (!absent.includes(c)) keep.push(k);
  });
  return { cols: keep.map((k) => TABLES[name][k]), keep };
}

/** `sim$bh.c`'s factor: list links up to 2^26 − 2 buffers. */
export const LINK_SPAN = 2 ** 26;

export function createTable(name: string, absent: readonly string[] = []): string {
  const cols = columnsOf(name, absent).cols.map((c, k) =>
    name === 'sim$bh'
      ? `${q(c)} ${k === 0 ? 'INTEGER PRIMARY KEY' : k < 4 || k === 5 ? 'INTEGER' : 'REAL'}`
      : // Oracle converts V$PARAMETER.VALUE's text to compare it with a number (`block_size =
        // (select value from v$parameter where name = 'db_block_size')`): a NUMERIC column
        // makes SQLite convert the other side too
        NUMERIC.has(`${name}.${c}`)
        ? `${q(c)} NUMERIC`
        : q(c),
  );
  return `CREATE TABLE ${q(name)} (${cols.join(', ')})`;
}

const addr = (col: string) =>
  `CASE WHEN ${col} < 0 THEN '00' ELSE printf('%08X', ${BH_ADDR} + ${col} * 128) END`;

/**
 * Views over the base tables. X$BH has seed 000 Table 2's columns; NXT_REPL is NEXT_REPL's
 * other spelling (the seed's 8.0 Z$BUFFER_CACHE view reads NXT_REPL from X$BH). FLAG has
 * bit 0 (1) for a dirty buffer and bit 19 (524288) for a block read by a full scan, the
 * two bits the seed's view decodes. STATE is 0 (FREE) or 1 (XCUR): the model makes no CR
 * clones and reads synchronously. OBJ is the object's DBA_OBJECTS.OBJECT_ID, null while
 * the buffer is free.
 */
export const VIEWS: Record<string, string> = {
  x$bh: `CREATE VIEW "x$bh" AS SELECT
    printf('%08X', ${BH_ADDR} + buf * 128) AS addr, buf AS indx, 1 AS inst_id,
    buf AS "buf#",
    CASE WHEN dba = 0 THEN NULL ELSE dba >> 22 END AS obj,
    CASE WHEN dba = 0 THEN 0 ELSE 4 END AS "ts#",
    dba >> 22 AS "file#", dba >> 22 AS dbarfil, dba & 4194303 AS dbablk,
    CASE WHEN dba = 0 THEN 0 ELSE 1 END AS class,
    CASE WHEN dba = 0 THEN 0 ELSE 1 END AS state,
    (flags & 1) | CASE WHEN flags & 16 THEN 524288 ELSE 0 END AS flag,
    ${addr('nxt')} AS next_repl, ${addr('nxt')} AS nxt_repl, ${addr('prv')} AS prv_repl,
    printf('%08X', ${DS_ADDR} + set_no * 256) AS set_ds, tch, tim,
    CASE WHEN l < 0 THEN '00' ELSE printf('%08X', ${CHAINS_ADDR} + l * 64) END AS hladdr
    FROM (SELECT buf, a >> 8 AS dba, a & 255 AS flags, b >> 32 AS set_no,
      b & 4294967295 AS tch, (c >> 26) - 1 AS prv, (c & ${LINK_SPAN - 1}) - 1 AS nxt, tim, l
      FROM "sim$bh")`,
  v$bh: `CREATE VIEW "v$bh" AS SELECT
    "file#", dbablk AS "block#", class AS "class#",
    CASE state WHEN 0 THEN 'free' ELSE 'xcur' END AS status, 0 AS xnc, obj AS objd,
    CASE WHEN flag & 1 THEN 'Y' ELSE 'N' END AS dirty, 'N' AS temp, 'N' AS ping,
    'N' AS stale, 'N' AS direct, 'N' AS new
    FROM "x$bh"`,
  v$sqlarea: `CREATE VIEW "v$sqlarea" AS SELECT address, hash_value, sql_text,
    1 AS version_count, sharable_mem, loads, invalidations, parse_calls, executions,
    users_executing, loaded_versions, kept_versions FROM "v$sql"`,
  // Steve Adams' ALL_PARMS, which seed 001's script reads (hidden parameters included)
  all_parms: `CREATE VIEW all_parms AS SELECT name, value FROM "v$parameter"`,
};

/** Names a user may not write to or drop (ORA-02030). */
export const FIXED = new Set([...Object.keys(TABLES), ...Object.keys(VIEWS)]);

/** The names whose rows come from the per-buffer arrays. */
export const BH_NAMES = new Set(['sim$bh', 'x$bh', 'v$bh']);
