// The instance's latches, sessions and processes as the console's fixed views show them
// (issue 41 item 7): V$LATCH, V$LATCH_CHILDREN, V$LATCHHOLDER, V$SESSION, V$SESS_IO and
// V$PROCESS, filled from what the engine simulates — and nothing it does not: a buffer cache
// scenario is one session, so its latch gets never miss or sleep (docs/sql.md).
import type { SimRun } from '../sim/engine';
import type * as library from '../sim/library';
import type { Cell, Rows } from './capture';
import {
  CHAINS_ADDR,
  LATCH_ADDR,
  LRU_ADDR,
  PROCESS_ADDR,
  SESSION_ADDR,
  SQL_ADDR,
  TABLES,
  hex,
} from './schema';

/** The latches the model has, with the latch# V$LATCH gives them. */
const LATCH_NO: Record<string, number> = {
  'library cache': 1,
  'shared pool': 2,
  'cache buffers lru chain': 3,
  'cache buffers chains': 4,
};

/**
 * LEVEL# of the buffer cache's latches as V$LATCH shows them in Jonathan Lewis's "Oracle Core"
 * (ch. 5, quoted at http://sid.gd/category/Oracle/): cache buffers chains 1, cache buffers lru
 * chain 2. The library latches' levels are not given by a source the model has: null.
 */
const LEVEL: Record<string, number> = { 'cache buffers chains': 1, 'cache buffers lru chain': 2 };

interface LatchFigures {
  addr: number;
  name: string;
  child: number | null;
  gets: number;
  misses?: number;
  sleeps?: number;
  spinGets?: number;
  /** Microseconds (9.2's WAIT_TIME). */
  waitTime?: number;
}

/** A row of V$LATCH_CHILDREN's columns (V$LATCH's are the same without CHILD#). */
function latchRow(f: LatchFigures, withChild: boolean): Cell[] {
  const cells: Record<string, Cell> = {
    addr: hex(f.addr),
    'latch#': LATCH_NO[f.name],
    'child#': f.child,
    'level#': LEVEL[f.name] ?? null,
    name: f.name,
    hash: null, // 10g's latch hash: not modelled
    gets: f.gets,
    misses: f.misses ?? 0,
    sleeps: f.sleeps ?? 0,
    spin_gets: f.spinGets ?? 0,
    wait_time: f.waitTime ?? 0,
  };
  const cols = TABLES[withChild ? 'v$latch_children' : 'v$latch'];
  return cols.map((c) => (c in cells ? cells[c] : 0));
}

const PARENT_ADDR: Record<string, number> = {
  'cache buffers chains': LRU_ADDR + 0x80000,
  'cache buffers lru chain': LRU_ADDR + 0x80040,
  'shared pool': LATCH_ADDR,
  'library cache': LATCH_ADDR + 0x80,
};

/** A cache buffers chains child's address (X$BH.HLADDR names it). */
export const chainLatchAddr = (child: number): number => CHAINS_ADDR + child * 0x40;

/** The address of a library latch a session holds or waits for (V$SESSION_WAIT.P1 too). */
export function libraryLatchAddr(l: library.Latch): number {
  return l.name === 'library_cache' ? LATCH_ADDR + 0x100 + l.child * 0x40 : LATCH_ADDR;
}
export const libraryLatchName = (l: library.Latch): string =>
  l.name === 'library_cache' ? 'library cache' : 'shared pool';
export const libraryLatchNo = (l: library.Latch): number => LATCH_NO[libraryLatchName(l)];

interface SessionFigures {
  sid: number;
  username: string | null;
  program: string;
  background: boolean;
  active: boolean;
  sql: { address: string; hash: number } | null;
  io: [blockGets: number, consistentGets: number, physicalReads: number, changes: number];
  latchWait: number | null;
}

/** V$SESSION, V$SESS_IO and V$PROCESS rows: one process a session, PID = SID. */
function sessionRows(sessions: SessionFigures[], clock: number) {
  const session: Rows = [];
  const io: Rows = [];
  const process: Rows = [];
  for (const s of sessions) {
    const paddr = hex(PROCESS_ADDR + s.sid * 0x100);
    const cells: Record<string, Cell> = {
      saddr: hex(SESSION_ADDR + s.sid * 0x200),
      sid: s.sid,
      'serial#': 1,
      audsid: s.background ? 0 : s.sid,
      paddr,
      'user#': s.background ? 0 : 5,
      username: s.username,
      command: s.background || !s.sql ? 0 : 3, // 3: SELECT
      lockwait: null,
      status: s.active ? 'ACTIVE' : 'INACTIVE',
      server: 'DEDICATED',
      'schema#': s.background ? 0 : 5,
      schemaname: s.username ?? 'SYS',
      osuser: 'oracle',
      process: String(1000 + s.sid),
      machine: 'cachesim',
      terminal: 'pts/0',
      program: s.program,
      type: s.background ? 'BACKGROUND' : 'USER',
      sql_address: s.sql?.address ?? '00',
      sql_hash_value: s.sql?.hash ?? 0,
      prev_sql_addr: '00',
      prev_hash_value: 0,
      module: s.background ? null : 'SQL*Plus',
      action: null,
      client_info: null,
      // the instance starts at the simulated clock's 0 (functions.ts, SYSDATE)
      logon_time: '2000-01-01 00:00:00',
      last_call_et: s.active ? 0 : Math.floor(clock),
    };
    session.push(TABLES['v$session'].map((c) => cells[c] ?? null));
    io.push([s.sid, ...s.io, 0]);
    process.push([
      paddr,
      s.sid,
      String(1000 + s.sid),
      'oracle',
      1,
      'pts/0',
      s.program,
      s.background ? '1' : null,
      s.latchWait === null ? null : hex(s.latchWait),
      null,
    ]);
  }
  return { v$session: session, v$sess_io: io, v$process: process };
}

/** The buffer cache run's latches and sessions: the user session and one DBWR each. */
export function bufferInstance(run: SimRun): Record<string, Rows> {
  const counts = run.latchCounts();
  const report = run.report();
  const sum = (xs: number[]) => xs.reduce((n, x) => n + x, 0);
  const children = [
    ...counts.chains.map((gets, k) =>
      latchRow({ addr: chainLatchAddr(k), name: 'cache buffers chains', child: k + 1, gets }, true),
    ),
    ...counts.lru.map((gets, k) =>
      latchRow(
        { addr: LRU_ADDR + k * 0x40, name: 'cache buffers lru chain', child: k + 1, gets },
        true,
      ),
    ),
  ];
  const parents = (['cache buffers lru chain', 'cache buffers chains'] as const).map((name) =>
    latchRow(
      {
        addr: PARENT_ADDR[name],
        name,
        child: null,
        gets: sum(name === 'cache buffers chains' ? counts.chains : counts.lru),
      },
      false,
    ),
  );
  const pools = report.pools;
  const total = (f: (p: (typeof pools)[number]) => number) => sum(pools.map(f));
  const user: SessionFigures = {
    sid: 8,
    username: 'TEST',
    program: 'sqlplus@cachesim (TNS V1-V3)',
    background: false,
    active: !report.done,
    sql: null,
    io: [
      total((p) => p.db_block_gets),
      total((p) => p.consistent_gets),
      total((p) => p.physical_reads),
      total((p) => p.db_block_change),
    ],
    latchWait: null,
  };
  const writers: SessionFigures[] = report.dbwr.map((d) => ({
    sid: 2 + d.id,
    username: null,
    program: `oracle@cachesim (DBW${d.id})`,
    background: true,
    active: true,
    sql: null,
    io: [0, 0, 0, 0],
    latchWait: null,
  }));
  return {
    v$latch: parents,
    v$latch_children: children,
    // between two accesses no latch is held: the session takes and frees its latches inside one
    v$latchholder: [],
    ...sessionRows([...writers, user], report.elapsed_s),
  };
}

/** The library cache run's latch holders and sessions (SID = the model's session + 1). */
export function libraryInstance(run: library.Run): Record<string, Rows> {
  const report = run.report();
  const sql = new Map(run.sql().map((r) => [r.sql_text, r]));
  const views = run.latches();
  const waiting = new Map<number, library.Latch>();
  for (const lv of views)
    for (const s of [...lv.sleeping, ...lv.spinning]) waiting.set(s, lv.latch);
  const holders: Rows = views
    .filter((lv) => lv.holder !== null)
    .map((lv) => {
      const sid = (lv.holder as number) + 1;
      return [sid, sid, hex(libraryLatchAddr(lv.latch)), libraryLatchName(lv.latch), null];
    });
  const sessions: SessionFigures[] = run.sessions().map((s) => {
    const cursor = sql.get(s.text);
    const wait = waiting.get(s.id);
    return {
      sid: s.id + 1,
      username: 'TEST',
      program: 'sqlplus@cachesim (TNS V1-V3)',
      background: false,
      active: s.state !== 'done',
      sql:
        s.state === 'done' || !cursor
          ? null
          : { address: hex(SQL_ADDR + cursor.obj * 0x400), hash: cursor.hash_value },
      io: [0, 0, 0, 0],
      latchWait: wait ? libraryLatchAddr(wait) : null,
    };
  });
  const latches: Rows = report.library_cache.latches.map((l) =>
    latchRow(
      {
        addr: PARENT_ADDR[l.name] ?? LATCH_ADDR,
        name: l.name,
        child: null,
        gets: l.gets,
        misses: l.misses,
        sleeps: l.sleeps,
        spinGets: l.spin_gets,
        waitTime: Math.round(l.wait_time_s * 1e6),
      },
      false,
    ),
  );
  const sleeping = new Map<number, library.Latch>();
  for (const lv of views) for (const s of lv.sleeping) sleeping.set(s, lv.latch);
  // V$SESSION_WAIT: a sleeping session waits on `latch free`, P1 the latch's address, P2 its latch#
  const waits: Rows = run
    .sessions()
    .filter((s) => s.state !== 'done')
    .map((s) => {
      const l = sleeping.get(s.id);
      if (l) {
        const [addr, latchNo] = [libraryLatchAddr(l), libraryLatchNo(l)];
        return [
          s.id + 1,
          s.statements,
          'latch free',
          'address',
          addr,
          'number',
          latchNo,
          'tries',
          0,
          0,
          'WAITING',
        ];
      }
      const event =
        s.state === 'load_wait'
          ? 'library cache load lock'
          : s.state === 'sleeping'
            ? 'PL/SQL lock timer'
            : 'null event';
      const state = event === 'null event' ? 'WAITED SHORT TIME' : 'WAITING';
      return [s.id + 1, s.statements, event, null, 0, null, 0, null, 0, 0, state];
    });
  return {
    v$latch: latches,
    v$latchholder: holders,
    v$session_wait: waits,
    ...sessionRows(sessions, report.elapsed_s),
  };
}
