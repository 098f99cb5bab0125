// Makes sure node_modules and web/src/wasm/pkg exist and are current before a headless script
// runs. Everything it and its children print goes to stderr, so that `npm run -s sim -- x.json`
// prints only the script's own JSON on stdout.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

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
