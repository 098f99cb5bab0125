import { describe, expect, it } from 'vitest';
import { SqlClient, Stopped, type FromWorker, type ToWorker, type WorkerLike } from './client';

/** A worker that answers `open` and `load`, and never finishes a `run` of 'forever'. */
function fakeWorkers() {
  const made: { terminated: boolean; got: ToWorker[] }[] = [];
  const make = (): WorkerLike => {
    const me = { terminated: false, got: [] as ToWorker[] };
    made.push(me);
    const w: WorkerLike = {
      onmessage: null,
      onerror: null,
      terminate: () => void (me.terminated = true),
      postMessage: (m) => {
        me.got.push(m);
        const answer = (a: FromWorker) =>
          queueMicrotask(() => w.onmessage?.({ data: a } as MessageEvent<FromWorker>));
        if (m.kind === 'run' && m.script === 'forever') return;
        if (m.kind === 'run' && m.script === 'one; forever') {
          const result = { statement: 'one', columns: ['A'], rows: [[1]], message: null, ms: 0 };
          return answer({ id: m.id, kind: 'result', result });
        }
        if (m.kind === 'run')
          answer({
            id: m.id,
            kind: 'ran',
            outcome: { results: [], error: null, skipped: [], text: m.script, ms: 0 },
            defines: { x: '1' },
            headersMs: 3,
          });
        else answer({ id: m.id, kind: 'done', ms: 1 });
      },
    };
    return w;
  };
  return { made, make };
}

describe('the SQL console client', () => {
  it('stops a script past its time limit: a fresh worker, the snapshot loaded again', async () => {
    const { made, make } = fakeWorkers();
    const c = await SqlClient.open(make);
    const capture = { position: 7 } as Parameters<SqlClient['load']>[0];
    await c.load(capture);
    await expect(c.run('forever', {}, 20)).rejects.toThrow(Stopped);
    expect(made).toHaveLength(2);
    expect(made[0].terminated).toBe(true);
    expect(made[1].got.map((m) => m.kind)).toEqual(['load']);
    expect(c.position).toBe(7);
    // the next script runs in the new worker, and its defines come back
    const out = await c.run('select 1');
    expect(out.text).toBe('select 1');
    expect(c.defines).toEqual({ x: '1' });
    expect(c.headersMs).toBe(3);
  });

  it('a stopped script keeps the results of the statements that ended before', async () => {
    // the worker sent nothing until its script ended, so a stop lost them all
    const { make } = fakeWorkers();
    const c = await SqlClient.open(make);
    const err = await c.run('one; forever', {}, 20).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stopped);
    expect((err as Stopped).results.map((r) => r.rows)).toEqual([[[1]]]);
  });

  it('Cancel refuses the running script at once', async () => {
    const { make } = fakeWorkers();
    const c = await SqlClient.open(make);
    const running = c.run('forever');
    c.stop();
    await expect(running).rejects.toThrow('The script was stopped: it was cancelled.');
  });
});
