import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { addStaff, signIn } from './admin-helpers';
import { axeViolations } from './support/axe';
import { onOwnServer } from './support/own-server';

// A new school's own look at 390 px (docs/decisions/0132, 0133), on a server of its own whose
// default school (SCHOOL_CODE) is a school with a name and nothing else, beside the demo schools in
// the same database: its administrator opens the settings (an empty form with the name, not an
// error), uploads a crest in the form, has a failing colour refused with the nearest passing shade
// in view, saves passing colours; its public page shows its name, crest, colours and icons, and
// not one word of St. Thomas.

const CODE = 'HILL';
const NAME = 'Hillview Public School';
const PRIMARY = '#0a7d3b';
const ACCENT = '#f2c14e';
/** Words and codes of the demo school that must never reach this school's pages. */
const DEMO_WORDS = ['St. Thomas', 'Thomas', 'Mahimnagar', 'STHSM', 'sthsm', 'Lux et Veritas', 'Pixelgrove', 'SchoolConnect', 'UP-168'];

const { dataDir } = onOwnServer({
  offset: 18,
  name: 'brand',
  serial: true,
  env: { SCHOOL_CODE: CODE },
  prepare: (dir) =>
    void execFileSync(process.execPath, ['web/e2e/support/seed-new-school.ts', dir, CODE, NAME], {
      env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent' },
      timeout: 120_000,
    }),
});

test.use({ viewport: { width: 390, height: 844 } });

/** A green shield crest of 600 px, as a school would upload it (a PNG: SVG is not accepted). */
async function crestFile(): Promise<string> {
  const file = path.join(os.tmpdir(), `hillview-crest-${Date.now().toString(36)}.png`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 64 64">
    <path d="M32 3 7 11v19c0 15 10.5 25.5 25 31 14.5-5.5 25-16 25-31V11L32 3z" fill="${PRIMARY}"/>
    <path d="M14 44 26 26l8 10 6-6 10 14z" fill="${ACCENT}"/></svg>`;
  await writeFile(file, await sharp(Buffer.from(svg)).png().toBuffer());
  return file;
}

async function pageWords(page: Page): Promise<string> {
  const html = await page.content();
  const links = await page.evaluate(() =>
    [...document.querySelectorAll('[src], [href]')].map((e) => `${e.getAttribute('src') ?? ''} ${e.getAttribute('href') ?? ''}`).join(' '),
  );
  return `${html} ${links}`;
}

test('a school with only its name: staff set the crest and colours, and its public page shows them and no word of St. Thomas', async ({
  page,
}) => {
  test.setTimeout(150_000);
  // Before: no crest and no demo icon, only the name.
  await page.goto('/');
  await expect(page.getByRole('link', { name: NAME }).first()).toBeVisible();
  await expect(page.locator('.brand__crest')).toHaveCount(0);
  expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('data:,');

  await signIn(page, addStaff('admin', { school: CODE, dataDir }));
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'School settings' })).toBeVisible();
  await expect(page.getByLabel('School name')).toHaveValue(NAME);
  await expect(page.getByLabel('Tagline (optional)')).toHaveValue('');

  const crest = page.getByRole('group', { name: 'Crest', exact: true });
  await crest.getByRole('button', { name: 'Upload a photo' }).click();
  await crest.getByLabel('Choose files').setInputFiles(await crestFile());
  await expect(crest.getByText('Finished 1 file: 1 uploaded.')).toBeVisible({ timeout: 60_000 });

  await page.getByLabel('Tagline (optional)').fill('Learning on the hill');
  await page.getByLabel('Primary colour (optional)').fill('#88aaff');
  await page.getByLabel('Accent colour (optional)').fill(ACCENT);
  await page.getByRole('button', { name: 'Save settings' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('Please correct the highlighted fields.');
  await expect(alert).toBeInViewport();
  const suggestion = 'The nearest shade that passes is #5e75b0.';
  await expect(page.getByRole('link', { name: new RegExp(`Primary colour: .*${suggestion.replaceAll('.', '\\.')}`) })).toBeInViewport();
  await expect(page.getByLabel('Primary colour (optional)')).toHaveAccessibleDescription(new RegExp(suggestion.replaceAll('.', '\\.')));
  // What was typed and chosen is kept.
  await expect(page.getByLabel('Tagline (optional)')).toHaveValue('Learning on the hill');
  // …the crest chosen but not saved shows by its name, not its reference.
  await expect(crest.locator('.file-refs__name')).toHaveText(/^hillview-crest-[a-z0-9]+\.png$/);
  await page.screenshot({ path: test.info().outputPath('settings-refused.png') });

  await page.getByRole('group', { name: 'Crest and colours' }).screenshot({ path: test.info().outputPath('settings-brand.png') });
  await page.getByLabel('Primary colour (optional)').fill(PRIMARY);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeInViewport();

  // The public page: its name, crest, colours, favicon and manifest.
  await page.goto('/');
  await expect(page.locator('.brand__name')).toHaveText(NAME);
  const img = page.locator('img.brand__crest');
  await expect(img).toHaveAttribute('src', `/api/school/${CODE}/icon/192.png`);
  await expect.poll(() => img.evaluate((e) => (e as HTMLImageElement).naturalWidth)).toBe(192);
  const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
  expect(primary).toBe(PRIMARY);
  expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(PRIMARY);
  expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe(`/api/school/${CODE}/icon/32.png`);
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { name: string; icons: Array<{ src: string }> };
  expect(manifest.name).toBe(NAME);
  expect(manifest.icons.map((i) => i.src)).toEqual([`/api/school/${CODE}/icon/192.png`, `/api/school/${CODE}/icon/512.png`]);
  await page.screenshot({ path: test.info().outputPath('public-home.png') });

  for (const url of ['/', '/contactUs', '/school-information', '/alumni', '/parent-portal']) {
    await page.goto(url);
    const words = await pageWords(page);
    for (const word of DEMO_WORDS) expect(words, `${url} shows “${word}”`).not.toContain(word);
  }
  await page.goto('/');
  expect(await axeViolations(page, 'new school home')).toEqual([]);
  // 320 px: nothing wider than the screen.
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});
