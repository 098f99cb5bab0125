// What the page benchmarks share: the site (or, with mode 'harness', the dev-only views
// harness) built into a temporary folder, served by `vite preview` — or, with `gzip`, by
// e2e/serve-subpath.mjs under /repo/, gzipped as a static host sends it — and headless
// Chromium, all closed and removed when `use` is done.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { build, preview } from 'vite';
import { CHROMIUM } from '../../e2e/ports';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface BuiltSite {
  /** The folder it was built into (read it before `use` returns). */
  outDir: string;
  /** The served site's address, with a trailing slash. */
  base: string;
  browser: Browser;
}

export async function withBuiltSite(
  name: string,
  opts: { mode?: string; port: number; gzip?: boolean },
  use: (site: BuiltSite) => Promise<void>,
): Promise<void> {
  const configFile = join(root, 'vite.config.ts');
  const outDir = join(tmpdir(), `cachesim-${name}-${process.pid}`);
  console.error(`${name}: building the ${opts.mode === 'harness' ? 'views harness' : 'site'}…`);
  await build({
    configFile,
    mode: opts.mode,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  const served = opts.gzip ? await serveGzipped(outDir, opts.port) : await previewed(outDir, opts);
  const browser = await chromium.launch(CHROMIUM);
  try {
    await use({ outDir, base: served.base, browser });
  } finally {
    await browser.close();
    await served.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

interface Served {
  base: string;
  close(): Promise<void>;
}

async function previewed(outDir: string, opts: { mode?: string; port: number }): Promise<Served> {
  const server = await preview({
    configFile: join(root, 'vite.config.ts'),
    mode: opts.mode,
    logLevel: 'warn',
    build: { outDir },
    preview: { port: opts.port, strictPort: false, open: false },
  });
  return {
    base: server.resolvedUrls?.local[0] ?? `http://localhost:${opts.port}/`,
    close: () => server.close(),
  };
}

/** e2e/serve-subpath.mjs over `outDir`, once it says it is listening. */
async function serveGzipped(outDir: string, port: number): Promise<Served> {
  const args = ['e2e/serve-subpath.mjs', '--port', `${port}`, '--base', '/repo/', '--dist', outDir];
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((ok, fail) => {
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`serve-subpath.mjs exited (${code})`)));
    child.stdout.once('data', () => ok());
  });
  return {
    base: `http://localhost:${port}/repo/`,
    close: async () => {
      child.removeAllListeners('exit');
      child.kill();
    },
  };
}
