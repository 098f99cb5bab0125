// The SQL console's SQLite in a Web Worker: a statement that runs away (a recursive query
// with no end, a join of two large views) cannot freeze the page, and the console stops it by
// ending the worker (./client). Messages run in order, one at a time (./serve).
import initSqlJs from 'sql.js';
import wasmUrl from 'sql.js/dist/sql-wasm-browser.wasm?url';
import type { FromWorker, ToWorker } from './client';
import { answer } from './serve';
import { SqlSession } from './session';

const post = (m: FromWorker) =>
  (self as unknown as { postMessage(m: FromWorker): void }).postMessage(m);

const opened = initSqlJs({ locateFile: () => wasmUrl }).then((SQL) => new SqlSession(SQL));

self.onmessage = async (e: MessageEvent<ToWorker>) => {
  const m = e.data;
  try {
    post(answer(await opened, m, post));
  } catch (err) {
    post({ id: m.id, kind: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
