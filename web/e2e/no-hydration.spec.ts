import { expect, test, type Page } from '@playwright/test';

// Information pages load no React (docs/decisions/0074): no module scripts or preloads, one inline
// script with the response's nonce, and the shell still works through it. The staff area keeps React.

const moduleScripts = (page: Page) => page.locator('script[type="module"], link[rel="modulepreload"]');
const menu = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('an information page ships no React, only the shell script with the CSP nonce', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  const response = await page.goto('/about-us');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(moduleScripts(page)).toHaveCount(0);
  expect(scripts).toEqual([]);
  const nonce = /'nonce-([^']+)'/.exec(response?.headers()['content-security-policy'] ?? '')?.[1];
  expect(nonce).toBeTruthy();
  const inline = page.locator('body > script:not([type])');
  await expect(inline).toHaveCount(1);
  // Browsers hide a nonce from the DOM attribute; the property still holds it.
  expect(await inline.evaluate((el) => (el as HTMLScriptElement).nonce)).toBe(nonce);
});

test('the staff sign-in keeps React; the home page loads its island alone (decision 0078)', async ({ page }) => {
  await page.goto('/admin/login');
  expect(await moduleScripts(page).count()).toBeGreaterThan(0);
  expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(true);
  await page.goto('/');
  await expect(moduleScripts(page)).toHaveCount(1);
  await expect(page.locator('script[type="module"]')).toHaveAttribute('src', /\/assets\/island-home-/);
  expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false);
});

test('without React the menu opens, closes with Escape and returns focus (390 px)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/privacy');
  const toggle = menu(page).getByRole('button', { name: 'Menu' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const about = menu(page).getByRole('button', { name: 'About' });
  await about.click();
  await expect(about).toHaveAttribute('aria-expanded', 'true');
  await expect(menu(page).getByRole('link', { name: 'About Us', exact: true })).toBeVisible();
  // Opening another group closes the first.
  await menu(page).getByRole('button', { name: 'Facilities' }).click();
  await expect(about).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Escape');
  await expect(menu(page).getByRole('button', { name: 'Facilities' })).toBeFocused();
  await expect(menu(page).getByRole('link', { name: 'Library' })).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  await expect(about).toBeHidden();
});

test('without React a click outside closes an open submenu (1280 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/contactUs');
  const about = menu(page).getByRole('button', { name: 'About' });
  await about.click();
  await expect(menu(page).getByRole('link', { name: 'About Us', exact: true })).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(about).toHaveAttribute('aria-expanded', 'false');
  await expect(menu(page).getByRole('link', { name: 'About Us', exact: true })).toBeHidden();
});

// Listings, house tabs, tables and item pages load no React either (docs/decisions/0075): the same
// inline script runs their filters, tabs, table hints and Share on the server's HTML.

interface Titled {
  _id: string;
  title: string;
  date?: string | null;
}

test('listings, houses, tables and item pages ship no React', async ({ page, request }) => {
  const news = (await (await request.get('/api/news/STHSM')).json()) as Titled[];
  const events = (await (await request.get('/api/events/All/STHSM')).json()) as Titled[];
  const paths = ['/news', '/Events', '/gallery', '/VideoGallery', '/Toppers', '/ToppersXII', '/house', '/timings', '/primary-wing'];
  paths.push(`/news/item?id=${news[0]?._id}`, `/Events/item?id=${events[0]?._id}`);
  for (const path of paths) {
    const scripts: string[] = [];
    const listener = (r: { resourceType: () => string; url: () => string }) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    };
    page.on('request', listener);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(moduleScripts(page), path).toHaveCount(0);
    expect(scripts, path).toEqual([]);
    page.off('request', listener);
  }
});

test('without React, typing a search narrows the news in place: focus and text stay, Back leaves the page', async ({ page, request }) => {
  const news = (await (await request.get('/api/news/STHSM')).json()) as Titled[];
  const word = 'results';
  const matching = news.filter((n) => n.title.toLowerCase().includes(word));
  expect(matching.length).toBeGreaterThan(0);
  await page.goto('/about-us');
  await page.goto('/news?year=All');
  const box = page.getByRole('searchbox', { name: 'Search by title' });
  await box.pressSequentially(word, { delay: 40 });
  await expect(page).toHaveURL(/\/news\?year=All&month=All&q=results$/);
  await expect(page.getByRole('list', { name: 'News' }).getByRole('listitem')).toHaveCount(Math.min(10, matching.length));
  await expect(page.getByText(`Showing ${matching.length} of ${news.length} news items`)).toBeVisible();
  // The box was never replaced: it still has focus and every letter, and typing goes on.
  await expect(box).toBeFocused();
  await expect(box).toHaveValue(word);
  await page.keyboard.type(' zzz');
  await expect(page.getByText('No news items match your filters.')).toBeVisible();
  await expect(box).toHaveValue(`${word} zzz`);
  // The address was replaced, not pushed: Back goes to the page before.
  await page.goBack();
  await expect(page).toHaveURL(/\/about-us$/);
});

test('without React, a year picks its months, and a failed fetch still reaches the filtered page', async ({ page, request }) => {
  const news = (await (await request.get('/api/news/STHSM')).json()) as Titled[];
  const year = Math.max(...news.flatMap((n) => (n.date ? [new Date(n.date).getUTCFullYear()] : []))) - 1;
  await page.goto('/news?year=All');
  const month = page.getByRole('combobox', { name: 'Month', exact: true });
  await page.getByRole('combobox', { name: 'Year', exact: true }).selectOption(String(year));
  await expect(page).toHaveURL(new RegExp(`year=${year}&month=All$`));
  const months = new Set(
    news.filter((n) => n.date && new Date(n.date).getUTCFullYear() === year).map((n) => new Date(n.date ?? '').getUTCMonth()),
  );
  // "All" and the year's months, no more.
  await expect(month.getByRole('option')).toHaveCount(months.size + 1);
  // The network fails the script's fetch: the browser goes to the address itself.
  await page.route('**/news?*', (route) => (route.request().resourceType() === 'fetch' ? route.abort() : route.continue()));
  await page.getByRole('combobox', { name: 'Year', exact: true }).selectOption(String(year - 1));
  await expect(page).toHaveURL(new RegExp(`year=${year - 1}&month=All$`));
  await expect(page.getByRole('combobox', { name: 'Year', exact: true })).toHaveValue(String(year - 1));
  const ofYear = news.filter((n) => n.date && new Date(n.date).getUTCFullYear() === year - 1);
  await expect(page.getByRole('list', { name: 'News' }).getByRole('listitem')).toHaveCount(Math.min(10, ofYear.length));
});

test('without React the house tabs follow the arrows, Home and End, and the address names the house', async ({ page }) => {
  await page.goto('/house');
  const tabs = page.getByRole('tab');
  const count = await tabs.count();
  expect(count).toBeGreaterThan(2);
  await tabs.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toBeFocused();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toHaveCount(1);
  const second = (await tabs.nth(1).textContent())?.trim() ?? '';
  await expect(page.getByRole('tabpanel', { name: second })).toBeVisible();
  await expect(page).toHaveURL(/\?house=[a-z]+$/);
  await page.keyboard.press('End');
  await expect(tabs.nth(count - 1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.first()).toHaveAttribute('tabindex', '0');
  await expect(tabs.nth(count - 1)).toHaveAttribute('tabindex', '-1');
  // A click selects in place; a reload keeps the house.
  await tabs.nth(2).click();
  const third = (await tabs.nth(2).textContent())?.trim() ?? '';
  await page.reload();
  await expect(page.getByRole('tabpanel', { name: third })).toBeVisible();
});

test('without React the sideways-scroll hint shows at 320 px and is kept but invisible where the table fits', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/primary-wing');
  const hint = page.getByText('Scroll sideways for every column').first();
  await expect(hint).toBeVisible();
  await page.setViewportSize({ width: 760, height: 800 });
  await page.goto('/timings');
  const hints = page.locator('.table-hint');
  const fits = page.locator('.table-wrap--hinted').evaluateAll((wraps) => wraps.map((w) => w.scrollWidth <= w.clientWidth + 1));
  const idle = hints.evaluateAll((all) => all.map((h) => h.classList.contains('table-hint--idle')));
  await expect.poll(async () => JSON.stringify(await idle)).toBe(JSON.stringify(await fits));
});

test('without React, Share on a news item copies its address and says so', async ({ browser, request, baseURL }) => {
  const item = ((await (await request.get('/api/news/STHSM')).json()) as Titled[])[0];
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  // A desktop browser without navigator.share (Chromium on Linux has none).
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
  await page.goto(`/news/item?id=${item?._id}`);
  await page.getByRole('link', { name: `Share: ${item?.title}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/news/item?id=${item?._id}`);
  await context.close();
});

test('/alumni loads no React: one small island module checks the form, and a post that cannot leave keeps every value', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/alumni');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
  await expect.poll(() => scripts).toHaveLength(1);
  expect(scripts[0]).toMatch(/^\/assets\/island-alumni-[\w-]+\.js$/);
  const gzip = await page.request.get(scripts[0] ?? '', { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  const bytes = Number(gzip.headers()['content-length']);
  console.log(`alumni island: ${(bytes / 1024).toFixed(1)} KB gzip`);
  expect(bytes).toBeLessThan(50 * 1024);
  // The island runs: an empty Submit sends nothing and lists the messages.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: /^Please correct \d+ fields:$/ })).toBeVisible();
  // The network drops the post: a clear message, the button usable again, nothing typed lost.
  await page.getByRole('textbox', { name: 'Your name' }).fill('Asha Verma');
  await expect(page.getByRole('textbox', { name: 'Your name' })).not.toHaveAttribute('aria-invalid', 'true');
  for (const [label, value] of [
    ['Batch you joined', '2004 to 2005'],
    ['Batch you left', '2015 to 2016'],
  ] as const)
    await page.getByRole('combobox', { name: label }).selectOption(value);
  await page.getByRole('combobox', { name: 'Class you joined' }).selectOption('5');
  await page.getByRole('combobox', { name: 'Last class you studied' }).selectOption('12');
  await page.getByRole('textbox', { name: 'Ward’s name' }).fill('Riya Verma');
  await page.getByRole('combobox', { name: 'Ward’s class' }).selectOption('3');
  await page.getByRole('textbox', { name: 'Email' }).fill('asha.offline@example.org');
  await page.getByRole('textbox', { name: 'Mobile' }).fill('+91 98765-43210');
  await page.getByRole('textbox', { name: 'Location (town or city)' }).fill('Mahimnagar');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Lake Road');
  await page.getByRole('combobox', { name: 'Profession' }).selectOption('8');
  await page.route('**/alumni', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'We could not reach the school’s server' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveValue('Asha Verma');
  await expect(page.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue('12 Lake Road');
  await expect(page.getByRole('combobox', { name: 'Profession' })).toHaveValue('8');
});

test('an album and the library load no React: a small island opens the lightbox on the first press', async ({ page, request }) => {
  const albums = (await (await request.get('/api/gallery/all/STHSM')).json()) as Array<Titled & { attachments: string[] }>;
  const album = albums.find((a) => a.attachments.length > 2);
  expect(album).toBeDefined();
  for (const path of [`/SubGallery?id=${album?._id}`, '/library']) {
    const scripts: string[] = [];
    const listener = (r: { resourceType: () => string; url: () => string }) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    };
    page.on('request', listener);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // The first load: the photos island and the import helper it shares with the home island, ~2 KB
    // together; no React, no lightbox.
    expect(scripts, path).toEqual([
      expect.stringMatching(/^\/assets\/island-photos-[\w-]+\.js$/),
      expect.stringMatching(/^\/assets\/island-preload-helper-[\w-]+\.js$/),
    ]);
    let bytes = 0;
    for (const script of scripts) {
      const answer = await page.request.get(script, { headers: { 'accept-encoding': 'gzip' } });
      bytes += Number(answer.headers()['content-length'] ?? (await answer.body()).length);
    }
    expect(bytes, path).toBeLessThan(5 * 1024);
    const photos = page
      .getByRole('list', { name: / photos$/ })
      .first()
      .getByRole('link');
    await photos.nth(1).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/^2 \/ \d+$/)).toBeVisible();
    expect(
      scripts.some((s) => /lightbox-view/.test(s)),
      path,
    ).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(photos.nth(1)).toBeFocused();
    // A second press opens it again, at that photo.
    await photos.first().click();
    await expect(page.getByRole('dialog').getByText(/^1 \/ \d+$/)).toBeVisible();
    await page.keyboard.press('Escape');
    page.off('request', listener);
  }
});
