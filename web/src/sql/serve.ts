// The worker's side of the console (sql.worker.ts in the page, node-worker.ts for the CLI):
// one message from ./client answered by the session, in order, one at a time.
import type { FromWorker, ToWorker } from './client';
import type { SqlSession } from './session';

/**
 * `post`, when given, gets each statement's result as it ends (kind 'result'); the final
 * answer's outcome then holds none, and the client puts them back (client.ts).
 */
export function answer(
  session: SqlSession,
  m: ToWorker,
  post?: (r: FromWorker) => void,
): FromWorker {
  try {
    if (m.kind === 'open') return { id: m.id, kind: 'done' };
    if (m.kind === 'load') return { id: m.id, kind: 'done', ms: session.load(m.capture) };
    const outcome = session.run(
      m.script,
      m.defines,
      post && ((result) => post({ id: m.id, kind: 'result', result })),
    );
    if (post) outcome.results = [];
    return {
      id: m.id,
      kind: 'ran',
      outcome,
      defines: { ...session.defines },
      headersMs: session.headersMs,
    };
  } catch (err) {
    return { id: m.id, kind: 'error', message: err instanceof Error ? err.message : String(err) };
  }
}
