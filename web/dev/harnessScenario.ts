// A scenario of any size for the views harness and the UI benchmark: an OLTP-like mix of
// skewed single-block reads and writes, with an occasional full scan of a table large
// enough to be read into the cold tail.
import type { Profile } from '../src/sim/engine';

export interface HarnessParams {
  buffers: number;
  profile: Profile;
  /** LRU latches (= working sets) of the DEFAULT pool. */
  latches: number;
  /** Add KEEP and RECYCLE pools. */
  pools: boolean;
  dbwr: number;
  seed: number;
  /** The scenario's replacement policy (absent: the profile's Oracle rules). */
  policy?: string;
}

export const HARNESS_DEFAULTS: HarnessParams = {
  buffers: 1000,
  profile: '8.1.5',
  latches: 1,
  pools: false,
  dbwr: 1,
  seed: 7,
};

/** Parse `#buffers=1000&profile=8.0&latches=2&pools=1` (unknown keys are ignored). */
export function parseHarnessHash(hash: string): HarnessParams & { extra: URLSearchParams } {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  const num = (k: string, d: number, lo: number, hi: number) => {
    const v = Number(q.get(k));
    return q.has(k) && Number.isFinite(v) ? Math.min(hi, Math.max(lo, Math.round(v))) : d;
  };
  const profiles: Profile[] = ['8.0', '8.1.5', '8.1.6'];
  const profile = profiles.find((p) => p === q.get('profile')) ?? HARNESS_DEFAULTS.profile;
  const buffers = num('buffers', HARNESS_DEFAULTS.buffers, 50, 1_000_000);
  const defLatches = buffers > 20000 ? 4 : 1;
  return {
    buffers,
    profile,
    latches: num('latches', defLatches, 1, 64),
    pools: q.get('pools') === '1',
    dbwr: num('dbwr', 1, 1, 16),
    seed: num('seed', HARNESS_DEFAULTS.seed, 0, 2 ** 31),
    ...(q.get('policy') ? { policy: q.get('policy') as string } : {}),
    extra: q,
  };
}

/** The scenario as JSON text (its counts are u64 in the engine: numbers here, not bigints). */
export function harnessScenario(p: HarnessParams): string {
  const n = p.buffers;
  const keep = p.pools ? Math.max(50, Math.floor(n * 0.2)) : 0;
  const recycle = p.pools ? Math.max(50, Math.floor(n * 0.1)) : 0;
  const latches = Math.max(1, Math.min(p.latches, Math.floor((n - keep - recycle) / 50)));
  const init: Record<string, string | number | boolean> = {
    db_block_buffers: n,
    db_block_lru_latches: latches + (p.pools ? 2 : 0),
    cpu_count: Math.max(1, Math.ceil((latches + 2) / 6)),
    db_writer_processes: p.dbwr,
  };
  if (p.pools) {
    init.buffer_pool_keep = `(buffers:${keep},lru_latches:1)`;
    init.buffer_pool_recycle = `(buffers:${recycle},lru_latches:1)`;
  }
  const history = Math.max(64, Math.floor(n / 10));
  return JSON.stringify({
    version: 1,
    title: `Views harness: ${n.toLocaleString('en-US')} buffers`,
    profile: p.profile,
    ...(p.policy ? { policy: p.policy } : {}),
    init,
    objects: [
      { name: 'ORDERS', type: 'TABLE', blocks: Math.max(200, n * 3) },
      { name: 'ORDERS_PK', type: 'INDEX', blocks: Math.max(20, Math.floor(n / 8)) },
      {
        name: 'CUSTOMERS',
        type: 'TABLE',
        blocks: Math.max(50, Math.floor(n / 3)),
        ...(p.pools ? { buffer_pool: 'KEEP' } : {}),
      },
      {
        name: 'HISTORY',
        type: 'TABLE',
        blocks: history,
        ...(p.pools ? { buffer_pool: 'RECYCLE' } : {}),
      },
    ],
    workload: {
      kind: 'mix',
      executions: 10_000_000,
      seed: p.seed,
      parts: [
        {
          weight: 1000,
          workload: {
            kind: 'random',
            accesses: 10_000_000,
            segments: ['ORDERS_PK', 'ORDERS', 'CUSTOMERS'],
            distribution: 'zipf',
            zipf_s: 0.9,
            write_pct: 8,
            think_us: 200,
          },
        },
        // About one access in six belongs to a full scan of HISTORY.
        { weight: 200 / history, workload: { kind: 'scan', segment: 'HISTORY', times: 1_000_000 } },
      ],
    },
    cost: { logical_read_us: 50, physical_read_ms: 5 },
  });
}
