import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { onOwnServer } from './support/own-server';

// A profile change made through the repository (as the staff settings form will make it) shows on
// /, /contactUs and /school-information within the life of the JSON cache plus the page cache:
// 15 s + 30 s by default, which the configuration keeps within 60 s (api/test/platform.test.ts).
// Here a server of its own runs the same code with short lives through configuration, so the
// test proves the bound without waiting a minute.

const RESPONSE_CACHE_TTL_MS = 2_000;
const PAGE_CACHE_TTL_MS = 4_000;
const { base, dataDir } = onOwnServer({
  offset: 8,
  name: 'freshness',
  serial: true,
  env: { RESPONSE_CACHE_TTL_MS: String(RESPONSE_CACHE_TTL_MS), PAGE_CACHE_TTL_MS: String(PAGE_CACHE_TTL_MS) },
});
/** One render after both lives have run out (a cold render of a page takes well under this). */
const RENDER_SLACK_MS = 2_500;
const PAGES = ['/', '/contactUs', '/school-information'];
const OLD = '+91 00000 00101';
const NEW = '+91 00000 00199';

const html = async (p: string) => (await fetch(`${base}${p}`)).text();

test("a phone number changed through the repository shows on /, /contactUs and /school-information within the caches' lives", async ({
  page,
}) => {
  test.setTimeout(60_000);
  for (const p of PAGES) expect(await html(p), p).toContain(OLD);

  const phones = [
    { label: 'Office', number: NEW, whatsapp: false },
    { label: 'WhatsApp', number: '+91 00000 00102', whatsapp: true },
  ];
  execFileSync(process.execPath, ['web/e2e/support/save-profile.ts', dataDir, 'STHSM', JSON.stringify({ phones })], {
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
  const saved = Date.now();

  const seen = new Map<string, number>();
  while (seen.size < PAGES.length && Date.now() - saved < 20_000) {
    for (const p of PAGES) if (!seen.has(p) && (await html(p)).includes(NEW)) seen.set(p, Date.now() - saved);
    await new Promise((r) => setTimeout(r, 200));
  }
  console.log(`profile change visible after: ${PAGES.map((p) => `${p} ${seen.get(p) ?? 'never'} ms`).join(', ')}`);
  for (const p of PAGES) {
    expect(seen.get(p), `${p} shows the new number`).toBeDefined();
    expect(seen.get(p), p).toBeLessThanOrEqual(RESPONSE_CACHE_TTL_MS + PAGE_CACHE_TTL_MS + RENDER_SLACK_MS);
    expect(await html(p), p).not.toContain(OLD);
  }

  // And a visitor sees it where people look for it.
  await page.goto(`${base}/contactUs`);
  await expect(page.getByRole('main').getByRole('link', { name: NEW })).toHaveAttribute('href', 'tel:+910000000199');
  await expect(page.getByRole('banner').getByText(NEW)).toBeVisible();
});
