// The console's engine under Node (the `npm run sql` CLI, Vitest): sql.js finds its wasm
// beside its own script.
import initSqlJs from 'sql.js';
import { SqlSession } from './session';

export async function openSessionNode(): Promise<SqlSession> {
  return new SqlSession(await initSqlJs());
}
