// What the console's tests share: a bundled scenario's text and the rows of a script's last
// result (its error thrown, with its code and SQLite's message).
import { readFileSync } from 'node:fs';
import type { Cell } from './capture';
import type { SqlSession } from './session';

/** scenarios/<name>.json's text. */
export const scenario = (name: string): string =>
  readFileSync(new URL(`../../../scenarios/${name}.json`, import.meta.url), 'utf8');

/** The rows of the last result of `sql`, run in `session`; its error, thrown. */
export function lastRows(session: SqlSession, sql: string): Cell[][] {
  const out = session.run(sql);
  if (out.error) throw new Error(`${out.error.code}: ${out.error.message} (${out.error.sqlite})`);
  return out.results[out.results.length - 1].rows;
}
