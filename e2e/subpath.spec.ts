import { expect, test } from '@playwright/test';
import { SUBPATH, SUBPATH_PORT } from './ports';
import { runSmokeScenario } from './site';

test(`the built site works under the sub path ${SUBPATH}`, async ({ page }, testInfo) => {
  const url = `http://localhost:${SUBPATH_PORT}${SUBPATH}`;
  const requests = await runSmokeScenario(page, url, testInfo);
  const http = requests.filter((u) => u.startsWith('http'));
  expect(
    http.some((u) => u.endsWith('.wasm')),
    'the page fetched its .wasm',
  ).toBe(true);
  expect(http.filter((u) => !new URL(u).pathname.startsWith(SUBPATH))).toEqual([]);
});
