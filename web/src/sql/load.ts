// The console's engine in the browser: sql.js and its wasm, fetched only when the console
// opens (this module is imported dynamically by the SQL panel). 'wasm-unsafe-eval' in the
// page's CSP already lets it compile, as it does for the simulator's engine.
import initSqlJs from 'sql.js';
import wasmUrl from 'sql.js/dist/sql-wasm-browser.wasm?url';
import { SqlSession } from './session';

export async function openSession(): Promise<SqlSession> {
  return new SqlSession(await initSqlJs({ locateFile: () => wasmUrl }));
}
