import { expect, test } from '@playwright/test';
import { englishLeft } from './support/i18n';

// Issue 35: the demo school offers Hindi beside English. Its pages at /hi/… are in Hindi around the
// school's own text: the shell (header, menu, announcements, breadcrumbs, footer), the page's
// language and direction, a link back to the same page in English, hreflang alternates and a
// canonical address per language; a language the school does not offer is no page.

const SHELL = 'header.site-header, .announcements, .page-header, footer.site-footer, .skip-link';

test('the shell of a Hindi page is Hindi, with lang, the English link, hreflang and its own canonical', async ({ page }) => {
  const response = await page.goto('/hi/about-us');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1, name: 'हमारे बारे में' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'मुख्य' })).toBeVisible();
  expect(await englishLeft(page, { within: SHELL })).toEqual([]);

  const english = page.getByRole('navigation', { name: 'भाषाएँ' }).getByRole('link', { name: 'English' });
  await expect(english).toHaveAttribute('href', '/about-us');
  await expect(english).toHaveAttribute('lang', 'en-IN');
  const origin = new URL(page.url()).origin;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/hi/about-us`);
  await expect(page.locator('link[rel="alternate"][hreflang="hi-IN"]')).toHaveAttribute('href', `${origin}/hi/about-us`);
  await expect(page.locator('link[rel="alternate"][hreflang="en-IN"]')).toHaveAttribute('href', `${origin}/about-us`);
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', `${origin}/about-us`);
  // The menu's links stay in Hindi.
  await expect(page.getByRole('navigation', { name: 'मुख्य' }).getByRole('link', { name: 'संपर्क करें' })).toHaveAttribute(
    'href',
    '/hi/contactUs',
  );
});

test('the English page links to its Hindi page, keeping the query, and stays as it was', async ({ page }) => {
  await page.goto('/news?year=2025');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  const hindi = page.getByRole('navigation', { name: 'Languages' }).getByRole('link', { name: 'हिन्दी' });
  await expect(hindi).toHaveAttribute('href', '/hi/news?year=2025');
  await expect(hindi).toHaveAttribute('lang', 'hi-IN');
  await hindi.click();
  await expect(page).toHaveURL(/\/hi\/news\?year=2025$/);
  await expect(page.getByRole('heading', { level: 1, name: 'समाचार' })).toBeVisible();
});

test('a language the school does not offer, and an unknown Hindi page, are 404s', async ({ page }) => {
  expect((await page.goto('/ta/about-us'))?.status()).toBe(404);
  expect((await page.goto('/ur'))?.status()).toBe(404);
  const missing = await page.goto('/hi/no-such-page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'पृष्ठ नहीं मिला' })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
});

test('feeds in Hindi: titles in Hindi, links to the Hindi pages; none in a language not offered', async ({ request, page }) => {
  const rss = await request.get('/hi/news.rss');
  expect(rss.status()).toBe(200);
  const text = await rss.text();
  expect(text).toContain('<language>hi-IN</language>');
  expect(text).toMatch(/<title><!\[CDATA\[[^\]]+: समाचार\]\]><\/title>|<title>[^<]+: समाचार<\/title>/);
  expect(text).toMatch(/\/hi\/news\/item\?id=/);
  const calendar = await request.get('/hi/events.ics');
  expect(calendar.status()).toBe(200);
  expect((await request.get('/ta/news.rss')).status()).toBe(404);
  // The Hindi page advertises the Hindi feeds.
  await page.goto('/hi/news');
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', /\/hi\/news\.rss$/);
});
