import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// Issue 17: news and events come in pages — ten by default, the page size in the URL (?size=),
// the page in the URL (?page=), server-rendered, working without JavaScript, and keeping filters.

interface Dated {
  title: string;
  date?: string | null;
}

/** The API's records in the listing's order: newest first, dateless last. */
async function newestFirst(request: APIRequestContext, path: string): Promise<string[]> {
  const records = (await (await request.get(path)).json()) as Dated[];
  const time = (r: Dated) => (r.date ? new Date(r.date).getTime() : Number.NEGATIVE_INFINITY);
  return [...records].sort((a, b) => time(b) - time(a)).map((r) => r.title);
}

const titles = (page: Page, list: string) => page.getByRole('list', { name: list }).getByRole('heading', { level: 2 });
const nav = (page: Page, name: string) => page.getByRole('navigation', { name });

test('news: ten a page, numbered pages with the current one marked, Previous and Next', async ({ page, request }) => {
  const all = await newestFirst(request, '/api/news/STHSM');
  expect(all.length).toBeGreaterThan(20);
  const pages = Math.ceil(all.length / 10);
  await page.goto('/news');
  await expect(titles(page, 'News')).toHaveText(all.slice(0, 10));
  const pagination = nav(page, 'News pages');
  await expect(pagination.getByText(`Page 1 of ${pages}`)).toBeVisible();
  await expect(pagination.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(pagination.getByRole('link', { name: /Previous/ })).toHaveCount(0);
  await expect(page.getByText(`${all.length} news items: 1–10 on this page`)).toBeVisible();

  await pagination.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\/news\?page=2$/);
  await expect(titles(page, 'News')).toHaveText(all.slice(10, 20));
  await expect(pagination.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');

  await pagination.getByRole('link', { name: `Page ${pages}`, exact: true }).click();
  await expect(titles(page, 'News')).toHaveText(all.slice((pages - 1) * 10));
  await expect(pagination.getByRole('link', { name: /Next/ })).toHaveCount(0);
  await pagination.getByRole('link', { name: 'Previous page' }).click();
  await expect(page).toHaveURL(new RegExp(`page=${pages - 1}$`));
});

test('news: the page size is chosen in the filter bar, kept in the URL and by every page link', async ({ page, request }) => {
  const all = await newestFirst(request, '/api/news/STHSM');
  await page.goto('/news?year=All');
  await page.getByRole('combobox', { name: 'Per page' }).selectOption('20');
  await expect(page).toHaveURL(/size=20/);
  await expect(titles(page, 'News')).toHaveText(all.slice(0, 20));
  await nav(page, 'News pages').getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/year=All&size=20&page=2|size=20.*page=2/);
  await expect(titles(page, 'News')).toHaveText(all.slice(20, 40));
  await expect(page.getByRole('combobox', { name: 'Per page' })).toHaveValue('20');
  // A new filter starts again at page 1, keeping the size.
  await page.getByRole('searchbox', { name: 'Search by title' }).fill('a');
  await expect(page).toHaveURL(/q=a/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(page).toHaveURL(/size=20/);
});

test('a page past the end shows the last page; a bad page or size falls back', async ({ page, request }) => {
  const all = await newestFirst(request, '/api/news/STHSM');
  const pages = Math.ceil(all.length / 10);
  await page.goto('/news?page=999');
  await expect(nav(page, 'News pages').getByRole('link', { name: `Page ${pages}`, exact: true })).toHaveAttribute('aria-current', 'page');
  await page.goto('/news?page=x&size=7');
  await expect(titles(page, 'News')).toHaveText(all.slice(0, 10));
});

test('events: pages keep the year and search filters', async ({ page, request }) => {
  const all = await newestFirst(request, '/api/events/All/STHSM');
  expect(all.length).toBeGreaterThan(10);
  await page.goto('/Events?year=All');
  await expect(titles(page, 'Events')).toHaveText(all.slice(0, 10));
  await nav(page, 'Events pages').getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/year=All&page=2/);
  await expect(titles(page, 'Events')).toHaveText(all.slice(10, 20));
  await expect(page.getByRole('combobox', { name: 'Year', exact: true })).toHaveValue('All');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('news pages and the page size work as plain links and the filter form', async ({ page, request }) => {
    const all = await newestFirst(request, '/api/news/STHSM');
    await page.goto('/news');
    await expect(titles(page, 'News')).toHaveText(all.slice(0, 10));
    await nav(page, 'News pages').getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2$/);
    await expect(titles(page, 'News')).toHaveText(all.slice(10, 20));
    await page.getByRole('combobox', { name: 'Per page' }).selectOption('50');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/size=50/);
    await expect(titles(page, 'News')).toHaveText(all.slice(0, 50));
    await expect(nav(page, 'News pages')).toHaveCount(all.length > 50 ? 1 : 0);
  });
});
