// The SQL console's engine: one in-memory SQLite database (sql.js) holding a snapshot of the
// simulated instance, and the scripts run against it. Views a user creates stay for the
// session; the snapshot's tables are refilled when the run moves.
import type { Database, SqlJsStatic } from 'sql.js';
import type { Capture, Cell } from './capture';
import { oracleError, type OraError } from './errors';
import { registerFunctions } from './functions';
import {
  SQL_DATABASE_LIMIT_BYTES,
  SQL_HEAP_LIMIT_BYTES,
  SQL_TEXT_LIMIT,
  SQL_VALUE_LIMIT,
  pastTextLimit,
  pastValueLimit,
} from './limits';
import { BH_NAMES, FIXED, LINK_SPAN, TABLES, VIEWS, columnsOf, createTable } from './schema';

/** Buffers written by one INSERT into `sim$bh`. */
const ROWS_PER_INSERT = 200;
import { splitScript, substituteScript, unset, variables } from './script';
import { lineColumn, solid, tokenize, type Token } from './tokens';
import { TranslateError, translate } from './translate';
import { bareName, done, written } from './verbs';

export interface ResultSet {
  /** The statement as written (after substitution). */
  statement: string;
  columns: string[];
  rows: Cell[][];
  /** What a statement without rows did (`View created.`). */
  message: string | null;
  /** Why a query has no rows, when a table it reads is empty for a reason (Capture.empty). */
  note?: string;
  ms: number;
}

export interface Outcome {
  results: ResultSet[];
  error: OraError | null;
  /** SQL*Plus lines skipped. */
  skipped: string[];
  /** The script after substitution. */
  text: string;
  ms: number;
}

export class SqlSession {
  private readonly db: Database;
  private capture: Capture | null = null;
  private headersLoaded = false;
  /** The columns left out of each table now (Capture.absent), as JSON: tables change with it. */
  private absent = '{}';
  /** Substitution variables defined so far (`&&name` asks once per session). */
  readonly defines: Record<string, string> = {};
  /** Milliseconds the last X$BH fill took (0: none yet). */
  headersMs = 0;

  constructor(SQL: SqlJsStatic) {
    this.db = new SQL.Database();
    registerFunctions(this.db, () => this.capture?.clock ?? 0);
    // the console's memory limit: temporary b-trees and sorts in SQLite's heap, which stops
    // at SQL_HEAP_LIMIT_BYTES (limits.ts)
    this.db.run('PRAGMA temp_store = MEMORY');
    this.db.run(`PRAGMA hard_heap_limit = ${SQL_HEAP_LIMIT_BYTES}`);
    const pageSize = Number(this.db.exec('PRAGMA page_size')[0].values[0][0]);
    this.db.run(`PRAGMA max_page_count = ${Math.floor(SQL_DATABASE_LIMIT_BYTES / pageSize)}`);
    for (const name of Object.keys(TABLES)) this.db.run(createTable(name));
    for (const sql of Object.values(VIEWS)) this.db.run(sql);
    this.db.run(`INSERT INTO dual VALUES ('X')`);
  }

  close(): void {
    this.db.close();
  }

  get position(): number | null {
    return this.capture?.position ?? null;
  }

  /** Replace the snapshot's rows (X$BH's when a statement first reads it); returns ms. */
  load(capture: Capture): number {
    const t0 = performance.now();
    this.capture = capture;
    this.headersLoaded = false;
    this.db.run('BEGIN');
    try {
      this.shape(capture.absent);
      for (const name of Object.keys(TABLES)) {
        if (name === 'dual' || name === 'sim$bh') continue;
        this.db.run(`DELETE FROM "${name}"`);
        const rows = capture.rows[name];
        if (!rows?.length) continue;
        const { keep } = columnsOf(name, capture.absent[name]);
        const marks = keep.map(() => '?').join(',');
        const st = this.db.prepare(`INSERT INTO "${name}" VALUES (${marks})`);
        for (const r of rows) st.run(keep.map((k) => r[k]));
        st.free();
      }
      this.db.run('COMMIT');
    } catch (e) {
      this.rollback();
      throw e;
    }
    return performance.now() - t0;
  }

  /**
   * Give each table the columns of the capture's Oracle release (versions.ts): a table whose
   * columns change is made again (a view of the user's over a column it loses fails as Oracle's
   * would, ORA-00904).
   */
  private shape(absent: Record<string, string[]>): void {
    const key = JSON.stringify(absent);
    if (key === this.absent) return;
    const before = JSON.parse(this.absent) as Record<string, string[]>;
    this.absent = key;
    for (const name of new Set([...Object.keys(before), ...Object.keys(absent)])) {
      if (JSON.stringify(before[name] ?? []) === JSON.stringify(absent[name] ?? [])) continue;
      this.db.run(`DROP TABLE "${name}"`);
      this.db.run(createTable(name, absent[name]));
    }
  }

  /**
   * Write the per-buffer arrays into `sim$bh` (once per snapshot); returns ms. Five numbers a
   * buffer (see schema.ts's packing) and 200 buffers a statement: binding values one by one
   * is what costs (about 3× less than eight values a row, a row a statement).
   */
  loadHeaders(): number {
    const h = this.capture?.headers;
    if (this.headersLoaded || !h) return 0;
    const t0 = performance.now();
    const n = h.dba.length;
    const { cols } = h;
    const pack = (i: number, out: number[], at: number) => {
      out[at] = h.dba[i] * 256 + h.flags[i];
      out[at + 1] = cols[i] * 4294967296 + h.tch[i];
      out[at + 2] = (cols[n + i] + 1) * LINK_SPAN + (cols[2 * n + i] + 1);
      out[at + 3] = cols[3 * n + i];
      out[at + 4] = h.latches[i];
    };
    this.db.run('BEGIN');
    try {
      this.db.run('DELETE FROM "sim$bh"');
      if (n > 0) {
        // buffer 0 sets the rowid; the others follow it (rowid = max + 1 = buf#)
        const first = new Array<number>(5);
        pack(0, first, 0);
        this.db.run('INSERT INTO "sim$bh" VALUES (0, ?, ?, ?, ?, ?)', first);
      }
      const many = this.db.prepare(
        `INSERT INTO "sim$bh" (a, b, c, tim, l) VALUES ${Array(ROWS_PER_INSERT).fill('(?,?,?,?,?)').join(',')}`,
      );
      const one = this.db.prepare('INSERT INTO "sim$bh" (a, b, c, tim, l) VALUES (?,?,?,?,?)');
      const block = new Array<number>(5 * ROWS_PER_INSERT);
      const row = new Array<number>(5);
      let i = 1;
      for (; i + ROWS_PER_INSERT <= n; i += ROWS_PER_INSERT) {
        for (let j = 0; j < ROWS_PER_INSERT; j++) pack(i + j, block, 5 * j);
        many.run(block);
      }
      for (; i < n; i++) {
        pack(i, row, 0);
        one.run(row);
      }
      many.free();
      one.free();
      this.db.run('COMMIT');
    } catch (e) {
      this.rollback();
      throw e;
    }
    this.headersLoaded = true;
    this.headersMs = performance.now() - t0;
    return this.headersMs;
  }

  /**
   * Roll back a transaction an error left open. SQLITE_FULL and SQLITE_NOMEM may have rolled it
   * back already ("Response To Errors Within A Transaction",
   * https://www.sqlite.org/lang_transaction.html), and a second ROLLBACK would hide the error.
   */
  private rollback(): void {
    try {
      this.db.run('ROLLBACK');
    } catch {
      // no transaction left open: SQLite rolled it back itself
    }
  }

  /** The substitution variables a script needs that have no value yet. */
  missing(script: string): string[] {
    return unset(script, this.defines);
  }

  /** Every name a statement reads, through the views it names (transitively). */
  private reads(tokens: Token[]): Set<string> {
    const names = new Set(tokens.filter((t) => t.kind !== 'string').map((t) => bareName(t.text)));
    const views = new Map<string, string>();
    const res = this.db.exec(`SELECT lower(name), sql FROM sqlite_master WHERE type = 'view'`);
    for (const [name, sql] of res[0]?.values ?? []) views.set(String(name), String(sql));
    const queue = [...names];
    while (queue.length) {
      const sql = views.get(queue.pop() as string);
      if (!sql) continue;
      for (const t of tokenize(sql).filter(solid)) {
        const n = bareName(t.text);
        if (!names.has(n)) {
          names.add(n);
          queue.push(n);
        }
      }
    }
    return names;
  }

  /**
   * Run a script; stops at the first error, which names its line and column. `onResult` hears
   * each statement's result as it ends (the worker sends them on, so a script stopped by the
   * time limit still shows what ran before).
   */
  run(
    script: string,
    defines: Record<string, string> = {},
    onResult: (r: ResultSet) => void = () => undefined,
  ): Outcome {
    const t0 = performance.now();
    Object.assign(
      this.defines,
      Object.fromEntries(Object.entries(defines).map(([k, v]) => [k.toLowerCase(), v])),
    );
    const substituted = substituteScript(script, this.defines);
    const text = substituted.text;
    const split = splitScript(text);
    Object.assign(this.defines, substituted.defines);
    const results: ResultSet[] = [];
    let values = 0; // rows × columns held, all statements together (SQL_VALUE_LIMIT)
    let chars = 0; // characters of strings and bytes of blobs held (SQL_TEXT_LIMIT)
    const fail = (e: Omit<OraError, 'line' | 'column'>): Outcome => ({
      results,
      error: { ...e, ...lineColumn(text, e.offset) },
      skipped: split.skipped,
      text,
      ms: performance.now() - t0,
    });
    const left = variables(text);
    if (left.length) {
      const at = text.indexOf('&');
      return fail({
        code: 'SP2-0546',
        message: `substitution variable &${left[0]} has no value (define ${left[0]} = …)`,
        sqlite: '',
        offset: at,
      });
    }
    // PROMPT's text is echoed where it stands among the statements, as SQL*Plus does
    let prompted = 0;
    const echo = (upTo: number) => {
      for (
        ;
        prompted < split.prompts.length && split.prompts[prompted].before <= upTo;
        prompted++
      ) {
        const p = split.prompts[prompted];
        results.push({
          statement: `PROMPT ${p.text}`.trimEnd(),
          columns: [],
          rows: [],
          message: p.text,
          ms: 0,
        });
        onResult(results[results.length - 1]);
      }
    };
    for (const [index, st] of split.statements.entries()) {
      echo(index);
      const s0 = performance.now();
      let tr;
      try {
        tr = translate(st.text, st.start);
      } catch (e) {
        if (e instanceof TranslateError) {
          return fail({ code: e.code, message: e.message, sqlite: '', offset: e.offset });
        }
        throw e;
      }
      const toks = tr.tokens;
      const target = written(toks);
      const fixed =
        target && FIXED.has(bareName(target.text)) ? target : this.writesFixed(tr.sql, toks);
      if (fixed) {
        return fail({
          code: 'ORA-02030',
          message: 'can only select from fixed tables/views',
          sqlite: '',
          offset: fixed.start,
        });
      }
      try {
        // inside the try: a heap or database at its limit fails the X$BH fill too
        const reads = this.reads(toks);
        if ([...reads].some((n) => BH_NAMES.has(n))) this.loadHeaders();
        for (const b of tr.before) this.db.run(b);
        const stmt = this.db.prepare(tr.sql);
        try {
          const columns = stmt.getColumnNames().map((c) => c.toUpperCase());
          const rows: Cell[][] = [];
          const width = Math.max(1, columns.length);
          const refuse = (message: string) =>
            fail({ code: null, message, sqlite: '', offset: toks[0]?.start ?? st.start });
          while (stmt.step()) {
            values += width;
            if (values > SQL_VALUE_LIMIT) return refuse(pastValueLimit());
            const row = stmt.get(); // numbers, strings, nulls and blobs (Uint8Array)
            for (const v of row)
              if (typeof v === 'string' || v instanceof Uint8Array) chars += v.length;
            if (chars > SQL_TEXT_LIMIT) return refuse(pastTextLimit());
            rows.push(row as Cell[]);
          }
          const why = Object.entries(this.capture?.empty ?? {}).find(([n]) => reads.has(n));
          results.push({
            statement: st.text.trim(),
            columns,
            rows,
            message: columns.length ? null : done(toks),
            ...(columns.length && !rows.length && why ? { note: why[1] } : {}),
            ms: performance.now() - s0,
          });
          onResult(results[results.length - 1]);
        } finally {
          stmt.free();
        }
      } catch (e) {
        const msg = (e as Error).message;
        return fail(
          oracleError(msg, toks, toks[0]?.start ?? st.start, (near) =>
            this.syntaxAt(st.text, st.start, toks, near),
          ),
        );
      }
    }
    echo(split.statements.length);
    return { results, error: null, skipped: split.skipped, text, ms: performance.now() - t0 };
  }

  /**
   * SQLite's own word on what a statement writes, for any spelling `written` does not know:
   * its program (EXPLAIN) opens a fixed table's b-tree to write (OpenWrite, p2 the root page)
   * or empties it (Clear, p1). https://www.sqlite.org/opcode.html (OpenWrite, Clear)
   * Returns the token naming that table (the statement's first token if none does), or null.
   */
  private writesFixed(sql: string, toks: Token[]): Token | null {
    const first = bareName(toks[0]?.text ?? '');
    if (first === 'select' || first === 'explain' || first === '') return null;
    const roots = new Map<number, string>();
    const names = [...FIXED].map((n) => `'${n}'`).join(',');
    const res = this.db.exec(
      `SELECT rootpage, lower(name) FROM sqlite_master WHERE type = 'table' AND lower(name) IN (${names})`,
    );
    for (const [root, name] of res[0]?.values ?? []) roots.set(Number(root), String(name));
    let program;
    try {
      program = this.db.exec(`EXPLAIN ${sql}`)[0]?.values ?? [];
    } catch {
      return null; // preparing the statement itself reports the error
    }
    for (const [, opcode, p1, p2, p3, , p5] of program) {
      // OpenWrite's P2 names a register, not a page, when P5 has OPFLAG_P2ISREG (0x10): a
      // table the statement creates (CREATE TABLE … AS)
      const byPage = opcode === 'OpenWrite' && p3 === 0 && (Number(p5) & 0x10) === 0;
      const root = byPage ? Number(p2) : opcode === 'Clear' ? Number(p1) : -1;
      const name = roots.get(root);
      if (name) return toks.find((t) => bareName(t.text) === name) ?? toks[0];
    }
    return null;
  }

  /**
   * The token a syntax error stopped at: the first whose prefix of the statement fails there.
   * A prefix that fails at an error fails at it however long it grows (SQLite reports the
   * first), so the candidates are bisected: log n prepares (one per candidate took 8 s for a
   * list of 4,000 with the error at its end, and grew as n²).
   */
  private syntaxAt(text: string, start: number, toks: Token[], near: string): Token | null {
    const want = near.replace(/^"|"$/g, '').toLowerCase();
    const candidates = toks.filter((t) => bareName(t.text) === want);
    const failsAt = (t: Token) => {
      const prefix = text.slice(0, t.start - start + t.text.length);
      try {
        this.db.prepare(translate(prefix, start).sql).free();
        return false;
      } catch (e) {
        return (e as Error).message.includes(`near "${near}"`);
      }
    };
    let lo = 0;
    let hi = candidates.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (failsAt(candidates[mid])) hi = mid;
      else lo = mid + 1;
    }
    return candidates[lo] ?? candidates[0] ?? null;
  }
}
