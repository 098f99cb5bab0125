import { defineConfig, devices } from '@playwright/test';
import {
  CHROMIUM,
  HARNESS_PATH,
  HARNESS_PORT,
  PREVIEW_PORT,
  SUBPATH,
  SUBPATH_PORT,
} from './e2e/ports';

export default defineConfig({
  testDir: 'e2e',
  forbidOnly: !!process.env.CI,
  retries: 0,
  // The machine is shared (load averages of 8 a core): the long specs step, play and draw
  // thousands of cells in a software-rendered browser.
  timeout: 90_000,
  workers: 2,
  // a long spec's tests spread over both workers, not one file a worker
  fullyParallel: true,
  reporter: 'list',
  use: {
    baseURL: `http://localhost:${PREVIEW_PORT}`,
    trace: 'retain-on-failure',
    // The built site installs a service worker that precaches it (vite.config.ts): blocked
    // here so that each spec sees the network as it is; e2e/offline.spec.ts allows it.
    serviceWorkers: 'block',
  },
  // No spec times anything (a clock in a test turns load into a red CI): every spec runs
  // beside the others. Times, frame rates and speed ratios are `npm run bench`'s figures.
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: CHROMIUM,
      },
    },
  ],
  // The first two serve the already built dist/ (npm test runs `vite build` first); the third
  // builds the dev-only views harness (not in dist/) and serves it.
  webServer: [
    {
      command: `npx vite preview --port ${PREVIEW_PORT} --strictPort`,
      url: `http://localhost:${PREVIEW_PORT}`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node e2e/serve-subpath.mjs --port ${SUBPATH_PORT} --base ${SUBPATH}`,
      url: `http://localhost:${SUBPATH_PORT}${SUBPATH}`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `npx vite build --mode harness --logLevel warn && npx vite preview --mode harness --port ${HARNESS_PORT} --strictPort`,
      url: `http://localhost:${HARNESS_PORT}${HARNESS_PATH}`,
      reuseExistingServer: false,
      timeout: 180_000,
    },
  ],
});
