import { expect, test, type APIRequestContext } from '@playwright/test';
import { fill, validEntry } from './alumni-form';
import { skipNotificationModal } from './home-helpers';
import { holdScript, loadsReact, slowPhone, started, STARTED } from './support/slow-phone';

// Issue 17 "Done when": on a phone-class CPU (6× slower) with the scripts arriving well after the
// HTML, a visitor acts as soon as the page appears (domcontentloaded) — picks a year, types a
// search and presses Enter, submits the alumni form, switches a house tab — and each gesture has
// exactly the effect it has once the page has finished starting. Nothing is silently undone.
// The news and house pages load no React (docs/decisions/0075): no script is held back there, as
// there is none to hold; their one inline script runs with the HTML, before domcontentloaded.

interface News {
  title: string;
  date?: string | null;
}

async function newsOfYear(request: APIRequestContext): Promise<{ year: number; titles: string[] }> {
  const news = (await (await request.get('/api/news/STHSM')).json()) as News[];
  const years = news.flatMap((n) => (n.date ? [new Date(n.date).getUTCFullYear()] : []));
  const year = Math.max(...years) - 1;
  const titles = news.filter((n) => n.date && new Date(n.date).getUTCFullYear() === year).map((n) => n.title);
  return { year, titles };
}

test.describe('on a slow phone, acting before the page has started', () => {
  test.setTimeout(60_000);

  test('news: a year picked and a search typed and entered are both kept', async ({ page, request }) => {
    const { year, titles } = await newsOfYear(request);
    const word = (titles[0] ?? '').split(/\s+/).find((w) => w.length > 4) ?? '';
    expect(word).not.toBe('');
    const expected = titles.filter((t) => t.toLowerCase().includes(word.toLowerCase())).slice(0, 10);
    const phone = await slowPhone(page);
    await page.goto('/news', { waitUntil: 'domcontentloaded' });
    await page.getByRole('combobox', { name: 'Year', exact: true }).selectOption(String(year));
    await page.getByRole('searchbox', { name: 'Search by title' }).fill(word);
    await page.getByRole('searchbox', { name: 'Search by title' }).press('Enter');
    expect(await loadsReact(page)).toBe(false);
    expect(phone.held()).toBe(0);
    await expect(page).toHaveURL(new RegExp(`year=${year}.*q=${encodeURIComponent(word)}`), STARTED);
    await started(page);
    await expect(page.getByRole('combobox', { name: 'Year', exact: true })).toHaveValue(String(year));
    await expect(page.getByRole('searchbox', { name: 'Search by title' })).toHaveValue(word);
    await expect(page.getByRole('list', { name: 'News' }).getByRole('heading', { level: 2 })).toHaveText(expected, STARTED);
  });

  test('alumni: a submit clicked while the page starts posts the form and shows the answer', async ({ page }) => {
    const entry = validEntry(`slow${Date.now()}`);
    await page.goto('/alumni');
    await started(page);
    // Fill at normal speed (typing is not the point), then reload slowly and act before hydration.
    await page.getByRole('button', { name: 'Submit' }).waitFor();
    await slowPhone(page);
    await page.goto('/alumni', { waitUntil: 'domcontentloaded' });
    await fill(page, entry);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Your Form Submitted Successfully.')).toBeVisible(STARTED);
  });

  test('alumni: an empty submit clicked while the page starts shows the required messages', async ({ page }) => {
    await slowPhone(page);
    await page.goto('/alumni', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Please correct 12 fields:' })).toBeVisible(STARTED);
    await expect(page.getByRole('textbox', { name: 'Mobile', exact: true })).toHaveAccessibleDescription(/Mobile is required\./, STARTED);
  });

  test('houses: a tab clicked while the page starts selects that house, and stays selected', async ({ page }) => {
    const phone = await slowPhone(page);
    await page.goto('/house', { waitUntil: 'domcontentloaded' });
    await page.getByRole('tab', { name: 'St. Joseph' }).click();
    expect(await loadsReact(page)).toBe(false);
    expect(phone.held()).toBe(0);
    await expect(page).toHaveURL(/\?house=joseph$/, STARTED);
    await started(page);
    await expect(page.getByRole('tab', { name: 'St. Joseph' })).toHaveAttribute('aria-selected', 'true', STARTED);
    await expect(page.getByRole('tabpanel', { name: 'St. Joseph' })).toBeVisible();
    await expect(page.getByRole('tabpanel')).toHaveCount(1);
    // And once started, another tab still works in place.
    await page.getByRole('tab', { name: "Mother Teresa's" }).click();
    await expect(page.getByRole('tabpanel', { name: "Mother Teresa's" })).toBeVisible();
    await expect(page).toHaveURL(/house=/);
  });

  test('home: Notices opens the notices and Close closes them before the page\u2019s script has run', async ({ page }) => {
    await skipNotificationModal(page);
    await slowPhone(page);
    // The home island is held until the notices have been opened and closed: the browser alone does it.
    const island = await holdScript(page, '**/assets/island-home-*.js');
    try {
      await page.goto('/', { waitUntil: 'commit' });
      const notices = page.getByRole('button', { name: /Notices/ });
      const dialog = page.getByRole('dialog', { name: 'Notifications' });
      await notices.click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Close notifications' }).click();
      await expect(dialog).toBeHidden();
      await expect(notices).toBeFocused();
      // Nothing of the island has run yet, and React never loads here: the carousels' controls,
      // which only the island answers, are not offered yet (no button pressed in vain).
      await expect(page.getByRole('button', { name: 'Pause news ticker' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Next slide of School photos' })).toBeHidden();
      expect(await loadsReact(page)).toBe(false);
      island.release();
      await started(page);
      await expect(page.getByRole('button', { name: 'Pause news ticker' })).toBeVisible(STARTED);
      await expect(page.getByRole('button', { name: 'Next slide of School photos' })).toBeVisible();
      await notices.click();
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(notices).toBeFocused();
    } finally {
      island.release();
    }
  });

  test('album: a photo pressed before the page\u2019s script has run opens in the lightbox once it has', async ({ page, request }) => {
    const albums = (await (await request.get('/api/gallery/all/STHSM')).json()) as Array<{ _id: string; attachments: string[] }>;
    const album = albums.find((a) => a.attachments.length > 2);
    expect(album).toBeDefined();
    await slowPhone(page);
    const island = await holdScript(page, '**/assets/island-photos-*.js');
    try {
      await page.goto(`/SubGallery?id=${album?._id}`, { waitUntil: 'commit' });
      const photos = page
        .getByRole('list', { name: / photos$/ })
        .first()
        .getByRole('link');
      await photos.nth(1).click();
      // Held, not followed: the page stays, and no viewer yet.
      await expect(page.getByRole('dialog')).toHaveCount(0);
      expect(new URL(page.url()).pathname).toBe('/SubGallery');
      island.release();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible(STARTED);
      await expect(dialog.getByText(/^2 \/ \d+$/)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(photos.nth(1)).toBeFocused();
    } finally {
      island.release();
    }
  });
});
