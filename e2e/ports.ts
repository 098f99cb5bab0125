/**
 * Where Playwright's web servers listen (see playwright.config.ts): 4173–4175, or three ports
 * from `PW_PORT_BASE` so that two checkouts can run their suites at once.
 */
const BASE = Number(process.env.PW_PORT_BASE) || 4173;
export const PREVIEW_PORT = BASE;
export const SUBPATH_PORT = BASE + 1;
/** The dev-only views harness, built on its own (`vite build --mode harness`). */
export const HARNESS_PORT = BASE + 2;
export const HARNESS_PATH = '/dev/views-harness.html';
export const SUBPATH = '/repo/';

/**
 * Debian's chromium (scripts/setup.sh --with-browser installs it): Playwright's own browser
 * download cannot work here. The networking flags keep it from phoning home on a closed network.
 */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--headless',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
