import { expect, test } from '@playwright/test';
// exifr's CommonJS build has no named exports under Playwright's loader: use its default.
import exifr from 'exifr';

interface Album {
  _id: string;
  title: string;
  category: string;
  attachments: string[];
}

async function firstAlbum(request: import('@playwright/test').APIRequestContext): Promise<Album> {
  const albums = (await (await request.get('/api/gallery/all/STHSM')).json()) as Album[];
  const album = albums.find((a) => a.category === 'PhotoGallery' && a.attachments.length >= 3);
  if (!album) throw new Error('the seed has an album with photos');
  return album;
}

test('the lightbox loads on first open, moves by keyboard, wraps, zooms and returns focus', async ({ page, request }) => {
  const album = await firstAlbum(request);
  const total = album.attachments.length;
  const lightboxChunks: string[] = [];
  page.on('request', (r) => {
    if (/lightbox-view/.test(r.url())) lightboxChunks.push(r.url());
  });
  await page.goto(`/SubGallery?id=${album._id}`);
  await page.waitForLoadState('networkidle');
  expect(lightboxChunks, 'no lightbox code in the first load').toEqual([]);

  const photos = page.getByRole('list', { name: `${album.title} photos` }).getByRole('link');
  const second = photos.nth(1);
  await second.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  expect(lightboxChunks.length).toBeGreaterThan(0);
  await expect(dialog.getByText(`2 / ${total}`, { exact: true })).toBeVisible();

  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByText(`1 / ${total}`, { exact: true })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByText(`${total} / ${total}`, { exact: true })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByText(`1 / ${total}`, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText(`2 / ${total}`, { exact: true })).toBeVisible();

  // Zoom in, then out again.
  const zoomOut = dialog.getByRole('button', { name: 'Zoom out' });
  await expect(zoomOut).toBeDisabled();
  await dialog.getByRole('button', { name: 'Zoom in' }).click();
  await expect(zoomOut).toBeEnabled();
  await zoomOut.click();
  await expect(zoomOut).toBeDisabled();

  // The toolbar has every control of SPEC §2.
  for (const name of ['Download', 'Play', 'Enter Fullscreen', 'Hide thumbnails', 'Hide captions', 'Image details', 'Close']) {
    await expect(dialog.getByRole('button', { name })).toBeVisible();
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(second).toBeFocused();
});

test('the details panel shows the photo EXIF: filename, time, resolution, ISO, f-number, shutter', async ({ page, request }) => {
  const album = await firstAlbum(request);
  const ref = album.attachments[0] as string;
  const bytes = await (await request.get(`/api/image/${ref}`)).body();
  // oxlint-disable-next-line import/no-named-as-default-member
  const tags = (await exifr.parse(bytes, { reviveValues: false })) as { ISO: number; FNumber: number; ExposureTime: number };
  expect(tags.ISO).toBeGreaterThan(0);

  await page.goto(`/SubGallery?id=${album._id}`);
  const first = page
    .getByRole('list', { name: `${album.title} photos` })
    .getByRole('link')
    .first();
  await first.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Image details' }).click();
  const panel = dialog.getByRole('complementary', { name: 'Image details' });
  await expect(panel.getByText('Filename')).toBeVisible();
  await expect(panel.getByText('Captured Time')).toBeVisible();
  await expect(panel.getByText(/^\d+ × \d+ px$/)).toBeVisible();
  await expect(panel.getByRole('definition').filter({ hasText: new RegExp(`^${tags.ISO}$`) })).toBeVisible();
  await expect(panel.getByText(`f/${Number(tags.FNumber.toFixed(1))}`, { exact: true })).toBeVisible();
  await expect(panel.getByText(`1/${Math.round(1 / tags.ExposureTime)} s`, { exact: true })).toBeVisible();

  // Closing resets the panel: it is gone when the lightbox opens again.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(first).toBeFocused();
  await first.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Image details' })).toHaveCount(0);
});

test('a click on the backdrop closes the lightbox', async ({ page, request }) => {
  const album = await firstAlbum(request);
  await page.goto(`/SubGallery?id=${album._id}`);
  await page
    .getByRole('list', { name: `${album.title} photos` })
    .getByRole('link')
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // Beside the photo, away from the arrows and the toolbar.
  await page.mouse.click(30, 120);
  await expect(dialog).toBeHidden();
});
