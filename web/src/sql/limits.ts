// The console's limits, one place for the page (client.ts, sql.worker.ts) and the CLI
// (scripts/sql.ts): whatever a script asks, it ends within them or is refused with a message
// naming the limit, never a trap or a frozen page.

/**
 * Parentheses a statement may nest: the translation recurses once a level, and SQLite's own
 * parser refuses fewer nested function calls (830 in sql.js 1.16's SQLite 3.54: "Recursion
 * limit"), so this only keeps the translation off the stack's end.
 */
export const SQL_NESTING_LIMIT = 1_000;

export const thousands = (n: number): string => n.toLocaleString('en-US');

/** A script runs at most this long before the console stops it (ending SQLite's worker). */
export const SQL_TIME_LIMIT_MS = 10_000;

/** Why a script was stopped by the time limit, as the page and the CLI both say it. */
export const pastTimeLimit = (limitMs = SQL_TIME_LIMIT_MS): string =>
  `it ran past the console's limit of ${limitMs / 1000} s`;

/** The message of a script stopped (by the user, or past the time limit). */
export const stoppedMessage = (why: string): string => `The script was stopped: ${why}.`;

/**
 * Values (rows × columns) a script's results may hold, all its statements together: X$BH's 18
 * columns on the largest scenario's 100,000 buffers fit; an endless recursive query stops in
 * a few seconds, well inside the time limit (about 100 MB in the worker, as much again when
 * the page receives them).
 */
export const SQL_VALUE_LIMIT = 2_000_000;

export const pastValueLimit = (): string =>
  `the results passed the console's limit of ${thousands(SQL_VALUE_LIMIT)} values (rows × columns); count(*), a WHERE clause or a LIMIT keeps them under it`;

/**
 * Bytes SQLite may allocate (`PRAGMA hard_heap_limit`, with `temp_store = MEMORY` so sorts and
 * temporary b-trees count too): past it a statement fails with SQLITE_NOMEM, "out of memory".
 * https://www.sqlite.org/pragma.html#pragma_hard_heap_limit
 */
export const SQL_HEAP_LIMIT_BYTES = 512 * 1024 * 1024;

/**
 * Bytes the database may hold, snapshot and your own tables together (`PRAGMA
 * max_page_count`): sql.js keeps the database in a file of Emscripten's in-memory file system,
 * outside SQLite's heap, so the heap limit does not bound it. Past it a write fails with
 * SQLITE_FULL. https://www.sqlite.org/pragma.html#pragma_max_page_count
 */
export const SQL_DATABASE_LIMIT_BYTES = 256 * 1024 * 1024;

/**
 * Characters of text (and bytes of blobs) a script's results may hold: a 200-million-character
 * string printed as a SQL*Plus table (its heading's dashes as long) took the CLI to 1.7 GB.
 */
export const SQL_TEXT_LIMIT = 64 * 1024 * 1024;

export const pastTextLimit = (): string =>
  `the results passed the console's limit of ${SQL_TEXT_LIMIT / 1024 / 1024} MB of text (characters of strings, bytes of blobs); substr() or length() keeps them under it`;
