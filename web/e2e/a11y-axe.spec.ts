import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SITE_PAGES } from '../app/lib/site-map';
import { axeBuilder } from './support/axe';

// axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on every route of the site map at a
// phone width (390 px) and a desktop width (1280 px), and with the lightbox and the home
// notification modal open: 0 violations.

const WIDTHS = [390, 1280];

interface Album {
  _id: string;
  category: string;
  attachments: string[];
}

async function firstAlbumId(request: APIRequestContext): Promise<string> {
  const albums = (await (await request.get('/api/gallery/all/STHSM')).json()) as Album[];
  const album = albums.find((a) => a.category === 'PhotoGallery' && a.attachments.length >= 2);
  if (!album) throw new Error('the seed has an album with photos');
  return album._id;
}

/** The first record of a public list (the item pages need a real id). */
async function firstId(request: APIRequestContext, list: string): Promise<string> {
  const records = (await (await request.get(list)).json()) as Array<{ _id: string }>;
  if (!records[0]) throw new Error(`the seed has records at ${list}`);
  return records[0]._id;
}

/** axe's violations, one line each: rule, impact, and the first offending targets. */
async function violations(page: Page, what: string): Promise<string[]> {
  const results = await axeBuilder(page).analyze();
  return results.violations.map(
    (v) =>
      `${what}: ${v.id} (${v.impact}) ${v.nodes.length}× ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
}

/** Lets motion, lazy images and client-side data settle before the scan. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  // Finite animations and transitions (a fading slide or caption) end before axe measures contrast.
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/** Routes to scan: the site map (the album page with a real album) and the 404 page. */
const ROUTES = [...SITE_PAGES.map((p) => p.path), '/no-such-page'];
/** The routes are scanned in a few parallel chunks per width. */
const CHUNKS = 4;
const chunkSize = Math.ceil(ROUTES.length / CHUNKS);

for (const width of WIDTHS) {
  for (let c = 0; c < CHUNKS; c++) {
    const routes = ROUTES.slice(c * chunkSize, (c + 1) * chunkSize);
    test(`axe: routes ${c * chunkSize + 1}-${c * chunkSize + routes.length} of ${ROUTES.length} at ${width} px have no WCAG 2.2 AA violation`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      const albumId = await firstAlbumId(request);
      const ids: Record<string, string> = {
        '/SubGallery': albumId,
        '/news/item': await firstId(request, '/api/news/STHSM'),
        '/Events/item': await firstId(request, '/api/events/All/STHSM'),
      };
      const found: string[] = [];
      for (const route of routes) {
        const path = ids[route] ? `${route}?id=${ids[route]}` : route;
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(route === '/no-such-page' ? 404 : 200);
        await settle(page);
        found.push(...(await violations(page, `${path} @${width}`)));
      }
      console.log(
        `axe @${width}px: ${routes.length} routes (${routes.join(' ')}), ${found.length} violations${found.length ? `\n  ${found.join('\n  ')}` : ''}`,
      );
      expect(found).toEqual([]);
    });
  }
}

for (const width of WIDTHS) {
  test(`axe: the lightbox and the notification modal open at ${width} px have no violation`, async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const found: string[] = [];
    await page.goto('/');
    const modal = page.getByRole('dialog', { name: 'Notifications' });
    await expect(modal).toBeVisible();
    await settle(page);
    found.push(...(await violations(page, `notification modal @${width}`)));

    await page.goto(`/SubGallery?id=${await firstAlbumId(request)}`);
    await settle(page);
    await page
      .getByRole('list', { name: / photos$/ })
      .getByRole('link')
      .first()
      .click();
    const lightbox = page.getByRole('dialog');
    await expect(lightbox).toBeVisible();
    await expect(lightbox.getByText(/^1 \/ \d+$/)).toBeVisible();
    await settle(page);
    found.push(...(await violations(page, `lightbox @${width}`)));
    await lightbox.getByRole('button', { name: 'Image details' }).click();
    await settle(page);
    found.push(...(await violations(page, `lightbox details @${width}`)));
    console.log(
      `axe overlays @${width}px: modal + lightbox + details panel, ${found.length} violations${found.length ? `\n  ${found.join('\n  ')}` : ''}`,
    );
    expect(found).toEqual([]);
  });
}
