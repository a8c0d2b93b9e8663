import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { buildDemo } from '../../content/src/demo';
import { axeViolations } from './support/axe';
import { onOwnServer } from './support/own-server';
import { started } from './support/slow-phone';

// A real school from an empty install (OPERATIONS.md "A school from an empty install"), at 390 px:
// a server started with SEED_DEMO=off; the operator creates a school with a host name; its first
// administrator is set up from the printed link, uploads a crest, chooses colours (a failing pair is
// refused with a suggestion), writes one page and publishes a news item. Its site, on its host name,
// shows its name, crest, colours, that page and that item — and not one string or file of the demo
// schools (the seed's own strings and files, checked) — and /sitemap.xml lists only what it published.

const { base, dataDir, port } = onOwnServer({ offset: 21, name: 'empty-install', serial: true, env: { SEED_DEMO: 'off' } });
test.use({ viewport: { width: 390, height: 844 } });

const NAME = 'Green Valley School';
const HOST = 'gvs.localhost';
const site = `http://${HOST}:${port}`;
const PRIMARY = '#0a6b4f';
const ADMIN = { name: 'Meera Iyer', email: 'office@gvs.example', password: 'green valley office passphrase' };
const NEWS = 'Admissions open for the new session';
let setupLink = '';
let newsId = '';

/** `npm run school -- …` as the operator types it, on the test server's data directory. */
function school(args: string[]): string {
  return execFileSync(process.execPath, ['api/src/schools/cli.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, SITE_URL: base, LOG_LEVEL: 'silent' },
    timeout: 30_000,
  }).toString();
}

/** A crest as a school would upload it: a PNG of 600 px. */
async function crestFile(): Promise<string> {
  const file = path.join(os.tmpdir(), `gvs-crest-${Date.now().toString(36)}.png`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 64 64">
    <circle cx="32" cy="32" r="30" fill="${PRIMARY}"/><path d="M16 44 32 16l16 28z" fill="#f4d35e"/></svg>`;
  await writeFile(file, await sharp(Buffer.from(svg)).png().toBuffer());
  return file;
}

/**
 * What the demo schools must never lend a new school: every string of their seed of 12 characters or
 * more (names, texts, captions, addresses…), and the sha256 of every file the seed writes.
 */
async function demoFingerprints(): Promise<{ strings: string[]; files: Set<string> }> {
  const demo = await buildDemo({ today: new Date(), mediaCache: process.env.DEMO_MEDIA_CACHE });
  const strings = new Set<string>();
  const walk = (v: unknown, key = ''): void => {
    // A translation's `type` names a content type ("announcements"), which every school's pages name too.
    if (key === 'type') return;
    if (typeof v === 'string') {
      const s = v.trim();
      // Texts, not markup or references: paths, addresses and HTML are covered by the files' bytes.
      if (s.length >= 12 && /[a-z]{3}/i.test(s) && !/[<>/]/.test(s)) strings.add(s);
    } else if (Array.isArray(v)) v.forEach((item) => walk(item));
    else if (v && typeof v === 'object') for (const [k, value] of Object.entries(v)) walk(value, k);
  };
  for (const s of demo.schools) walk(s);
  return { strings: [...strings], files: new Set(demo.files.map((f) => createHash('sha256').update(f.bytes).digest('hex'))) };
}

/** The page's text and markup, and the sha256 of every picture and icon it loads. */
async function whatThePageShows(page: Page): Promise<{ text: string; files: string[] }> {
  const html = await page.content();
  const text = `${await page.locator('body').innerText()}\n${html}`;
  const sources = await page.evaluate(() => [
    ...new Set(
      [...document.querySelectorAll('img[src], link[rel~="icon"][href], link[rel="apple-touch-icon"][href], meta[property="og:image"]')]
        .map((e) => e.getAttribute('src') ?? e.getAttribute('href') ?? e.getAttribute('content') ?? '')
        .filter((u) => u && !u.startsWith('data:'))
        .map((u) => new URL(u, location.href).href),
    ),
  ]);
  // Fetched by the page itself: the school's host name (*.localhost) resolves in the browser only.
  const files = await page.evaluate(async (urls) => {
    const hashes: string[] = [];
    for (const url of urls) {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await res.arrayBuffer()));
      hashes.push([...digest].map((b) => b.toString(16).padStart(2, '0')).join(''));
    }
    return hashes;
  }, sources);
  return { text, files };
}

test('the operator creates a school with a host name; its first administrator is set up from the printed link', async ({ page }) => {
  // Nothing seeded: the host name answers that no school is served there.
  const before = await page.goto(`${site}/`);
  expect(before?.status()).toBe(404);
  await expect(page.getByText('No school is served at this address.')).toBeVisible();

  const out = school(['create', '--code', 'gvs', '--name', NAME, '--host', HOST]).trim().split('\n');
  setupLink = out.at(-1)!;
  expect(setupLink).toMatch(new RegExp(`^${site.replaceAll('.', '\\.')}/admin/setup/[A-Za-z0-9_-]{43}$`));
  expect(school(['list'])).toContain(`GVS`);

  await page.goto(setupLink);
  await expect(page.getByRole('heading', { name: 'Create the first administrator' })).toBeVisible();
  await expect(page.getByText(NAME).first()).toBeVisible();
  await page.getByLabel('Your name').fill(ADMIN.name);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Create administrator account' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${ADMIN.name}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Before you go live' })).toBeVisible();
});

test('the administrator brands the school, writes a page and publishes a news item', async ({ page }) => {
  test.setTimeout(180_000);
  expect(setupLink).not.toBe('');
  await page.goto(`${site}/admin/login`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${ADMIN.name}` })).toBeVisible();

  // The crest and colours, a failing colour refused with the nearest passing shade.
  await page.goto(`${site}/admin/settings`);
  await expect(page.getByLabel('School name')).toHaveValue(NAME);
  const crest = page.getByRole('group', { name: 'Crest', exact: true });
  await crest.getByRole('button', { name: 'Upload a photo' }).click();
  await crest.getByLabel('Choose files').setInputFiles(await crestFile());
  await expect(crest.getByText('Finished 1 file: 1 uploaded.')).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('Primary colour (optional)').fill('#9fc5b0');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted fields.');
  await expect(page.getByRole('alert')).toBeInViewport();
  await expect(page.getByLabel('Primary colour (optional)')).toHaveAccessibleDescription(/The nearest shade that passes is #[0-9a-f]{6}\./);
  await page.getByLabel('Primary colour (optional)').fill(PRIMARY);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeInViewport();

  // One information page, from its template.
  await page.goto(`${site}/admin/pages/contact-us`);
  await expect(page.getByText('Nobody has written this page yet.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Page description (for search results)' }).fill('How to reach Green Valley School.');
  await page.getByRole('textbox', { name: 'Introduction' }).fill('Parents are welcome at the office on school days.');
  await page.getByRole('textbox', { name: 'Office hours' }).fill('Monday to Saturday, 8 AM to 2 PM.');
  await page.getByRole('textbox', { name: 'Directions' }).fill('Past the water tank, beside the green gate.');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Saved.')).toBeInViewport();
  await expect(page.getByText('Status: Published (no draft waiting)')).toBeVisible();

  // A news item.
  await page.goto(`${site}/admin/news/new`);
  await page.getByLabel('Title', { exact: true }).fill(NEWS);
  await page.getByLabel('Date', { exact: true }).fill('2026-11-20');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Status: Published')).toBeVisible();
  newsId = new URL(page.url()).pathname.split('/').pop() ?? '';
  expect(newsId).not.toBe('');
});

test("the school's site on its host name is its own: its name, crest, colours, page and news, nothing of the demo schools", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const demo = await demoFingerprints();
  expect(demo.strings.length).toBeGreaterThan(200);
  expect(demo.files.size).toBeGreaterThan(20);

  await page.goto(`${site}/`);
  await expect(page.locator('.brand__name')).toHaveText(NAME);
  await expect(page.locator('img.brand__crest')).toHaveAttribute('src', '/api/school/GVS/icon/192.png');
  const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
  expect(primary).toBe(PRIMARY);
  await expect(page.getByRole('region', { name: 'Latest News' }).getByText(NEWS).first()).toBeVisible();
  // Its one headline goes round the ticker like a marquee: never shown twice at once.
  await started(page);
  for (let look = 0; look < 6; look++) {
    const shown = await page.evaluate(() => {
      const viewport = document.querySelector('.news-ticker__viewport')?.getBoundingClientRect();
      const rows = Array.from(document.querySelectorAll('.news-ticker__track li')).map((li) => li.getBoundingClientRect());
      return viewport ? rows.filter((r) => r.bottom > viewport.top && r.top < viewport.bottom).length : -1;
    });
    expect(shown, `look ${look}`).toBeLessThanOrEqual(1);
    await page.waitForTimeout(700);
  }
  expect(await axeViolations(page, 'new school home at 390 px')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('gvs-home-390.png'), fullPage: true });

  const newsItem = `/news/item?id=${encodeURIComponent(newsId)}`;
  await page.goto(`${site}${newsItem}`);
  await expect(page.getByRole('heading', { level: 1, name: NEWS })).toBeVisible();

  const menu = page.getByRole('navigation', { name: 'Main' });
  await menu.getByRole('button', { name: 'Menu' }).click();
  await menu.getByRole('link', { name: 'Contact Us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expect(page.getByText('Parents are welcome at the office on school days.')).toBeVisible();
  expect((await page.goto(`${site}/about-us`))?.status()).toBe(404);

  const shown: string[] = [];
  for (const url of ['/', '/news', newsItem, '/contactUs', '/Events', '/gallery', '/sitemap', '/alumni', '/careers', '/privacy']) {
    await page.goto(`${site}${url}`);
    const { text, files } = await whatThePageShows(page);
    for (const s of demo.strings) expect(text.includes(s), `${url} shows the demo schools' “${s}”`).toBe(false);
    for (const f of files) expect(demo.files.has(f), `${url} loads a demo school's file`).toBe(false);
    shown.push(url);
  }
  expect(shown).toHaveLength(10);

  // The sitemap: the listing pages every school has, its one written page, nothing it did not publish.
  const xml = await page.evaluate(async () => (await fetch('/sitemap.xml')).text());
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!));
  const locs = urls.map((u) => u.pathname);
  expect(locs).toContain('/contactUs');
  for (const u of urls) expect(u.host, u.href).toBe(`${HOST}:${port}`);
  for (const unwritten of ['/about-us', '/patrons', '/syllabus', '/timings', '/school-information', '/house', '/library'])
    expect(locs).not.toContain(unwritten);
  expect(xml).not.toContain('localhost:3000');
});
