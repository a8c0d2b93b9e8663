import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';

// Issue 17: the lightbox on a phone. The "2 / 4" counter never covers a toolbar control at any
// phone width, and after full screen focus goes back to the photo that opened the lightbox.

async function albumPath(request: APIRequestContext): Promise<{ path: string; title: string; total: number }> {
  const albums = (await (await request.get('/api/gallery/all/STHSM')).json()) as Array<{
    _id: string;
    title: string;
    category: string;
    attachments: string[];
  }>;
  const album = albums.find((a) => a.category === 'PhotoGallery' && a.attachments.length >= 3);
  if (!album) throw new Error('the seed has an album with photos');
  return { path: `/SubGallery?id=${album._id}`, title: album.title, total: album.attachments.length };
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  return box;
}

for (const width of [320, 360, 390, 768]) {
  test(`at ${width} px the counter overlaps no toolbar control, and every control is on screen`, async ({ page, request }) => {
    const album = await albumPath(request);
    await page.setViewportSize({ width, height: 800 });
    await page.goto(album.path);
    await page
      .getByRole('list', { name: `${album.title} photos` })
      .getByRole('link')
      .nth(1)
      .click();
    const dialog = page.getByRole('dialog');
    const counter = dialog.getByText(`2 / ${album.total}`, { exact: true });
    await expect(counter).toBeVisible();
    const counterBox = await boxOf(counter);
    const buttons = dialog.locator('.yarl__toolbar').getByRole('button');
    expect(await buttons.count()).toBeGreaterThanOrEqual(9);
    for (const button of await buttons.all()) {
      const name = (await button.getAttribute('aria-label')) ?? (await button.getAttribute('title')) ?? '?';
      const box = await boxOf(button);
      expect(overlaps(counterBox, box), `${name} under the counter`).toBe(false);
      expect(box.x, `${name} on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${name} on screen`).toBeLessThanOrEqual(width);
    }
  });
}

test('after full screen, closing returns focus to the photo that opened the lightbox', async ({ page, request }) => {
  const album = await albumPath(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(album.path);
  const opener = page
    .getByRole('list', { name: `${album.title} photos` })
    .getByRole('link')
    .nth(2);
  await opener.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Enter Fullscreen' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await dialog.getByRole('button', { name: 'Exit Fullscreen' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(false);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('closing while in full screen leaves full screen and returns focus to the photo', async ({ page, request }) => {
  const album = await albumPath(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(album.path);
  const opener = page
    .getByRole('list', { name: `${album.title} photos` })
    .getByRole('link')
    .nth(1);
  await opener.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Enter Fullscreen' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(false);
  await expect(opener).toBeFocused();
});
