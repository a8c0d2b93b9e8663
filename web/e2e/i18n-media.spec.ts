import { expect, test, type APIRequestContext } from '@playwright/test';
import { englishLeft } from './support/i18n';

// Issue 35: the home page, the photo gallery, an album and the video gallery in Hindi. Their words
// (headings, buttons, names of controls, placeholders, counts, dates) are Hindi; what the school
// wrote stays English, marked lang="en"; the notices and the lightbox work with Hindi names.
// Checked: what this part writes. Not here: the shell (i18n-shell.spec.ts), the listings' filter
// form, the page header, Share and the topper cards' result lines (shared components translated
// with their own pages).

/** The home page's own parts, without the topper cards (components/topper-parts.tsx, the toppers page's). */
const HOME = [
  'main .home-banner',
  'main .home-slider',
  'main .home-vision',
  'main .home-about',
  'main .home-news',
  'main .home-events',
  'main .home-principal',
  'main .home-facilities',
  'main .home-activities',
  'main .home-birthdays',
  'main .home-toppers .home-section__head',
  'main .home-toppers__head',
  'main .home-toppers .carousel__bar',
  'main .home-gallery',
].join(', ');

interface Album {
  _id: string;
  title: string;
  category: string;
  attachments: string[];
}

async function albumWithPhotos(request: APIRequestContext): Promise<Album> {
  const albums = (await (await request.get('/api/gallery/all/STHSM')).json()) as Album[];
  const album = albums.find((a) => a.category === 'PhotoGallery' && a.attachments.length >= 3);
  if (!album) throw new Error('the seed has an album with photos');
  return album;
}

test('the Hindi home page: Hindi sections, the school text marked English, the notices in Hindi', async ({ page }) => {
  const response = await page.goto('/hi');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  for (const name of ['ताज़ा समाचार', 'कार्यक्रम और अपडेट', 'विद्यालय की सुविधाएँ', 'विद्यालय की गतिविधियाँ', 'गैलरी']) {
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'सभी समाचार देखें' })).toHaveAttribute('href', '/hi/news');
  await expect(page.locator('.english-note')).toHaveCount(1);
  await expect(page.locator('#home-title')).toHaveAttribute('lang', 'en');

  // The notices open by themselves once, with Hindi names, and close by their Hindi button.
  const dialog = page.getByRole('dialog', { name: 'सूचनाएँ' });
  await expect(dialog).toBeVisible();
  expect(await englishLeft(page, { within: 'dialog.notice-dialog' })).toEqual([]);
  await dialog.getByRole('button', { name: 'सूचनाएँ बंद करें' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: /^सूचनाएँ/ }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A carousel's controls, and the ticker's pause button once it moves.
  await expect(page.getByRole('button', { name: 'आगामी कार्यक्रम: अगली स्लाइड' })).toBeVisible();
  expect(await englishLeft(page, { within: HOME })).toEqual([]);
});

test('the English home page keeps its English words', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  for (const name of ['Latest News', 'Events & Updates', 'School Facilities', 'School Activities', 'Gallery']) {
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close notifications' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next slide of Upcoming events' })).toBeVisible();
  await expect(page.locator('.english-note')).toHaveCount(0);
  await expect(page.locator('[lang="en"]')).toHaveCount(0);
});

test('the Hindi photo gallery and video gallery', async ({ page }) => {
  expect((await page.goto('/hi/gallery'))?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  // The album's title is hidden text, marked English, in the link's name.
  const view = page.getByRole('link', { name: /^एल्बम देखें ?: \S/ }).first();
  await expect(view.locator('[lang="en"]')).toHaveCount(1);
  await expect(view).toHaveAttribute('href', /^\/hi\/SubGallery\?id=/);
  await expect(page.getByText(/^\d+ फ़ोटो$/).first()).toBeVisible();
  // The filter form is the shared listing's ("lists" translates it).
  expect(await englishLeft(page, { within: 'main .card-grid' })).toEqual([]);

  expect((await page.goto('/hi/VideoGallery'))?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.getByRole('list', { name: 'वीडियो' })).toBeVisible();
  expect(await englishLeft(page, { within: 'main .card-grid' })).toEqual([]);
});

test('a Hindi album: its facts in Hindi, and the lightbox opens with Hindi buttons', async ({ page, request }) => {
  const album = await albumWithPhotos(request);
  const total = album.attachments.length;
  expect((await page.goto(`/hi/SubGallery?id=${album._id}`))?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.getByRole('link', { name: 'गैलरी पर वापस जाएँ' })).toHaveAttribute('href', '/hi/gallery');
  await expect(page.getByText('कुल फ़ोटो', { exact: true })).toBeVisible();
  // The page's header (the album's title) and Share are shared components.
  expect(
    await englishLeft(page, { within: 'main .album .back-link, main .album__facts, main .photo-grid, main .album__description' }),
  ).toEqual([]);

  const photos = page.getByRole('list', { name: 'एल्बम की फ़ोटो' }).getByRole('link');
  await photos.nth(1).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`2 / ${total}`, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'अगली फ़ोटो' }).click();
  await expect(dialog.getByText(`3 / ${total}`, { exact: true })).toBeVisible();
  for (const name of ['डाउनलोड करें', 'स्लाइड शो चलाएँ', 'ज़ूम इन करें', 'फ़ोटो की जानकारी', 'बंद करें']) {
    await expect(dialog.getByRole('button', { name })).toBeVisible();
  }
  // Its buttons (the captions are the school's photos' own).
  expect(await englishLeft(page, { within: '.yarl__toolbar, .yarl__navigation_prev, .yarl__navigation_next' })).toEqual([]);
  await dialog.getByRole('button', { name: 'बंद करें' }).click();
  await expect(dialog).toBeHidden();
  await expect(photos.nth(1)).toBeFocused();
});
