import { expect, type Page } from '@playwright/test';

// Steps the media library's browser tests share (admin-media*.spec.ts).

/** Creates a draft album through its form; returns its id. */
export async function newAlbum(page: Page, title: string): Promise<string> {
  await page.goto('/admin/albums/new');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Date', { exact: true }).fill('2025-08-14');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** Chooses files in the page's uploader and waits until every one has arrived. */
export async function uploadAll(page: Page, files: readonly string[]): Promise<void> {
  await page.getByLabel('Choose files').setInputFiles([...files]);
  const n = files.length;
  await expect(page.getByText(`Finished ${n} ${n === 1 ? 'file' : 'files'}: ${n} uploaded.`)).toBeVisible({ timeout: 60_000 });
}

/** The names of an album form's photos, in order. */
export async function photoOrder(page: Page): Promise<string[]> {
  const names = await page.getByRole('list', { name: 'Photos in this album' }).locator('.album-photo__name').allTextContents();
  return names.map((n) =>
    n
      .replace(/^\d+\.\s*/, '')
      .replace(/\s*Cover$/, '')
      .trim(),
  );
}
