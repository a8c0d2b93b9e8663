import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage({ viewport: { width: 320, height: 800 } });
await p.goto('http://127.0.0.1:3110/');
await p.waitForTimeout(1000);
console.log(await p.evaluate(() => {
  const out = [document.documentElement.scrollWidth];
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('.ticker')) continue;
    const r = el.getBoundingClientRect();
    if (r.right > 321) out.push(el.tagName + '.' + el.className + ' ' + Math.round(r.right) + ' ' + (el.closest('[class]')?.className));
  }
  return out.slice(0, 15).join('\n');
}));
await b.close();
