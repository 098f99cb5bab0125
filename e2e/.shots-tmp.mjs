import { chromium } from '@playwright/test';
const URL_ = 'http://localhost:5130/';
const args = ['--no-sandbox','--headless','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run','--disable-quic'];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
const preset = process.argv[2] ?? 'table6';
const run = process.argv[3] ?? 'end';
for (const [w, h] of (process.argv[4] ? [[1920,1080]] : [[1920,1080],[1024,768],[390,844]])) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.addInitScript(() => localStorage.setItem('cachesim.tour', 'done'));
  await page.goto(URL_);
  await page.getByTestId('play').waitFor();
  await page.getByTestId('compare').click();
  await page.getByTestId(`compare-preset-${preset}`).click();
  await page.getByTestId('compare-workspace').waitFor();
  if (run === 'end') { await page.getByTestId('run-to-end').click(); }
  else { await page.getByTestId('position-slider').fill(run); }
  await page.waitForFunction(() => !document.querySelector("[data-testid=busy]"), null, { timeout: 240000 }); await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/cmpshots/${preset}-${w}x${h}.png` });
  console.log(w, h, 'errors', errors, 'pos', await page.getByTestId('position').getAttribute('data-position'));
  await page.close();
}
await browser.close();
