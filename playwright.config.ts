import { defineConfig, devices } from '@playwright/test';
import { PREVIEW_PORT, SUBPATH, SUBPATH_PORT } from './e2e/ports';

// Playwright's own browser download cannot work here: use Debian's chromium (scripts/setup.sh
// --with-browser installs it). The networking flags keep it from phoning home on a closed network.
const chromiumArgs = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

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
        launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
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
