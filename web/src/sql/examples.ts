// The seeds' own queries, one click each in the console (`--example <id>` in `npm run sql`).
// Verbatim where the console's dialect takes them; where it does not, `adapted` says what
// changed.

export interface Example {
  id: string;
  title: string;
  /** Seed file and section. */
  source: string;
  /** Which run it is about. */
  kind: 'buffer' | 'library';
  sql: string;
  /** What was changed from the seed's text, or null (verbatim). */
  adapted: string | null;
}

const Z_COLUMNS = `CREATE OR REPLACE VIEW z$buffer_cache
   (buf_addr
   ,buf_no
   ,dba_file
   ,dba_blk
   ,tbs_id
   ,obj_id
   ,blk_class
   ,status
   ,pool
   ,dirty
   ,io_type
   ,nxt_repl
   ,prv_repl
   )
AS
SELECT
        bh.addr
       ,bh.buf#
       ,bh.dbarfil
       ,bh.dbablk
       ,bh.ts#
       ,bh.obj
       ,bh.class
       ,DECODE(bh.state,0,'FREE',1,'XCUR',2,'SCUR',
                       3,'CR',4,'READ',5,'MREC',6,'IREC')
       ,bp.bp_name
       ,DECODE(BITAND(bh.flag,1),0,'N','Y')
       ,DECODE(BITAND(bh.flag,524288),0,'RANDOM','SEQUENTIAL')`;

export const EXAMPLES: Example[] = [
  {
    id: 'pool-statistics',
    title: 'V$BUFFER_POOL_STATISTICS: logical and physical reads per pool',
    source: 'seed 000, "Experimental Procedure" (the buffer pool test script)',
    kind: 'buffer',
    sql: `SELECT name
      ,consistent_gets+db_block_gets logical_reads
      ,physical_reads
      ,DECODE(consistent_gets+db_block_gets,0,TO_NUMBER(null)
             ,ROUND(1-physical_reads/(consistent_gets+db_block_gets),1) )
             hit_ratio
  FROM
       sys.v$buffer_pool_statistics;`,
    adapted: null,
  },
  {
    id: 'pool-hit-ratio',
    title: 'Hit ratio per buffer pool',
    source: 'seed 000, "V$BUFFER_POOL and V$BUFFER_POOL_STATISTICS"',
    kind: 'buffer',
    sql: `SELECT  name   buffer_pool
       ,100 * (1-(physical_reads/(db_block_gets+consistent_gets)))
               hit_ratio
  FROM  v$buffer_pool_statistics;`,
    adapted: null,
  },
  {
    id: 'z-buffer-cache-8.0',
    title: 'Z$BUFFER_CACHE view, Oracle8 (8.0) version',
    source: 'seed 000, "The Z$BUFFER_CACHE View" (Oracle8 version)',
    kind: 'buffer',
    sql: `rem *********************************************
rem *  Externalizes useful buffer cache information
rem *  from the X$BH and X$KCBWBPD fixed tables,
rem *  Oracle8 version.
rem *********************************************
${Z_COLUMNS}
       ,nxt_repl
       ,prv_repl
  FROM
        x$kcbwbpd    bp
       ,x$bh         bh
 WHERE
        bp.bp_size > 0
   AND  bh.buf# >= bp.bp_lo_bnum
   AND  bh.buf# <= bp.bp_hi_bnum
   AND  bh.inst_id = USERENV('Instance')
   AND  bp.inst_id = USERENV('Instance');`,
    adapted: null,
  },
  {
    id: 'z-buffer-cache-8i',
    title: 'Z$BUFFER_CACHE view, Oracle8i version',
    source: 'seed 000, "The Z$BUFFER_CACHE View" (Oracle8i version)',
    kind: 'buffer',
    sql: `rem *********************************************
rem *  Externalizes useful buffer cache information
rem *  from the X$BH, X$KCBWBPD and X$KCBWDS fixed
rem *  tables, Oracle8i version.
rem *********************************************
${Z_COLUMNS}
       ,ds.nxt_repl
       ,ds.prv_repl
  FROM
        x$kcbwbpd    bp
       ,x$bh         bh
       ,x$kcbwds     ds
 WHERE
        bp.bp_size > 0
   AND  ds.set_id >= bp.bp_lo_sid
   AND  ds.set_id <= bp.bp_hi_sid
   AND  bh.buf# >= ds.start_buf#
   AND  bh.buf# <= ds.end_buf#
   AND  bh.inst_id = USERENV('Instance')
   AND  bp.inst_id = USERENV('Instance')
   AND  ds.inst_id = USERENV('Instance');`,
    adapted: null,
  },
  {
    id: 'buffers-by-pool',
    title: 'Buffers by pool, owner, object type and I/O type (over Z$BUFFER_CACHE)',
    source: 'seed 000, "The Z$BUFFER_CACHE View" (the query after the views)',
    kind: 'buffer',
    sql: `SELECT  pool
       ,owner
       ,object_type
       ,io_type
       ,count(*)
  FROM  z$buffer_cache  BC
       ,dba_objects     O
 WHERE  BC.obj_id = O.object_id
 GROUP BY pool,owner,object_type,io_type;`,
    adapted: null,
  },
  {
    id: 'librarycache',
    title: 'V$LIBRARYCACHE hit ratio by namespace',
    source: 'seed 001, "Library Cache Hit Ratio"',
    kind: 'library',
    sql: `SELECT namespace
      ,(100*gethitratio ) hit_ratio
  FROM v$librarycache;`,
    adapted: null,
  },
  {
    id: 'noparse-ratio',
    title: 'SQL parse-to-execute ratio (no-parse ratio)',
    source: 'seed 001, "SQL Parse-to- Execute Ratio"',
    kind: 'library',
    sql: `SELECT 100 * (1 - A.hard_parses/B.executions)   noparse_ratio
  FROM
       (select value hard_parses
          from v$sysstat
         where name = 'parse count (hard)' ) A
      ,(select value executions
          from v$sysstat
         where name = 'execute count' )      B;`,
    adapted: null,
  },
  {
    id: 'latch-waiters',
    title: 'Sessions waiting for the shared pool or library cache latches',
    source: 'seed 001, "Latch Free Waiters"',
    kind: 'library',
    sql: `SELECT sid, event, name latch
   FROM v$session_wait  w
       ,v$latch         l
  WHERE w.event = 'latch free'
    AND l.latch# = w.p2
    AND l.name IN ('shared pool','library cache');`,
    adapted:
      "the seed prints the IN list's quotes as typographic ‘…’ (its word processor's); SQL takes only '…'",
  },
  {
    id: 'literal-sql',
    title: 'Finding literal SQL',
    source: 'seed 001, "Finding Literal SQL"',
    kind: 'library',
    sql: `SELECT S.sql_text
   FROM v$sql  S
       ,(select substr(sql_text,1,&&size) sqltext
               ,count(*)
           from v$sql
          group by substr(sql_text,1,&&size)
         having count(*) > 10
        )  D
  WHERE substr(S.sql_text,1,&&size) =  D.sqltext;`,
    adapted: null,
  },
];

export const example = (id: string): Example | undefined => EXAMPLES.find((e) => e.id === id);
