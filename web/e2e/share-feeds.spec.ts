import type { Album, NewsItem, SchoolEvent } from '@sthsm/contract';
import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { axeBuilder } from './support/axe';

// Share previews, the share button and the feed and calendar links, in Chromium against the seeded
// demo school (issue 19).

async function list<T>(request: APIRequestContext, path: string): Promise<T[]> {
  return (await (await request.get(path)).json()) as T[];
}

async function albumWithPhotos(request: APIRequestContext): Promise<Album> {
  const album = (await list<Album>(request, '/api/gallery/all/STHSM')).find(
    (a) => a.category === 'PhotoGallery' && a.attachments.length > 0,
  );
  if (!album) throw new Error('the seed has an album with photos');
  return album;
}

test("an album's share preview is its own: title, description and a 1200-wide image of its cover", async ({ page, request }) => {
  const album = await albumWithPhotos(request);
  await page.goto(`/SubGallery?id=${album._id}`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    new RegExp(`^${album.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  );
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  const image = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(image).toBeTruthy();
  // The crawler fetches it with no cookies and no page: a plain GET of the absolute URL.
  const response = await request.get(image ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^image\//);
  const meta = await sharp(await response.body()).metadata();
  expect(meta.width).toBe(1200);
  expect(meta.height).toBe(630);
});

test('every page advertises the news feeds and the calendar', async ({ page, request }) => {
  for (const path of ['/', '/about-us', '/gallery']) {
    await page.goto(path);
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', /\/news\.rss$/);
    await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute('href', /\/news\.atom$/);
    await expect(page.locator('link[rel="alternate"][type="text/calendar"]')).toHaveAttribute('href', /\/events\.ics$/);
  }
  const rss = await request.get('/news.rss');
  expect(rss.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
  expect(await rss.text()).toContain('<rss version="2.0"');
});

test('/Events offers Subscribe (webcal), Google Calendar and per-event "Add to calendar" downloads', async ({ page, request }) => {
  await page.goto('/Events?year=All');
  await expect(page.getByRole('link', { name: 'Subscribe', exact: true })).toHaveAttribute(
    'href',
    /^webcal:\/\/127\.0\.0\.1:\d+\/events\.ics$/,
  );
  await expect(page.getByRole('link', { name: /^Google Calendar: subscribe/ })).toHaveAttribute(
    'href',
    /^https:\/\/calendar\.google\.com\/calendar\/render\?cid=webcal/,
  );
  const add = page.getByRole('link', { name: /^Add to calendar:/ }).first();
  const href = await add.getAttribute('href');
  expect(href).toMatch(/^\/events\/[0-9a-f]+\.ics$/);
  const file = await request.get(href ?? '');
  expect(file.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await file.text()).toContain('BEGIN:VTIMEZONE');
  await expect(page.getByRole('link', { name: /^Google Calendar: add/ }).first()).toHaveAttribute('href', /action=TEMPLATE/);
});

test('a news item and an event have pages of their own, reached from their listings', async ({ page, request }) => {
  const item = (await list<NewsItem>(request, '/api/news/STHSM'))[0];
  if (!item) throw new Error('the seed has news');
  await page.goto('/news?year=All');
  await page.getByRole('link', { name: item.title, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/news/item\\?id=${item._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: item.title })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/news/item\\?id=${item._id}$`));

  const event = (await list<SchoolEvent>(request, '/api/events/All/STHSM')).find((e) => e.images.length > 0);
  if (!event) throw new Error('the seed has an event with a picture');
  const response = await page.goto(`/Events/item?id=${event._id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\?variant=og$/);
  const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(structured.some((json) => (JSON.parse(json) as { '@type'?: string })['@type'] === 'Event')).toBe(true);
  expect((await page.goto('/Events/item?id=no-such-event'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Event not found' })).toBeVisible();
});

test.describe('the share button', () => {
  test('without JavaScript it is a plain link that shares on WhatsApp', async ({ browser, request }) => {
    const album = await albumWithPhotos(request);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/SubGallery?id=${album._id}`);
    const share = page.getByRole('link', { name: `Share: ${album.title}` });
    const href = new URL((await share.getAttribute('href')) ?? '');
    expect(href.origin).toBe('https://wa.me');
    expect(href.searchParams.get('text')).toContain(`/SubGallery?id=${album._id}`);
    await context.close();
  });

  test('with JavaScript and no Web Share API it copies the link and says so', async ({ browser, request, baseURL }) => {
    const album = await albumWithPhotos(request);
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    // A desktop browser without navigator.share (Chromium on Linux has none).
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
    await page.goto(`/SubGallery?id=${album._id}`);
    const share = page.getByRole('link', { name: `Share: ${album.title}` });
    // The album loads no React (docs/decisions/0077): the shell's inline script, run with the HTML, shares.
    await share.click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied.' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/SubGallery?id=${album._id}`);
    await context.close();
  });
});

test('the news item and event pages have no WCAG 2.2 AA violation at 320 px', async ({ page, request }) => {
  await page.setViewportSize({ width: 320, height: 844 });
  const item = (await list<NewsItem>(request, '/api/news/STHSM'))[0];
  const event = (await list<SchoolEvent>(request, '/api/events/All/STHSM'))[0];
  for (const path of [`/news/item?id=${item?._id}`, `/Events/item?id=${event?._id}`, '/Events']) {
    await page.goto(path);
    const results = await axeBuilder(page).analyze();
    expect(results.violations.map((v) => `${path}: ${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
  }
});
