// The page's side of the SQL console's worker (./sql.worker; the CLI's over a worker thread,
// node.ts): the session's calls as promises, a time limit on each script (limits.ts), and
// Cancel. Stopping a script ends the worker, the only way to
// stop SQLite mid-statement, and starts a fresh one over the same snapshot: the views a user
// created in the session are gone then, which the console says.
import type { Capture } from './capture';
import type { Outcome, ResultSet } from './session';
import { SQL_TIME_LIMIT_MS, pastTimeLimit, stoppedMessage } from './limits';
import { unset } from './script';

type Request =
  | { kind: 'open' }
  | { kind: 'load'; capture: Capture }
  | { kind: 'run'; script: string; defines: Record<string, string> };
export type ToWorker = Request & { id: number };

export type FromWorker =
  | { id: number; kind: 'done'; ms?: number }
  | {
      id: number;
      kind: 'ran';
      outcome: Outcome;
      defines: Record<string, string>;
      headersMs: number;
    }
  | { id: number; kind: 'error'; message: string }
  /** A statement of a running script ended (sent before its 'ran'). */
  | { id: number; kind: 'result'; result: ResultSet };

/**
 * Why a script did not finish: stopped by the user, or by the time limit. `results` are the
 * statements that ended before it was stopped.
 */
export class Stopped extends Error {
  results: ResultSet[] = [];
}

export interface WorkerLike {
  postMessage(m: ToWorker): void;
  terminate(): void;
  onmessage: ((e: MessageEvent<FromWorker>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
}

const browserWorker = (): WorkerLike =>
  new Worker(new URL('./sql.worker.ts', import.meta.url), { type: 'module' }) as WorkerLike;

interface Waiting {
  resolve(m: FromWorker): void;
  reject(e: Error): void;
}

export class SqlClient {
  private worker!: WorkerLike;
  private next = 1;
  private readonly waiting = new Map<number, Waiting>();
  /** Results a running script's statements have sent so far, by call. */
  private readonly partial = new Map<number, ResultSet[]>();
  private capture: Capture | null = null;
  /** Substitution variables defined so far (as the worker's session has them). */
  readonly defines: Record<string, string> = {};
  /** Milliseconds the last X$BH fill took (0: none yet). */
  headersMs = 0;

  constructor(private readonly make: () => WorkerLike = browserWorker) {
    this.start();
  }

  /** A client whose worker has SQLite loaded. */
  static async open(make?: () => WorkerLike): Promise<SqlClient> {
    const c = new SqlClient(make);
    await c.call({ kind: 'open' });
    return c;
  }

  get position(): number | null {
    return this.capture?.position ?? null;
  }

  /** The substitution variables a script needs that have no value yet. */
  missing(script: string): string[] {
    return unset(script, this.defines);
  }

  /** Replace the snapshot's rows; resolves with the ms the worker took. */
  async load(capture: Capture): Promise<number> {
    this.capture = capture;
    this.headersMs = 0;
    const m = await this.call({ kind: 'load', capture });
    return m.kind === 'done' ? (m.ms ?? 0) : 0;
  }

  /** Run a script; rejects with `Stopped` when cancelled or past `limitMs`. */
  async run(
    script: string,
    defines: Record<string, string> = {},
    limitMs = SQL_TIME_LIMIT_MS,
  ): Promise<Outcome> {
    const timer = setTimeout(() => this.stop(pastTimeLimit(limitMs)), limitMs);
    const id = this.next;
    this.partial.set(id, []);
    try {
      const m = await this.call({ kind: 'run', script, defines });
      if (m.kind !== 'ran') throw new Error('the SQL worker answered out of turn');
      Object.assign(this.defines, m.defines);
      this.headersMs = m.headersMs;
      // the results came one by one (serve.ts); an outcome that holds them is a worker's
      // that does not stream
      const sent = this.partial.get(id) ?? [];
      return sent.length ? { ...m.outcome, results: [...sent, ...m.outcome.results] } : m.outcome;
    } catch (e) {
      if (e instanceof Stopped) e.results = this.partial.get(id) ?? [];
      throw e;
    } finally {
      clearTimeout(timer);
      this.partial.delete(id);
    }
  }

  /** Stop what runs: a fresh worker over the same snapshot, every pending call refused. */
  stop(why = 'it was cancelled'): void {
    this.worker.terminate();
    this.refuseAll(() => new Stopped(stoppedMessage(why)));
    this.start();
    if (this.capture) void this.load(this.capture).catch(() => undefined);
  }

  close(): void {
    this.worker.terminate();
    this.waiting.clear();
  }

  private start(): void {
    this.worker = this.make();
    this.worker.onmessage = (e) => {
      if (e.data.kind === 'result') {
        this.partial.get(e.data.id)?.push(e.data.result);
        return;
      }
      const w = this.waiting.get(e.data.id);
      if (!w) return;
      this.waiting.delete(e.data.id);
      if (e.data.kind === 'error') w.reject(new Error(e.data.message));
      else w.resolve(e.data);
    };
    this.worker.onerror = (e) =>
      this.refuseAll(() => new Error(e.message || 'the SQL worker failed'));
  }

  /** Every call waiting for an answer is refused, each with its own `e()` (the worker that owed it is gone). */
  private refuseAll(e: () => Error): void {
    const pending = [...this.waiting.values()];
    this.waiting.clear();
    for (const w of pending) w.reject(e());
  }

  private call(m: Request): Promise<FromWorker> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...m, id });
    });
  }
}
