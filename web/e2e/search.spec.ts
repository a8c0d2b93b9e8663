import { SEARCH_MESSAGES, SEARCH_QUERY_MAX } from '@sthsm/contract/search';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { onOwnServer } from './support/own-server';

// The site's search: the header's box on every public page and the results page /search, by role
// and visible text, by keyboard at 390 px and without JavaScript. On a server of its own
// (E2E_PORT + 25), so what is found is the seed's alone, whatever other specs publish meanwhile.

onOwnServer({ offset: 25, name: 'search' });

const PHONE = { width: 390, height: 844 };
const SCHOOL = 'St. Thomas Higher Secondary School';
const headerBox = (page: Page) => page.getByRole('banner').getByRole('searchbox', { name: 'Search the site' });
const pageBox = (page: Page) => page.getByRole('main').getByRole('searchbox', { name: 'Search for' });
const results = (page: Page) => page.getByRole('main').getByRole('list', { name: /results? for “/ });

/** The newest news item of the seed (read from the API, so the test follows the seed). */
async function newestNews(request: APIRequestContext): Promise<{ id: string; title: string }> {
  const news = (await (await request.get('/api/news/STHSM')).json()) as Array<{ _id: string; title: string }>;
  expect(news.length).toBeGreaterThan(0);
  return { id: news[0]!._id, title: news[0]!.title };
}

/** A news result's link: its item has the kind label "News". */
const newsLink = (page: Page, title: string) =>
  results(page)
    .getByRole('listitem')
    .filter({ has: page.getByText('News', { exact: true }) })
    .getByRole('link', { name: title, exact: true })
    .first();

/** Presses Tab until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, most = 60): Promise<void> {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${most} presses of Tab did not reach ${target.toString()}`);
}

test('at 390 px by keyboard alone: the header box finds a news item, and Enter on its result opens it', async ({ page, request }) => {
  const item = await newestNews(request);
  await page.setViewportSize(PHONE);
  await page.goto('/contactUs');
  await tabTo(page, headerBox(page));
  await page.keyboard.type(item.title);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
  await expect(page).toHaveTitle(`Search: ${item.title} | ${SCHOOL}`);
  await expect(pageBox(page)).toHaveValue(item.title);
  await expect(page.getByRole('main').getByText(`for “${item.title}”`)).toBeVisible();
  const link = newsLink(page, item.title);
  await expect(link.locator('mark').first()).toBeVisible();

  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/news/item?id=${item.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.title);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const width of [390, 1280]) {
    test(`at ${width} px the header box and the results work as plain HTML`, async ({ page, request }) => {
      const item = await newestNews(request);
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/Events');
      await headerBox(page).fill(item.title);
      await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(/\/search\?q=/);
      await expect(pageBox(page)).toHaveValue(item.title);
      await newsLink(page, item.title).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.title);
    });
  }
});

test('a misspelt word finds nothing and offers the word the site spells, which finds results', async ({ page }) => {
  await page.goto('/search');
  await pageBox(page).fill('sprots day');
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('No results for “sprots day”.')).toBeVisible();
  await expect(results(page)).toHaveCount(0);
  await expect(page.getByText(/^Did you mean:/)).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'sports day', exact: true }).click();
  await expect(pageBox(page)).toHaveValue('sports day');
  await expect(page.getByText(/^\d+ results? for “sports day”$/)).toBeVisible();
  expect(await results(page).getByRole('listitem').count()).toBeGreaterThan(0);
});

test('results come ten to a page with Previous and Next, each page its own address', async ({ page, request }) => {
  const answer = (await (await request.get('/api/search/STHSM?q=sports')).json()) as { total: number; pageSize: number };
  expect(answer.total).toBeGreaterThan(answer.pageSize);
  const pages = Math.ceil(answer.total / answer.pageSize);
  await page.goto('/search?q=sports');
  const nav = page.getByRole('navigation', { name: 'Pages of results' });
  await expect(nav.getByText(`Page 1 of ${pages}`)).toBeVisible();
  await expect(results(page).getByRole('listitem')).toHaveCount(answer.pageSize);
  await nav.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL('/search?q=sports&page=2');
  await expect(nav.getByText(`Page 2 of ${pages}`)).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/search?q=sports');
});

test('no words: just the form; too many: the contract’s message beside the box, what was typed kept', async ({ page }) => {
  await page.goto('/search?q=%20%20');
  await expect(pageBox(page)).not.toHaveAttribute('aria-invalid');
  await expect(page.getByText(/results? for|No results/)).toHaveCount(0);

  const long = `${'exam '.repeat(SEARCH_QUERY_MAX / 5)}x`;
  await pageBox(page).fill(long);
  await pageBox(page).press('Enter');
  await expect(page.getByText(SEARCH_MESSAGES.tooLong)).toBeVisible();
  await expect(pageBox(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(pageBox(page)).toHaveAccessibleDescription(SEARCH_MESSAGES.tooLong);
  await expect(pageBox(page)).toHaveValue(long);
  const response = await page.request.get(`/search?q=${encodeURIComponent(long)}`);
  expect(response.status()).toBe(400);
});

test('the results page: no React or staff files, no sideways scroll at 320 px, and axe finds nothing at 390 and 1280 px', async ({
  page,
}) => {
  await page.goto('/search?q=sports');
  expect(await page.locator('script[src]').count()).toBe(0);
  const styles = await page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
  expect(styles.filter((href) => /admin|staff/.test(href))).toEqual([]);

  await page.setViewportSize({ width: 320, height: 640 });
  await expect(headerBox(page)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  const found: string[] = [];
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    found.push(...(await axeViolations(page, `/search?q=sports @${width}`)));
  }
  expect(found).toEqual([]);
});
