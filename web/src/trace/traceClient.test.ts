import { describe, expect, it } from 'vitest';
import type { Report } from '../sim/engine';
import {
  accessRate,
  exportOf,
  reduceTrace,
  startTrace,
  traceStarted,
  type FromWorker,
  type ToWorker,
  type TraceSummary,
  type WorkerLike,
} from './traceClient';
import { hasFiles } from './useTraceDrop';

/** A worker that records what it was asked and whether it was terminated. */
function fakeWorker() {
  const w = {
    asked: [] as ToWorker[],
    terminated: false,
    onmessage: null as WorkerLike['onmessage'],
    onerror: null as WorkerLike['onerror'],
    postMessage(m: ToWorker) {
      w.asked.push(m);
    },
    terminate() {
      w.terminated = true;
    },
    say(m: FromWorker) {
      w.onmessage?.({ data: m } as MessageEvent<FromWorker>);
    },
  };
  return w;
}

const report = (accesses: number, physical: number) =>
  ({
    scenario: 'T',
    accesses,
    elapsed_s: 1,
    pools: [],
    total: { logical_reads: accesses, physical_reads: physical, hit_ratio: 0.5 },
  }) as unknown as Report;

const summary = (accesses: number, physical: number): TraceSummary => ({
  bytes: 100,
  size: 100,
  accesses,
  wallMs: 50,
  peakMemoryBytes: 1 << 20,
  report: report(accesses, physical),
});

const ask: ToWorker = {
  file: new Blob(['1\n2\n']),
  scenarioJson: '{}',
  options: { format: 'txt', map: 'direct' },
};

/** A trace started on a fake worker: the worker, what the caller heard, the run's handle. */
function started() {
  const w = fakeWorker();
  const heard: FromWorker[] = [];
  const run = startTrace(
    ask,
    (m) => heard.push(m),
    () => w,
  );
  return { w, heard, run };
}

describe('the trace client', () => {
  it('asks the worker once, passes progress on, and ends it with the result', () => {
    const { w, heard } = started();
    expect(w.asked).toEqual([ask]);
    const progress = { bytes: 2, size: 4, accesses: 1, memoryBytes: 65536 };
    w.say({ kind: 'progress', progress });
    expect(w.terminated).toBe(false);
    w.say({ kind: 'done', summary: summary(2, 2) });
    expect(w.terminated).toBe(true);
    w.say({ kind: 'progress', progress }); // late: not heard
    expect(heard.map((m) => m.kind)).toEqual(['progress', 'done']);
  });

  it('cancel terminates the worker and nothing more is heard', () => {
    const { w, heard, run } = started();
    run.cancel();
    expect(w.terminated).toBe(true);
    w.say({ kind: 'done', summary: summary(2, 2) });
    expect(heard).toEqual([]);
  });

  it('a worker that fails to start is an error without figures', () => {
    const { w, heard } = started();
    w.onerror?.({ message: '' } as ErrorEvent);
    expect(heard).toEqual([
      { kind: 'error', message: 'the trace worker failed to start', summary: null },
    ]);
    expect(w.terminated).toBe(true);
  });
});

describe("the panel's state of a replay", () => {
  const started = traceStarted(1, { name: 'a.txt', size: 100 }, ask.options, 1000);

  it('runs, hears progress, and ends with the summary', () => {
    const progress = { bytes: 50, size: 100, accesses: 10, memoryBytes: 65536 };
    const s1 = reduceTrace(started, { kind: 'progress', progress }, 1500);
    expect(s1).toMatchObject({ phase: 'running', progress, heardAt: 1500 });
    expect(accessRate(s1.progress.accesses, s1.heardAt - s1.startedAt)).toBe(20);
    const s2 = reduceTrace(s1, { kind: 'done', summary: summary(20, 5) }, 1600);
    expect(s2.phase).toBe('done');
    expect(s2.progress).toMatchObject({ bytes: 100, accesses: 20 });
    // ended: later messages change nothing
    expect(reduceTrace(s2, { kind: 'progress', progress }, 1700)).toBe(s2);
    expect(exportOf(s2)).toMatchObject({
      outcome: 'done',
      partial: false,
      accesses: 20,
      accesses_per_s: 400,
      report: { total: { physical_reads: 5 } },
    });
  });

  it('an error keeps the figures before it, marked partial', () => {
    const s = reduceTrace(
      started,
      { kind: 'error', message: 'line 7: bad id', summary: summary(6, 3) },
      1200,
    );
    expect(s).toMatchObject({ phase: 'error', error: 'line 7: bad id' });
    expect(exportOf(s)).toMatchObject({ partial: true, error: 'line 7: bad id', accesses: 6 });
  });

  it('cancel ends it without a summary', () => {
    const s = reduceTrace(started, { kind: 'cancel' }, 1200);
    expect(s.phase).toBe('cancelled');
    expect(exportOf(s)).toMatchObject({ partial: true, report: null });
  });
});

describe('the drop target', () => {
  const dt = (types: string[]) => ({ types }) as unknown as DataTransfer;
  it('takes file drags only', () => {
    expect(hasFiles(dt(['Files']))).toBe(true);
    expect(hasFiles(dt(['text/plain']))).toBe(false);
    expect(hasFiles(null)).toBe(false);
  });
});
