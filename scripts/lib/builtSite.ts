// What the page benchmarks share: the site (or, with mode 'harness', the dev-only views
// harness) built into a temporary folder, served by `vite preview`, and headless Chromium —
// all closed and removed when `use` is done.
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
  opts: { mode?: string; port: number },
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
  const server = await preview({
    configFile,
    mode: opts.mode,
    logLevel: 'warn',
    build: { outDir },
    preview: { port: opts.port, strictPort: false, open: false },
  });
  const base = server.resolvedUrls?.local[0] ?? `http://localhost:${opts.port}/`;
  const browser = await chromium.launch(CHROMIUM);
  try {
    await use({ outDir, base, browser });
  } finally {
    await browser.close();
    await server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}
