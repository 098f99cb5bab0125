import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const page = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const inputs = (mode: string): Record<string, string> =>
  mode === 'harness' ? { harness: HARNESS_HTML } : { main: page('web/index.html') };

/** The dev-only views harness (web/dev/): never in dist/; `--mode harness` builds it alone. */
export const HARNESS_HTML = page('web/dev/views-harness.html');
export const HARNESS_OUT = page('dist-harness');

/**
 * web/index.html's Content-Security-Policy is for the built site. The dev server (`vite`)
 * injects inline scripts and styles (HMR client, React refresh preamble, CSS as <style>), so
 * in serve mode the tag is dropped; `vite build` and `vite preview` keep it.
 */
const cspOnlyWhenBuilt: Plugin = {
  name: 'csp-only-when-built',
  apply: 'serve',
  transformIndexHtml: (html) =>
    html.replace(/<meta\s+http-equiv="Content-Security-Policy"[\s\S]*?\/>/, ''),
};

/**
 * The engine's wasm is the first screen's largest file, and main.js asks for it only once it
 * has arrived and run: a preload in index.html starts its download with main.js's, and
 * `loadEngine`'s fetch (compiled while it streams) takes the preloaded response (issue 26
 * #14). `as="fetch"` with `crossorigin` is what a fetch() of the same URL matches
 * (https://html.spec.whatwg.org/multipage/links.html#link-type-preload).
 */
const preloadWasm: Plugin = {
  name: 'preload-wasm',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html, ctx) => {
      const wasm = Object.keys(ctx.bundle ?? {}).find((f) => /cachesim_bg.*\.wasm$/.test(f));
      if (!wasm) return html;
      return [
        {
          tag: 'link',
          attrs: {
            rel: 'preload',
            href: `./${wasm}`,
            as: 'fetch',
            type: 'application/wasm',
            crossorigin: '',
          },
          injectTo: 'head',
        },
      ];
    },
  },
};

export default defineConfig(({ mode }) => ({
  root: 'web',
  // Relative asset URLs: the built site works from any sub-path (GitHub Pages /repo/) and offline.
  base: './',
  publicDir: '../public',
  plugins: [react(), cspOnlyWhenBuilt, preloadWasm],
  build: {
    outDir: mode === 'harness' ? HARNESS_OUT : '../dist',
    emptyOutDir: true,
    // The site ships index.html only. The views harness (the fps benchmark and its e2e spec
    // use it) is built on its own into dist-harness/ with `vite build --mode harness`.
    rolldownOptions: {
      input: inputs(mode),
    },
  },
  server: {
    port: 5173,
    // The app imports ../scenarios/*.json (outside web/) through import.meta.glob.
    fs: { allow: [repoRoot] },
  },
  preview: {
    port: 4173,
    strictPort: true,
  },
  test: {
    // Vite's root is web/; tests live in web/src, web/dev and scripts/, so resolve them from
    // the repo root.
    root: repoRoot,
    include: ['web/src/**/*.test.{ts,tsx}', 'web/dev/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
  },
}));
