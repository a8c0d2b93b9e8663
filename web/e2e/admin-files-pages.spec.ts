import { expect, test } from '@playwright/test';
import path from 'node:path';
import { addStaff, signIn } from './admin-helpers';
import { uploadAll } from './media-helpers';
import { makeSmallPhotos } from './support/media-photos';
import { onOwnServer } from './support/own-server';

// A picture of an information page chosen from the library at 390 px (issue 30 item 2): the About
// Us page's image gets a library photo through the form's picker, is published, and the public page
// shows it (with the photo's own size). On a server of its own (E2E_PORT + 6): it publishes a page.

const { dataDir } = onOwnServer({ offset: 6, name: 'files-pages' });
test.use({ viewport: { width: 390, height: 844 } });

test("an information page's image is chosen from the library and shows on the public page", async ({ page }) => {
  test.setTimeout(120_000);
  const [photo] = (await makeSmallPhotos(`pagefile${Date.now().toString(36)}`, 1)) as [string];
  const name = path.basename(photo);
  await signIn(page, addStaff('editor', { dataDir }));
  await page.goto('/admin/media');
  await uploadAll(page, [photo]);

  await page.goto('/admin/pages/about-us');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit: About Us' })).toBeVisible();
  const image = page.getByRole('group', { name: 'Image', exact: true });
  const file = image.getByRole('group', { name: 'File' });
  await expect(file.getByRole('list', { name: 'Chosen for File' }).getByRole('listitem')).toHaveCount(1);
  await file.getByRole('button', { name: 'Choose another photo from the library' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a photo from the library' });
  await picker.getByLabel('Search the library').fill(name);
  await picker.getByLabel('Search the library').press('Enter');
  await picker.getByRole('radio', { name: new RegExp(name) }).check();
  await picker.getByRole('button', { name: 'Choose this photo' }).click();
  await expect(file.getByRole('link', { name })).toBeVisible();
  await image.getByLabel('Image description (alt text)').fill('Pupils in the new science lab');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Image', exact: true }).getByRole('link', { name })).toBeVisible();

  await page.goto('/about-us');
  const shown = page.getByRole('img', { name: 'Pupils in the new science lab' });
  await expect(shown).toBeVisible();
  // makeSmallPhotos' photos are 480×360: the page reserves the photo's own shape.
  expect(Number(await shown.getAttribute('width')) / Number(await shown.getAttribute('height'))).toBeCloseTo(480 / 360, 2);
});
