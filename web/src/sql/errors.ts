// SQLite's errors as a DBA expects to read them: the ORA- code and text, the line and column
// in the script (and the byte offset), with SQLite's own words beside them.
import { SQL_DATABASE_LIMIT_BYTES, SQL_HEAP_LIMIT_BYTES } from './limits';
import type { Token } from './tokens';

export interface OraError {
  /** `ORA-00942`, or null when SQLite's error has no Oracle counterpart. */
  code: string | null;
  /** Oracle's text (`table or view does not exist`). */
  message: string;
  /** What SQLite said. */
  sqlite: string;
  /** Where in the script (after substitution): offset, line, column (1-based). */
  offset: number;
  line: number;
  column: number;
}

export type Located = Omit<OraError, 'line' | 'column'>;

const bare = (name: string) => name.replace(/^"|"$/g, '').toLowerCase();

/** The first token naming `name` (its last part, for `bh.nosuch`), or null. */
function find(tokens: Token[], name: string): Token | null {
  const last = bare(name.split('.').pop() ?? name);
  return tokens.find((t) => bare(t.text) === last) ?? null;
}

/** SQLite's errors that name an object, column or function, and Oracle's for each. */
const NAMED: {
  re: RegExp;
  code: string;
  message: (m: RegExpExecArray) => string;
  /** The name SQLite quoted, to find in the statement. */
  name: (m: RegExpExecArray) => string;
}[] = [
  {
    re: /no such table: (\S+)/,
    code: 'ORA-00942',
    message: () => 'table or view does not exist',
    name: (m) => m[1],
  },
  {
    re: /no such (column|function): (\S+)/,
    code: 'ORA-00904',
    message: (m) =>
      `"${m[2].replace(/^ora_/, '').replace(/\d$/, '').toUpperCase()}": invalid identifier`,
    name: (m) => m[2],
  },
  {
    re: /ambiguous column name: (\S+)/,
    code: 'ORA-00918',
    message: () => 'column ambiguously defined',
    name: (m) => m[1],
  },
  {
    re: /(?:view|table|index) (\S+) already exists/,
    code: 'ORA-00955',
    message: () => 'name is already used by an existing object',
    name: (m) => m[1],
  },
  {
    re: /wrong number of arguments to function (\w+)/,
    code: 'ORA-00909',
    message: () => 'invalid number of arguments',
    name: (m) => m[1],
  },
];

/**
 * Map a SQLite message to an Oracle error at a script offset: `tokens` are the statement's,
 * `syntaxAt` finds the token a syntax error stopped at (see session.ts), `start` is the
 * statement's own offset (the fallback).
 */
export function oracleError(
  sqlite: string,
  tokens: Token[],
  start: number,
  syntaxAt: (near: string) => Token | null,
): Located {
  const at = (t: Token | null) => t?.start ?? start;
  // the errors that name an object or a function: at its first token in the statement
  for (const { re, code, message, name } of NAMED) {
    const m = re.exec(sqlite);
    if (m) return { code, message: message(m), sqlite, offset: at(find(tokens, name(m))) };
  }
  // SQLite's parser and code generator refuse deep nesting (sqlite3.c: "Recursion limit",
  // "Expression tree is too large (maximum depth 1000)", "parser stack overflow")
  if (/Recursion limit|Expression tree is too large|parser stack overflow/.test(sqlite)) {
    return {
      code: null,
      message: "expression too deeply nested: SQLite's parser stops at its own limit",
      sqlite,
      offset: start,
    };
  }
  // SQLITE_NOMEM: SQLite's heap reached the console's hard_heap_limit (limits.ts); Oracle's
  // counterpart for a process out of memory is ORA-04030
  if (/out of memory/.test(sqlite)) {
    return {
      code: 'ORA-04030',
      message: `out of process memory: SQLite's heap reached the console's limit of ${SQL_HEAP_LIMIT_BYTES / 1024 / 1024} MB`,
      sqlite,
      offset: start,
    };
  }
  // SQLITE_FULL: the database reached the console's max_page_count (limits.ts); Oracle's
  // counterpart for a segment that cannot grow is ORA-01653
  if (/database or disk is full/.test(sqlite)) {
    return {
      code: 'ORA-01653',
      message: `unable to extend: the console's database reached its limit of ${SQL_DATABASE_LIMIT_BYTES / 1024 / 1024} MB (drop a table of your own)`,
      sqlite,
      offset: start,
    };
  }
  if (/incomplete input/.test(sqlite)) {
    const last = tokens[tokens.length - 1];
    return {
      code: 'ORA-00921',
      message: 'unexpected end of SQL command',
      sqlite,
      offset: last ? last.start + last.text.length : start,
    };
  }
  const m = /near "([^"]*)": syntax error/.exec(sqlite);
  if (m) {
    const t = syntaxAt(m[1]);
    const first = t === null || t === tokens[0];
    return first && t !== null
      ? { code: 'ORA-00900', message: 'invalid SQL statement', sqlite, offset: at(t) }
      : { code: 'ORA-00933', message: 'SQL command not properly ended', sqlite, offset: at(t) };
  }
  if (/unrecognized token/.test(sqlite)) {
    return {
      code: 'ORA-00911',
      message: 'invalid character',
      sqlite,
      offset: at(syntaxAt(sqlite.split('"')[1] ?? '')),
    };
  }
  // an Oracle error raised by one of the console's functions (ORA-01722 from DECODE's
  // conversion to NUMBER, functions.ts)
  const ora = /(ORA-\d{5}): (.*)/.exec(sqlite);
  if (ora) return { code: ora[1], message: ora[2], sqlite, offset: start };
  return { code: null, message: sqlite, sqlite, offset: start };
}
