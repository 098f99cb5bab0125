import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM, PREVIEW_PORT, SUBPATH, SUBPATH_PORT } from './e2e/ports';

export default defineConfig({
  testDir: 'e2e',
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: 'list',
  use: {
    baseURL: `http://localhost:${PREVIEW_PORT}`,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: CHROMIUM,
      },
    },
  ],
  // Both serve the already built dist/ (npm test runs `vite build` first).
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
  ],
});
