import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { englishLeft } from './support/i18n';

// Issue 35: the listings of the demo school in Hindi (news, events, their item pages, search, the
// toppers pages). Every word of the interface is Hindi; what the school wrote stays English, marked
// lang="en" after one note saying so; filters, search and pages keep the visitor under /hi.

interface Item {
  _id: string;
  title: string;
}

async function list(request: APIRequestContext, path: string): Promise<Item[]> {
  const response = await request.get(path);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Item[];
}

async function hindiPage(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  // The page's own body (the shell around it is i18n-shell.spec.ts's).
  expect(await englishLeft(page, { within: 'main' }), path).toEqual([]);
}

test('news and a news item in Hindi, the school’s text marked English', async ({ page, request }) => {
  // As the Hindi pages ask for it: the items the school translated come in Hindi (issue 35).
  const news = await list(request, '/api/news/STHSM?lang=hi');
  await hindiPage(page, '/hi/news');
  await expect(page.getByRole('heading', { level: 1, name: 'समाचार' })).toBeVisible();
  await expect(page.getByText(`कुल समाचार: ${news.length}`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'वर्ष', exact: true })).toHaveValue('All');
  await expect(page.getByRole('combobox', { name: 'महीना' }).locator('option').first()).toHaveText('सभी');
  await expect(page.getByPlaceholder('यहाँ खोजें..')).toBeVisible();
  await expect(page.getByRole('button', { name: 'फ़िल्टर लागू करें' })).toBeVisible();
  await expect(page.locator('.english-note')).toHaveCount(1);
  const first = news[0];
  if (!first) throw new Error('the seed has news');
  const title = page.getByRole('link', { name: first.title, exact: true }).first();
  await expect(title).toHaveAttribute('href', `/hi/news/item?id=${first._id}`);
  await expect(page.getByRole('navigation', { name: 'समाचार के पृष्ठ' }).getByRole('link', { name: 'अगला पृष्ठ' })).toHaveAttribute(
    'href',
    '/hi/news?page=2',
  );

  await hindiPage(page, `/hi/news/item?id=${first._id}`);
  await expect(page.getByRole('link', { name: 'सभी समाचार' })).toHaveAttribute('href', '/hi/news');
  await expect(page.getByRole('link', { name: `शेयर करें: ${first.title}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'सूचनाएँ ई-मेल या नोटिफ़िकेशन से पाएँ' })).toHaveAttribute('href', '/hi/subscribe');

  expect((await page.goto('/hi/news/item?id=no-such-item'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'समाचार नहीं मिला' })).toBeVisible();
});

test('events and an event in Hindi, with the calendar links', async ({ page, request }) => {
  const events = await list(request, '/api/events/All/STHSM');
  await hindiPage(page, '/hi/Events?year=All');
  await expect(page.getByRole('heading', { level: 2, name: 'विद्यालय के कैलेंडर की सदस्यता लें' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^कैलेंडर में जोड़ें:/ }).first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'कार्यक्रम' })).toBeVisible();
  const event = events[0];
  if (!event) throw new Error('the seed has events');
  await hindiPage(page, `/hi/Events/item?id=${event._id}`);
  await expect(page.getByText('तारीख', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'सभी कार्यक्रम' })).toHaveAttribute('href', '/hi/Events');
});

test('search in Hindi: the form stays under /hi, the results and pages too', async ({ page }) => {
  await hindiPage(page, '/hi/search?q=sports');
  await expect(page.locator('form.search-form')).toHaveAttribute('action', '/hi/search');
  await expect(page.getByText(/“sports” के लिए \d+ परिणाम/)).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'परिणामों के पृष्ठ' });
  await expect(nav.getByText(/^कुल \d+ में से पृष्ठ 1$/)).toBeVisible();
  await nav.getByRole('link', { name: 'अगला पृष्ठ' }).click();
  await expect(page).toHaveURL('/hi/search?q=sports&page=2');
  await expect(nav.getByRole('link', { name: 'पिछला पृष्ठ' })).toHaveAttribute('href', '/hi/search?q=sports');
  await hindiPage(page, '/hi/search?q=zzqqxxnothing');
  await expect(page.getByText('“zzqqxxnothing” के लिए कोई परिणाम नहीं मिला।')).toBeVisible();
});

test('both toppers pages in Hindi', async ({ page }) => {
  for (const [path, name] of [
    ['/hi/Toppers?session=All', 'कक्षा X के टॉपर'],
    ['/hi/ToppersXII?session=All', 'कक्षा XII के टॉपर'],
  ] as const) {
    await hindiPage(page, path);
    await expect(page.getByRole('combobox', { name: 'सत्र' })).toHaveValue('All');
    await expect(page.getByLabel('नाम से खोजें')).toBeVisible();
    await expect(page.getByRole('list', { name })).toBeVisible();
  }
});

test('a search in the news filters stays on /hi/news and answers in Hindi', async ({ page }) => {
  await page.goto('/hi/news');
  await page.getByLabel('शीर्षक से खोजें').fill('zzqqxxnothing');
  await expect(page.getByText('आपके फ़िल्टर से मेल खाते कोई समाचार नहीं मिले।')).toBeVisible();
  await expect(page).toHaveURL('/hi/news?year=All&month=All&q=zzqqxxnothing');
  await expect(page.getByRole('link', { name: 'फ़िल्टर हटाएँ' }).last()).toHaveAttribute('href', '/hi/news?year=All');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the news filters submit to /hi/news and the pages stay under /hi', async ({ page }) => {
    await page.goto('/hi/news');
    await page.getByRole('combobox', { name: 'प्रति पृष्ठ' }).selectOption('20');
    await page.getByRole('button', { name: 'फ़िल्टर लागू करें' }).click();
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/hi\/news\?year=All&month=All&size=20&q=$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    await expect(page.getByRole('status')).toContainText('समाचार');
    const next = page.getByRole('navigation', { name: 'समाचार के पृष्ठ' }).getByRole('link', { name: 'अगला पृष्ठ' });
    if ((await next.count()) > 0) await expect(next).toHaveAttribute('href', /^\/hi\/news\?/);
  });
});

test('the English news page keeps its English words', async ({ page }) => {
  await page.goto('/news');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await expect(page.getByText(/^Total News: \d+$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply filters' })).toBeVisible();
  await expect(page.getByPlaceholder('Search Here..')).toBeVisible();
  await expect(page.locator('.english-note')).toHaveCount(0);
  await expect(page.locator('[lang="en"]')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'News pages' }).getByText(/^Page 1 of \d+$/)).toBeVisible();
});
