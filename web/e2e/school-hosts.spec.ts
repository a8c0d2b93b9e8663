import { expect, test, type APIRequestContext } from '@playwright/test';
import { SITE_PAGES } from '../app/lib/site-map';

// One server, two schools by host name (the seeded host table maps demo2.localhost to DEMO2 and
// sthsm.localhost to STHSM; any other host, 127.0.0.1 included, gets SCHOOL_CODE). Chromium
// resolves *.localhost to loopback, so anyone can open http://demo2.localhost:3000/ locally.

const port = Number(process.env.E2E_PORT ?? 3100);
const DEMO2 = `http://demo2.localhost:${port}`;
const STHSM = `http://sthsm.localhost:${port}`;

/** What only one school's pages may contain. */
const ONLY_STHSM = ['St. Thomas', 'STHSM', 'Mahimnagar', 'sthsm.example.org', '00000 00101'];
const ONLY_DEMO2 = ['Little Flower', 'DEMO2', 'Rosepur', 'demo2.example.org', '00000 00201'];

/** A page's HTML as served for `host` (Node's requests go to 127.0.0.1 with that Host header). */
async function htmlFor(request: APIRequestContext, host: string, path: string): Promise<string> {
  const response = await request.get(`http://127.0.0.1:${port}${path}`, { headers: { host: `${host}:${port}` }, maxRedirects: 0 });
  expect([200, 302], `${host}${path}`).toContain(response.status());
  return response.text();
}

test('two host names on one server show two different schools in the browser', async ({ page }) => {
  await page.goto(`${DEMO2}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Little Flower Convent School');
  await expect(page.getByRole('banner').getByRole('link', { name: /00000 00201/ })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${DEMO2}/`);

  // Client-side navigation stays on the host, so on the school.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Parent Portal' }).click();
  await expect(page).toHaveURL(`${DEMO2}/parent-portal`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Parent Portal');
  await expect(page.getByRole('main').getByRole('link', { name: '+91 00000 00210' })).toBeVisible();
  await expect(page.getByRole('main').getByText('DEMO2', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle('Parent Portal | Little Flower Convent School');

  await page.goto(`${STHSM}/contactUs`);
  await expect(page).toHaveTitle('Contact Us | St. Thomas Higher Secondary School');
  await expect(page.getByRole('main').getByRole('link', { name: '+91 00000 00101' })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `http://127.0.0.1:${port}/contactUs`);
});

test("neither school's pages ever show the other's data", async ({ request }) => {
  test.setTimeout(120_000);
  const paths = SITE_PAGES.map((p) => p.path).filter((p) => p !== '/SubGallery');
  for (const path of paths) {
    const demo2 = await htmlFor(request, 'demo2.localhost', path);
    for (const word of ONLY_STHSM) expect(demo2.includes(word), `demo2.localhost${path} shows "${word}"`).toBe(false);
    const sthsm = await htmlFor(request, 'sthsm.localhost', path);
    for (const word of ONLY_DEMO2) expect(sthsm.includes(word), `sthsm.localhost${path} shows "${word}"`).toBe(false);
  }
  const sitemap = await htmlFor(request, 'demo2.localhost', '/sitemap.xml');
  expect(sitemap).toContain(`<loc>http://demo2.localhost:${port}/about-us</loc>`);
  // A client cannot pick the school itself.
  const forged = await request.get(`http://127.0.0.1:${port}/contactUs`, { headers: { 'x-school-code': 'DEMO2' } });
  expect(await forged.text()).not.toContain('Little Flower');
});
