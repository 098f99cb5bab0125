// scripts/cli.mjs, the bundled runner behind `npm run -s sim|paper|lecture|sweep|sql`: the same
// output as the TypeScript under tsx, a bundle made again when a file it was made from is
// newer, and threads that still load their .ts entry points (the sweep's --jobs).
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { cwd: root, encoding: 'utf8' });
const cli = (name: string, ...args: string[]) => run('node', ['scripts/cli.mjs', name, ...args]);
const viaTsx = (name: string, ...args: string[]) => run(tsx, [`scripts/${name}.ts`, ...args]);
const bundle = (name: string) =>
  join(root, 'node_modules', '.cache', 'cachesim-cli', `${name}.mjs`);

describe('the bundled runner (scripts/cli.mjs)', () => {
  it('prints what the script prints under tsx, and makes the bundle again when it is stale', () => {
    const scenario = 'scenarios/seed000-8.0-test2.json';
    const want = viaTsx('sim', scenario);
    expect(want.status).toBe(0);
    const first = cli('sim', scenario);
    expect(first.stderr).toBe('');
    expect(first.stdout).toBe(want.stdout);
    // a bundle older than its inputs is made again
    utimesSync(bundle('sim'), new Date(0), new Date(0));
    const again = cli('sim', scenario);
    expect(again.stdout).toBe(want.stdout);
    expect(statSync(bundle('sim')).mtimeMs).toBeGreaterThan(0); // made again: no longer 1970's
  }, 120_000);

  it("passes the script's own errors and exit codes through", () => {
    const r = cli('sim', 'no-such-file.json');
    expect(r.status).toBe(viaTsx('sim', 'no-such-file.json').status);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('cannot read no-such-file.json');
    const bad = cli('nonsense');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('usage: node scripts/cli.mjs sim|paper|lecture|sweep|sql');
  }, 120_000);

  it("decides 'current' from the same inputs as build-wasm.sh", async () => {
    const { wasmInputs } = await import('./ensure-wasm.mjs');
    const script = readFileSync(join(root, 'scripts', 'build-wasm.sh'), 'utf8');
    const listed = [...script.matchAll(/^inputs\+?=\(([^)]*)\)/gms)]
      .flatMap((m) => m[1].split(/\s+/))
      .filter(Boolean);
    // the shell's globs over the crates, spelt out per crate in Node
    const ours = wasmInputs().map((p) =>
      p.replace(/^wasm-core\/(?!Cargo|rust-toolchain)[^/]+\//, 'wasm-core/*/'),
    );
    expect(new Set(ours)).toEqual(new Set(listed));
  });

  it("runs the sweep's threads (their .ts entry points) as tsx did", () => {
    const args = ['scenarios/seed000-8.0-test2.json', 'db_block_buffers=200..400/3', '--csv'];
    const want = viaTsx('sweep', ...args, '--jobs', '1');
    expect(want.status).toBe(0);
    const r = cli('sweep', ...args, '--jobs', '2');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(want.stdout);
  }, 180_000);
});
