import { expect, test } from '@playwright/test';
import { englishLeft } from './support/i18n';
import { axeBuilder } from './support/axe';

// Issue 35: the demo school offers Bengali beside Hindi and English. Its pages at /bn/… are in
// Bengali around the school's own text, with lang bn-IN, Noto Sans Bengali for the script (only its
// range, no preload), links to the same page in English and Hindi, hreflang alternates for every
// language and the sitemap's /bn addresses; and they pass axe like the English pages.

const SHELL = 'header.site-header, .announcements, .page-header, footer.site-footer, .skip-link';

test('a Bengali page: lang, Bengali shell, its script font, both other languages, hreflang for each', async ({ page, request }) => {
  const response = await page.goto('/bn/about-us');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn-IN');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1, name: 'আমাদের কথা' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'প্রধান' })).toBeVisible();
  expect(await englishLeft(page, { locale: 'bn', within: SHELL })).toEqual([]);

  // Noto Sans Bengali, regular and bold, for the Bengali range only; never preloaded.
  const css = (await page.locator('head style').allTextContents()).join('\n');
  const faces = css.match(/@font-face\{[^}]*\}/g) ?? [];
  expect(faces).toHaveLength(2);
  for (const face of faces) {
    expect(face).toContain("font-family:'Noto Sans Bengali'");
    expect(face).toContain('font-display:optional');
    expect(face).toContain('unicode-range:U+0951-0952,U+0964-0965,U+0980-09FE');
  }
  expect(css).toContain("--font-body:'Noto Sans Bengali'");
  const urls = faces.map((f) => /url\(([^)]+)\)/.exec(f)?.[1] ?? '');
  expect(urls[0]).toMatch(/noto-sans-bengali-bengali-400-normal[^/]*\.woff2$/);
  expect(urls[1]).toMatch(/noto-sans-bengali-bengali-700-normal[^/]*\.woff2$/);
  for (const url of urls) expect((await request.get(url)).status()).toBe(200);
  await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(0);
  // The page's own text in Bengali is drawn in it once it has loaded (font-display optional may skip it on the first paint).
  await page.evaluate(() => document.fonts.load("16px 'Noto Sans Bengali'", 'বাংলা'));
  expect(await page.evaluate(() => document.fonts.check("16px 'Noto Sans Bengali'", 'বাংলা'))).toBe(true);

  // English and Hindi, each in its own words and language.
  const languages = page.getByRole('navigation', { name: 'ভাষা' });
  await expect(languages.getByRole('link')).toHaveText(['English', 'हिन्दी']);
  await expect(languages.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/about-us');
  await expect(languages.getByRole('link', { name: 'हिन्दी' })).toHaveAttribute('href', '/hi/about-us');
  await expect(languages.getByRole('link', { name: 'हिन्दी' })).toHaveAttribute('lang', 'hi-IN');

  const origin = new URL(page.url()).origin;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/bn/about-us`);
  const alternates = page.locator('link[rel="alternate"][hreflang]');
  await expect(alternates).toHaveCount(4);
  await expect(page.locator('link[rel="alternate"][hreflang="en-IN"]')).toHaveAttribute('href', `${origin}/about-us`);
  await expect(page.locator('link[rel="alternate"][hreflang="hi-IN"]')).toHaveAttribute('href', `${origin}/hi/about-us`);
  await expect(page.locator('link[rel="alternate"][hreflang="bn-IN"]')).toHaveAttribute('href', `${origin}/bn/about-us`);
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', `${origin}/about-us`);
  // The menu's links stay in Bengali.
  await expect(page.getByRole('navigation', { name: 'প্রধান' }).getByRole('link', { name: 'যোগাযোগ' }).first()).toHaveAttribute(
    'href',
    '/bn/contactUs',
  );
});

test('the English and Hindi pages link to the Bengali page; the Hindi page has no Bengali font', async ({ page }) => {
  await page.goto('/news?year=2025');
  const bengali = page.getByRole('navigation', { name: 'Languages' }).getByRole('link', { name: 'বাংলা' });
  await expect(page.getByRole('navigation', { name: 'Languages' }).getByRole('link')).toHaveText(['हिन्दी', 'বাংলা']);
  await expect(bengali).toHaveAttribute('href', '/bn/news?year=2025');
  await expect(bengali).toHaveAttribute('lang', 'bn-IN');
  await bengali.click();
  await expect(page).toHaveURL(/\/bn\/news\?year=2025$/);
  await expect(page.getByRole('heading', { level: 1, name: 'খবর' })).toBeVisible();

  await page.goto('/hi/about-us');
  await expect(page.getByRole('navigation', { name: 'भाषाएँ' }).getByRole('link')).toHaveText(['English', 'বাংলা']);
  const css = (await page.locator('head style').allTextContents()).join('\n');
  expect(css).toContain("font-family:'Noto Sans Devanagari'");
  expect(css).not.toContain('Noto Sans Bengali');
});

test('the sitemap lists every address at /bn too, with its Bengali alternate; an unknown Bengali page is a 404', async ({
  request,
  page,
}) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  const locs = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(locs).toContain('/bn');
  expect(locs).toContain('/bn/about-us');
  expect(locs).toContain('/bn/news');
  expect(locs.filter((l) => l.startsWith('/bn')).length).toBe(locs.filter((l) => !/^\/(?:hi|bn)(?:\/|$)/.test(l)).length);
  expect(xml).toMatch(/<xhtml:link rel="alternate" hreflang="bn-IN" href="[^"]+\/bn\/about-us"\/>/);

  const missing = await page.goto('/bn/no-such-page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'পৃষ্ঠাটি পাওয়া যায়নি' })).toBeVisible();
});

test('feeds in Bengali: titles in Bengali, links to the Bengali pages', async ({ request }) => {
  const rss = await request.get('/bn/news.rss');
  expect(rss.status()).toBe(200);
  const text = await rss.text();
  expect(text).toContain('<language>bn-IN</language>');
  expect(text).toMatch(/: খবর/);
  expect(text).toMatch(/\/bn\/news\/item\?id=/);
});

for (const width of [390, 1280]) {
  test(`axe: /bn/about-us at ${width} px has no WCAG 2.2 AA violation`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.goto('/bn/about-us');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
    const results = await axeBuilder(page).analyze();
    const found = results.violations.map(
      (v) => `${v.id} (${v.impact}) ${v.nodes.length}× ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
    );
    expect(found).toEqual([]);
  });
}
