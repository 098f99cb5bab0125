// The headless runner's `--trace`: a file streamed through a scenario's cache, in each of
// libCacheSim's formats, with the errors a bad file gets.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
// the bundled runner (scripts/cli.mjs), as `npm run -s` runs it: no tsx start-up a run
const dir = mkdtempSync(join(tmpdir(), 'trace-'));
const file = (name: string, data: string | Uint8Array) => {
  const path = join(dir, name);
  writeFileSync(path, data);
  return path;
};
const scenario = file(
  'plain.json',
  JSON.stringify({
    version: 1,
    title: 'trace through 8.0',
    profile: '8.0',
    init: { db_block_buffers: 50, db_block_lru_latches: 1 },
    objects: [{ name: 'T', type: 'TABLE', blocks: 100 }],
    workload: { kind: 'random', accesses: 1 },
  }),
);
const sim = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/cli.mjs', 'sim', scenario, ...args], {
    cwd: root,
    encoding: 'utf8',
  });

// 50 buffers under strict LRU: 0..49 fill them, 50 evicts 0, 0 evicts 1, 1 evicts 2, and 49
// hits: 54 accesses, 53 misses
const IDS = [...Array(50).keys(), 50, 0, 1, 49];
function oracleGeneral(ids: number[]): Uint8Array {
  const b = Buffer.alloc(ids.length * 24);
  ids.forEach((id, k) => {
    b.writeUInt32LE(k, k * 24);
    b.writeBigUInt64LE(BigInt(id), k * 24 + 4);
    b.writeUInt32LE(4096, k * 24 + 12);
    b.writeBigInt64LE(-1n, k * 24 + 16);
  });
  return b;
}

describe('npm run -s sim -- <scenario> --trace <file>', () => {
  it('replays txt, csv and oracleGeneral to the same strict-LRU misses', () => {
    const traces = [
      [file('ids.txt', IDS.join('\n'))],
      [
        file('ids.csv', 'time,obj\n' + IDS.map((id, k) => `${k},${id}`).join('\n') + '\n'),
        '--trace-params',
        'time-col=1, obj-id-col=2, delimiter=,, has-header=true',
      ],
      [file('ids.oracleGeneral', oracleGeneral(IDS))],
    ];
    for (const [path, ...rest] of traces) {
      const r = sim('--trace', path, ...rest);
      // a csv says the columns it reads (its header's names chose them) before it starts
      const said = path.endsWith('.csv')
        ? `sim: ${path}: object id: column 2 'obj' · time: column 1 'time'\n`
        : '';
      expect(r.stderr, path).toBe(said);
      const report = JSON.parse(r.stdout);
      expect(report.accesses).toBe(54);
      expect(report.total.physical_reads).toBe(53);
      expect(report.done).toBe(true);
    }
  }, 60_000);

  it('names the line of a garbage line and prints the report of the accesses before it', () => {
    const r = sim('--trace', file('bad.txt', '1\n2\nthree\n4\n'));
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/trace line 3: 'three' is not an object id/);
    const report = JSON.parse(r.stdout);
    expect(report.accesses).toBe(2);
    expect(report.done).toBe(false);
  }, 60_000);

  it('names the byte offset of a truncated binary record', () => {
    const r = sim('--trace', file('cut.oracleGeneral', oracleGeneral(IDS).subarray(0, 24 * 4 + 5)));
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/trace byte offset 96: truncated record: the trace ends 5 bytes/);
    expect(JSON.parse(r.stdout).accesses).toBe(4);
  }, 60_000);

  it('reads a txt or project trace saved with a UTF-8 byte-order mark (issue 29)', () => {
    const txt = sim('--trace', file('bom.txt', '\uFEFF' + IDS.join('\n')));
    expect(txt.stderr).toBe('');
    expect(JSON.parse(txt.stdout)).toMatchObject({ accesses: 54, done: true });
    const project = sim(
      '--trace',
      file('bom-project.csv', '\uFEFFtime_ms,object,block,op\n0,T,1,r\n1,T,2,r\n'),
    );
    expect(project.stderr).toBe('');
    expect(JSON.parse(project.stdout)).toMatchObject({ accesses: 2, done: true });
  }, 60_000);

  it('refuses one hash bucket over a big cache by its fields, once, exit 1 (issue 29)', () => {
    const big = file(
      'one-bucket.json',
      JSON.stringify({
        version: 1,
        title: 'one bucket',
        profile: '8.1.6',
        init: { db_block_buffers: 1048576, _db_block_hash_buckets: 1, _db_block_hash_latches: 1 },
        objects: [{ name: 'T', type: 'TABLE', blocks: 4000000 }],
        workload: { kind: 'random', accesses: 1 },
      }),
    );
    const r = spawnSync(
      process.execPath,
      ['scripts/cli.mjs', 'sim', big, '--trace', file('one.txt', '1\n')],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /init\._db_block_hash_buckets: 1 hash bucket for 1,048,576 buffers \(db_block_buffers\)/,
    );
  }, 60_000);

  it('refuses an unknown format and an id past the objects, naming the limit', () => {
    const bad = sim('--trace', file('x.txt', '1\n'), '--trace-format', 'xml');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--trace-format 'xml' is not one of oracleGeneral, txt, csv/);
    const far = sim('--trace', file('far.txt', '5\n100\n'));
    expect(far.status).toBe(1);
    expect(far.stderr).toMatch(/trace line 2: object id 100 is past the last block: .* 100 blocks/);
  }, 60_000);
});
