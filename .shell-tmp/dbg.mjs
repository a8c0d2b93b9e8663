import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage({ viewport: { width: 320, height: 800 } });
await p.goto('http://127.0.0.1:3110/');
console.log(await p.evaluate(() => {
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.right > 321 && getComputedStyle(el).position !== 'fixed') out.push(el.tagName + '.' + el.className + ' ' + Math.round(r.right));
  }
  return out.slice(0, 15).join('\n');
}));
const q = await b.newPage({ viewport: { width: 1280, height: 800 } });
await q.goto('http://127.0.0.1:3110/');
const nav = q.getByRole('navigation', { name: 'Main' });
for (const g of ['About', 'Academics', 'Admission', 'Student Corner']) {
  try { await nav.getByRole('button', { name: g }).click({ timeout: 3000 }); console.log('ok', g); } catch (e) { console.log(g, e.message.slice(0, 900)); }
}
await b.close();
