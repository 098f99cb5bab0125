// Makes sure node_modules and web/src/wasm/pkg exist and are current before a headless script
// runs. Everything it and its children print goes to stderr, so that `npm run -s sim -- x.json`
// prints only the script's own JSON on stdout.
//
// The usual case, everything current, is decided here in Node from file times (issue 30 #2: the
// two bash scripts cost 0.17 s of every run's start-up even when they had nothing to do). Only
// when something is missing or stale do setup.sh and build-wasm.sh run, and they decide again,
// by the same rules (the lists below are theirs and must be kept equal to them).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const at = (p) => join(root, p);

/** Newest modification time under `path` (a file or a directory tree), 0 when it is absent. */
function newest(path) {
  let s;
  try {
    s = statSync(path);
  } catch {
    return 0;
  }
  if (!s.isDirectory()) return s.mtimeMs;
  let t = s.mtimeMs;
  for (const name of readdirSync(path)) t = Math.max(t, newest(join(path, name)));
  return t;
}

const mtime = (p) => (existsSync(at(p)) ? statSync(at(p)).mtimeMs : 0);

/** build-wasm.sh's inputs: everything that can change the .wasm (scripts/cli.test.ts checks
 *  that the two lists name the same paths). */
export function wasmInputs() {
  const crates = readdirSync(at('wasm-core'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'target')
    .flatMap((d) => ['Cargo.toml', 'src', 'build.rs'].map((f) => `wasm-core/${d.name}/${f}`));
  return [
    'wasm-core/Cargo.toml',
    'wasm-core/Cargo.lock',
    'wasm-core/rust-toolchain.toml',
    'wasm-core/rust-toolchain',
    '.cargo',
    'scripts/build-wasm.sh',
    'node_modules/binaryen/package.json',
    ...crates,
  ];
}

/** Whether setup.sh and build-wasm.sh would both find nothing to do. */
function current() {
  // setup.sh: node_modules/.package-lock.json is rewritten by every npm install or ci
  const installed = mtime('node_modules/.package-lock.json');
  if (!installed || installed < mtime('package-lock.json')) return false;
  // build-wasm.sh: the output is newer than every input
  const stamp = mtime('web/src/wasm/pkg/cachesim_bg.wasm');
  if (!stamp || !existsSync(at('web/src/wasm/pkg/cachesim.js'))) return false;
  // `find -newer`: an input as new as the stamp is not newer
  return wasmInputs().every((p) => newest(at(p)) <= stamp);
}

/** Runs setup.sh and build-wasm.sh unless everything is current; exits on their failure. */
export function ensureWasm() {
  if (current()) return;
  for (const script of ['scripts/setup.sh', 'scripts/build-wasm.sh']) {
    const result = spawnSync('bash', [script], { cwd: root, stdio: ['ignore', 2, 2] });
    if (result.error) {
      console.error(`ensure-wasm: could not run ${script}: ${result.error.message}`);
      process.exit(1);
    }
    if (result.status !== 0) {
      console.error(`ensure-wasm: ${script} failed (exit ${result.status ?? result.signal})`);
      process.exit(result.status || 1);
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) ensureWasm();
