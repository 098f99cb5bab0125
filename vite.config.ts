import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: 'web',
  // Relative asset URLs: the built site works from any sub-path (GitHub Pages /repo/) and offline.
  base: './',
  publicDir: '../public',
  plugins: [react()],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    // The views harness (web/views-harness.html) ships too: the fps benchmark and e2e use it.
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('web/index.html', import.meta.url)),
        harness: fileURLToPath(new URL('web/views-harness.html', import.meta.url)),
      },
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
    // Vite's root is web/; tests live in web/src and scripts/, so resolve them from the repo root.
    root: repoRoot,
    include: ['web/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
  },
});
