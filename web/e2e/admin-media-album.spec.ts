import { expect, test } from '@playwright/test';
import path from 'node:path';
import { addStaff, signIn } from './admin-helpers';
import { newAlbum, photoOrder, uploadAll } from './media-helpers';
import { makeSmallPhotos } from './support/media-photos';

// The album form's Photos section and a library file's page on Chromium (issue 15 items 4–5):
// add from the library through the picker and straight from an upload, reorder by keyboard with
// each move announced and the focus kept, Make cover, and the order persists; a file's alt text
// is saved on its page; deleting a used file is refused with the places it is used.

const name = (file: string) => path.basename(file);

test('photos added from the library and from an upload, reordered by keyboard, keep their order and cover', async ({ page }) => {
  test.setTimeout(120_000);
  const [a, b, c] = (await makeSmallPhotos(`order${Date.now().toString(36)}`, 3)) as [string, string, string];
  await signIn(page, addStaff('editor'));

  // One photo goes into the library first; the album takes it from there.
  await page.goto('/admin/media');
  await uploadAll(page, [c]);
  await expect(page.getByRole('list', { name: 'Files' }).getByRole('link', { name: new RegExp(name(c)) })).toBeVisible();

  await newAlbum(page, `Reorder ${Date.now().toString(36)}`);
  await uploadAll(page, [a, b]);
  await page.getByRole('button', { name: 'Add from the library' }).click();
  const picker = page.getByRole('dialog', { name: 'Add photos from the library' });
  await picker.getByLabel('Search the library').fill(name(c));
  await picker.getByLabel('Search the library').press('Enter');
  await picker.getByRole('checkbox', { name: new RegExp(name(c)) }).check();
  await picker.getByRole('button', { name: 'Add 1 photo' }).click();
  await expect(picker).toBeHidden();
  expect(await photoOrder(page)).toEqual([name(a), name(b), name(c)]);
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  // Keyboard: the moved photo's button keeps the focus; every move is announced.
  const moveDownA = page.getByRole('button', { name: `Move down: ${name(a)}` });
  await moveDownA.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${name(a)} moved to position 2 of 3.`)).toBeAttached();
  await expect(moveDownA).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${name(a)} moved to position 3 of 3.`)).toBeAttached();
  await page.getByRole('button', { name: `Make cover: ${name(c)}` }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(`${name(c)} is now the cover.`)).toBeAttached();
  expect(await photoOrder(page)).toEqual([name(c), name(b), name(a)]);

  await page.getByRole('button', { name: 'Save draft' }).click();
  // 'Saved.' is already on the page from creating the album: wait for the saved version.
  await expect(page.getByText('Status: Draft · version 2')).toBeVisible();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.reload();
  expect(await photoOrder(page)).toEqual([name(c), name(b), name(a)]);
  await expect(page.getByRole('list', { name: 'Photos in this album' }).getByRole('listitem').first()).toContainText('Cover');
});

test("a file's alt text is saved on its page; a used file is not deleted and the page says where it is used", async ({ page }) => {
  test.setTimeout(90_000);
  const [photo] = (await makeSmallPhotos(`used${Date.now().toString(36)}`, 1)) as [string];
  const title = `Used ${Date.now().toString(36)}`;
  await signIn(page, addStaff('editor'));
  const albumId = await newAlbum(page, title);
  await uploadAll(page, [photo]);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();

  // The library's filters live in the URL: photos of this album still missing alt text.
  await page.goto('/admin/media');
  await page.getByLabel('Type').selectOption('image');
  await page.getByLabel('Album').selectOption(albumId);
  await page.getByLabel('Missing alt text only').check();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/type=image/);
  await expect(page).toHaveURL(/missingAlt=1/);
  await expect(page.getByText('1 file.')).toBeVisible();
  await page.getByRole('link', { name: new RegExp(name(photo)) }).click();
  await expect(page.getByRole('heading', { level: 1, name: name(photo) })).toBeVisible();

  await page.getByLabel('Alt text', { exact: true }).fill('Children planting a tree');
  await page.getByLabel('Caption', { exact: true }).fill('Planting day');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(page.getByLabel('Alt text', { exact: true })).toHaveValue('Children planting a tree');

  await page.getByRole('button', { name: 'Delete' }).click();
  const refused = page.getByRole('region', { name: 'Not deleted' });
  await expect(refused).toBeVisible();
  await expect(refused.getByRole('link', { name: new RegExp(title) })).toHaveAttribute('href', `/admin/albums/${albumId}`);

  // Missing-alt filter no longer lists it.
  await page.goto(`/admin/media?album=${albumId}&missingAlt=1`);
  await expect(page.getByText('0 files.')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('one file goes up through the plain form, then gets its alt text', async ({ page }) => {
    const [photo] = (await makeSmallPhotos(`nojs${Date.now().toString(36)}`, 1)) as [string];
    await signIn(page, addStaff('editor'));
    await page.goto('/admin/media');
    await page.getByLabel('File', { exact: true }).setInputFiles(photo);
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Uploaded. Add its alt text so it can be published.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: name(photo) })).toBeVisible();
    await page.getByLabel('Alt text', { exact: true }).fill('A sunny playground');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
  });
});
