import { expect, test, type APIRequestContext } from '@playwright/test';
import { SITE_PAGES } from '../app/lib/site-map';

// The site shell on every route of SPEC §2, read from the server HTML (no scripts run):
// status, header, footer, a heading, and the page's own title/description/canonical.

async function albumId(request: APIRequestContext): Promise<string> {
  const albums = (await (await request.get('/api/gallery/all/STHSM')).json()) as Array<{ _id: string }>;
  expect(albums.length).toBeGreaterThan(0);
  return albums[0]!._id;
}

async function firstId(request: APIRequestContext, list: string): Promise<string> {
  const records = (await (await request.get(list)).json()) as Array<{ _id: string }>;
  expect(records.length).toBeGreaterThan(0);
  return records[0]!._id;
}

/** A page's URL: the item pages (album, news item, event) with a real id. */
async function urlOf(path: string, request: APIRequestContext): Promise<string> {
  if (path === '/SubGallery') return `/SubGallery?id=${await albumId(request)}`;
  if (path === '/news/item') return `/news/item?id=${await firstId(request, '/api/news/STHSM')}`;
  if (path === '/Events/item') return `/Events/item?id=${await firstId(request, '/api/events/All/STHSM')}`;
  return path;
}

test.describe('every page of the site map', () => {
  for (const page of SITE_PAGES) {
    test(`${page.path} answers 200 with the shell, a heading and its own meta`, async ({ request }) => {
      const response = await request.get(await urlOf(page.path, request));
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain('aria-label="Main"');
      expect(html).toMatch(/<footer class="site-footer"/);
      expect(html).toMatch(/<h1[^>]*>[^<]+/);
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]+"/);
      const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
      const expected = `http://127.0.0.1:${new URL(response.url()).port}${page.path}`.toLowerCase();
      const actual = canonical?.toLowerCase() ?? '';
      expect(actual === expected || actual.startsWith(`${expected}?`), `canonical ${actual}`).toBe(true);
    });
  }
});

test('paths match case-insensitively: /EVENTS = /events, /toppers = /Toppers', async ({ request }) => {
  const h1 = async (path: string) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    return (await response.text()).match(/<h1[^>]*>(.*?)<\/h1>/)?.[1];
  };
  expect(await h1('/EVENTS')).toBe(await h1('/events'));
  expect(await h1('/events')).toBe(await h1('/Events'));
  expect(await h1('/toppers')).toBe(await h1('/Toppers'));
});

test('an unknown path is a real 404 page with the navigation', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
  await page
    .getByRole('main')
    .getByRole('link', { name: /Sitemap/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sitemap' })).toBeVisible();
});

test('the shell is in the server HTML: phones, parent login, highlights, footer', async ({ request }) => {
  const html = await (await request.get('/timings')).text();
  const highlights = (await (await request.get('/api/highlight/STHSM')).json()) as Array<{ description: string }>;
  expect(highlights.length).toBeGreaterThan(0);
  expect(html).toContain(highlights[0]!.description.replaceAll('&', '&amp;'));
  expect(html).toContain('href="https://wa.me/');
  expect(html).toContain('Parent Login');
  expect(html).toContain('Quick Links');
  expect(html).toContain('© Copyright 2024');
  expect(html).toContain('Skip to main content');
  expect(html).toMatch(/<html lang="en-IN"/);
  expect(html).toContain('rel="manifest" href="/manifest.webmanifest"');
  // The demo school's own crest, made into icons per school (docs/decisions/0133).
  expect(html).toContain('rel="icon" href="/api/school/STHSM/icon/32.png"');
  expect(html).toContain('rel="apple-touch-icon" href="/api/school/STHSM/icon/180.png"');
});

test('JSON-LD: the school on every page, a breadcrumb on inner pages, all valid JSON', async ({ request }) => {
  const blocks = async (path: string) => {
    const html = await (await request.get(path)).text();
    return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
  };
  const home = await blocks('/');
  expect(home.map((b) => b['@type'])).toContain('EducationalOrganization');
  const inner = await blocks('/sitemap');
  const school = inner.find((b) => b['@type'] === 'EducationalOrganization');
  expect(school?.name).toBe('St. Thomas Higher Secondary School');
  expect(school?.foundingDate).toBe('1976');
  const crumbs = inner.find((b) => b['@type'] === 'BreadcrumbList') as { itemListElement: Array<{ name: string; item?: string }> };
  expect(crumbs.itemListElement.map((c) => c.name)).toEqual(['Home', 'Sitemap']);
  expect(crumbs.itemListElement[1]?.item).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sitemap$/);
});

/** A page's address in a language of the demo school (Hindi, Bengali). */
const inLanguage = (l: 'hi' | 'bn', p: string) => (p === '/' ? `/${l}` : `/${l}${p}`);

test('/sitemap.xml lists every listed page with absolute URLs; robots.txt points to it', async ({ request, baseURL }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/xml');
  const xml = await response.text();
  const locs = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
  const listed = SITE_PAGES.filter((p) => p.listed);
  // The page table's listed pages, then each news item, event and album on its own page; the demo
  // school offers Hindi and Bengali, so each address is there in English, then at /hi and /bn (issue 35).
  expect(locs.slice(0, listed.length * 3)).toEqual(
    listed.flatMap((p) => [`${baseURL}${p.path}`, `${baseURL}${inLanguage('hi', p.path)}`, `${baseURL}${inLanguage('bn', p.path)}`]),
  );
  for (const loc of locs.slice(listed.length * 3))
    expect(loc).toMatch(/\/(?:hi\/|bn\/)?(?:news\/item|Events\/item|SubGallery)\?id=[0-9a-f]+$/);
  expect(locs).toContain(`${baseURL}/timings`);
  expect(locs).toContain(`${baseURL}/hi/timings`);
  expect(locs).toContain(`${baseURL}/bn/timings`);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("the school's favicon, app icons and web manifest are served", async ({ request }) => {
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
    name: string;
    theme_color: string;
    icons: Array<{ src: string; sizes: string }>;
  };
  expect(manifest.name).toBe('St. Thomas Higher Secondary School');
  expect(manifest.theme_color).toBe('#12386b');
  expect(manifest.icons.map((i) => [i.src, i.sizes])).toEqual([
    ['/api/school/STHSM/icon/192.png', '192x192'],
    ['/api/school/STHSM/icon/512.png', '512x512'],
  ]);
  for (const size of [32, 180, 192, 512]) {
    const icon = await request.get(`/api/school/STHSM/icon/${size}.png`);
    expect(icon.status(), `${size}`).toBe(200);
    expect(icon.headers()['content-type']).toBe('image/png');
  }
  // The St. Thomas files every school once shared are gone.
  expect((await request.get('/favicon.svg')).status()).toBe(404);
});
