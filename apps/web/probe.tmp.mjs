import { chromium } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
const context = await chromium.launchPersistentContext(mkdtempSync('/tmp/chr-'), { executablePath: '/usr/bin/chromium', viewport: { width: 390, height: 844 }, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
let worst = 0;
for (let i = 0; i < 20; i++) {
  const page = await context.newPage();
  await page.goto(process.argv[2] + '?puzzle=walk&steps=0&run=1');
  await page.waitForFunction(() => document.body.innerText.includes('Finished'), null, { timeout: 10000 }).catch(() => {});
  await page.waitForTimeout(i * 15);
  const r = await page.evaluate(() => {
    const w = document.documentElement.scrollWidth;
    const wide = [...document.querySelectorAll('body *')].map((e) => [Math.round(e.getBoundingClientRect().right), e.tagName + '.' + e.className + '#' + e.id + ' ' + (e.textContent || '').slice(0, 50)]).filter(([r]) => r > 390).sort((a, b) => b[0] - a[0]).slice(0, 5);
    return { w, wide };
  });
  worst = Math.max(worst, r.w);
  if (r.w > 390) console.log(i, JSON.stringify(r));
  await page.close();
}
console.log('done, widest', worst);
await context.close();
