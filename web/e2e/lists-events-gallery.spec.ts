import { expect, test } from '@playwright/test';

interface Dated {
  _id: string;
  title: string;
  date?: string | null;
}
interface Album extends Dated {
  category: string;
  description: string;
  attachments: string[];
}
interface Event extends Dated {
  venue: string;
  location: string;
  time: string;
}

const yearOf = (r: Dated) => (r.date ? new Date(r.date).getUTCFullYear() : null);
const thisYear = new Date().getUTCFullYear();
/** Events show ten per page unless the URL asks for more (?size=); the gallery is not paged. */
const firstPage = (n: number) => Math.min(10, n);

test('events start on the current year, with venue and time on each card', async ({ page, request }) => {
  const events = (await (await request.get('/api/events/All/STHSM')).json()) as Event[];
  const current = events.filter((e) => yearOf(e) === thisYear);
  expect(current.length).toBeGreaterThan(0);
  await page.goto('/events');
  await expect(page.getByRole('combobox', { name: 'Year', exact: true })).toHaveValue(String(thisYear));
  const list = page.getByRole('list', { name: 'Events' });
  await expect(list.getByRole('listitem')).toHaveCount(firstPage(current.length));
  const first = list.getByRole('listitem').first();
  await expect(first.getByText('Venue')).toBeVisible();
  await expect(first.getByText('Time')).toBeVisible();

  await page.getByRole('combobox', { name: 'Year', exact: true }).selectOption('All');
  await expect(list.getByRole('listitem')).toHaveCount(firstPage(events.length));
  await page.getByPlaceholder('Search Here..').fill('christmas');
  const christmas = events.filter((e) => /christmas/i.test(e.title));
  await expect(list.getByRole('listitem')).toHaveCount(firstPage(christmas.length));
});

test('the gallery shows PhotoGallery albums only, newest first, from its default year', async ({ page, request }) => {
  const albums = ((await (await request.get('/api/gallery/all/STHSM')).json()) as Album[]).filter((a) => a.category === 'PhotoGallery');
  const defaultYear = albums.some((a) => yearOf(a) === thisYear) ? thisYear : thisYear - 1;
  const shown = albums.filter((a) => yearOf(a) === defaultYear);
  await page.goto('/gallery');
  await expect(page.getByRole('combobox', { name: 'Year', exact: true })).toHaveValue(String(defaultYear));
  const list = page.getByRole('list', { name: 'Albums' });
  await expect(list.getByRole('listitem')).toHaveCount(shown.length);
  await expect(list.getByRole('heading', { level: 2 }).first()).toHaveText(shown[0]?.title ?? '');
  // Months run January to December by name.
  const months = await page.getByRole('combobox', { name: 'Month', exact: true }).locator('option').allTextContents();
  const order = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  const named = months.slice(1);
  expect(months[0]).toBe('All');
  expect(named).toEqual([...named].sort((a, b) => order.indexOf(a) - order.indexOf(b)));

  await page.getByRole('combobox', { name: 'Year', exact: true }).selectOption('All');
  await expect(list.getByRole('listitem')).toHaveCount(albums.length);
});

test('an album opens from the gallery with its dates, count and photos', async ({ page, request }) => {
  const albums = ((await (await request.get('/api/gallery/all/STHSM')).json()) as Album[]).filter((a) => a.category === 'PhotoGallery');
  const album = albums[0];
  expect(album).toBeDefined();
  if (!album?.date) throw new Error('the newest album has a date in the seed');
  const d = new Date(album.date);
  const dashed = `${String(d.getUTCDate()).padStart(2, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`;
  const british = dashed.replaceAll('-', '/');

  await page.goto('/gallery?year=All');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: album.title, exact: true }) });
  await expect(card.getByText(dashed)).toBeVisible();
  await expect(card.getByText(`${album.attachments.length} photos`)).toBeVisible();
  await card.getByRole('link', { name: `View Album: ${album.title}` }).click();

  await expect(page).toHaveURL(`/SubGallery?id=${album._id}`);
  await expect(page.getByRole('heading', { level: 1, name: album.title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Gallery' })).toBeVisible();
  await expect(page.getByText('Event Date')).toBeVisible();
  await expect(page.getByText(british).first()).toBeVisible();
  await expect(page.getByText('Updated On')).toBeVisible();
  await expect(page.getByText('Total Photos')).toBeVisible();
  await expect(page.getByRole('list', { name: `${album.title} photos` }).getByRole('link')).toHaveCount(album.attachments.length);
});

test('an unknown or missing album id lands on /error', async ({ page }) => {
  await page.goto('/SubGallery?id=no-such-album');
  await expect(page).toHaveURL(/\/error$/);
  await page.goto('/SubGallery');
  await expect(page).toHaveURL(/\/error$/);
});
