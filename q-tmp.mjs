import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--headless','--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
await page.goto('http://localhost:4380/');
await page.waitForTimeout(1500);
console.log(await page.evaluate(() => [...document.querySelectorAll('.app-header > *, .brand, .brand h1')].map(e => e.className + ' ' + JSON.stringify(e.getBoundingClientRect()))));
await browser.close();
