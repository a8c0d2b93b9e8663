import { expect, test, type Page } from '@playwright/test';
import { addStaff, signIn } from './admin-helpers';
import { newAlbum, uploadAll } from './media-helpers';
import { makeSmallPhotos } from './support/media-photos';
import { axeBuilder } from './support/axe';

// axe-core (WCAG 2.2 AA) on the media screens at 390 and 1280 px, in the states a person sees:
// the library with files and finished uploads, one file, the album form with photos, the library
// picker open; and nothing wider than a 320 px phone.

async function problems(page: Page, what: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const { violations } = await axeBuilder(page).analyze();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  return [
    ...violations.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    ...(overflow > 0 ? [`${what}: ${overflow}px wider than the screen`] : []),
  ];
}

for (const width of [320, 390, 1280]) {
  test(`the media screens at ${width} px: no axe violation, nothing wider than the screen`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width < 600 ? 780 : 900 });
    const photos = await makeSmallPhotos(`a11y${width}`, 2);
    await signIn(page, addStaff('editor'));
    const found: string[] = [];

    await page.goto('/admin/media');
    found.push(...(await problems(page, 'empty-or-not library')));
    await uploadAll(page, photos);
    found.push(...(await problems(page, 'library after uploads')));
    await page.reload();
    await page.getByRole('list', { name: 'Files' }).getByRole('link').first().click();
    await expect(page.getByLabel('Alt text', { exact: true })).toBeVisible();
    found.push(...(await problems(page, 'one file')));

    await newAlbum(page, `Axe ${width} ${Date.now().toString(36)}`);
    await uploadAll(page, photos);
    found.push(...(await problems(page, 'album with photos')));
    await page.getByRole('button', { name: 'Add from the library' }).click();
    await expect(page.getByRole('dialog', { name: 'Add photos from the library' }).getByRole('checkbox').first()).toBeVisible();
    found.push(...(await problems(page, 'library picker')));
    expect(found).toEqual([]);
  });
}
