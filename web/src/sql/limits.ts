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
