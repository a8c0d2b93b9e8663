import { expect, test, type Locator, type Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addStaff, signIn } from './admin-helpers';
import { uploadAll } from './media-helpers';
import { axeViolations } from './support/axe';
import { makeSmallPhotos } from './support/media-photos';

// The file fields of item forms at 390 px (issue 30 item 2): a news item's photo chosen from the
// library and uploaded right in the form, with thumbnails, reordered and removed, published and
// linked from its public page; a notice PDF and a one-photo image on a notification; a pasted
// address refused under the field with the text kept; without JavaScript the references are
// typed, as copied from a file's page in the library, which shows its reference.

test.use({ viewport: { width: 390, height: 844 } });

const base = (file: string) => path.basename(file);
const tag = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 5);

function pdfFile(name: string): string {
  const file = path.join(os.tmpdir(), name);
  writeFileSync(file, `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${name}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
  return file;
}

/** The names of a file field's chosen files, in order. */
async function chosen(field: Locator): Promise<string[]> {
  const names = await field.locator('.file-refs__name').allTextContents();
  return names.map((n) => n.replace(/^\d+\.\s*/, '').trim());
}

/** Puts one file into the library from its page; returns the file's reference as its page shows it. */
async function intoLibrary(page: Page, file: string): Promise<string> {
  await page.goto('/admin/media');
  await uploadAll(page, [file]);
  await page
    .getByRole('list', { name: 'Files' })
    .getByRole('link', { name: new RegExp(base(file)) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: base(file) })).toBeVisible();
  const ref = await page.getByLabel('This file’s reference').inputValue();
  expect(ref).toMatch(/^m[0-9a-f]+$/);
  return ref;
}

test('a news item gets photos from the library and by upload, reordered and removed, and its public page links the photo', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const [fromLibrary, uploaded, third] = (await makeSmallPhotos(`files${tag()}`, 3)) as [string, string, string];
  const title = `Science fair ${tag()}`;
  await signIn(page, addStaff('editor'));
  const libraryRef = await intoLibrary(page, fromLibrary);

  await page.goto('/admin/news/new');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Date', { exact: true }).fill('2025-08-14');
  const field = page.getByRole('group', { name: 'Attachments' });
  await expect(field.getByText('No files chosen.')).toBeVisible();

  // From the library: a search dialog, tick, Add.
  await field.getByRole('button', { name: 'Add from the library' }).click();
  const picker = page.getByRole('dialog', { name: 'Add files from the library' });
  await picker.getByLabel('Search the library').fill(base(fromLibrary));
  await picker.getByLabel('Search the library').press('Enter');
  await expect(picker.getByText('1 file shown.')).toBeVisible();
  expect(await axeViolations(page, 'picker dialog at 390 px')).toEqual([]);
  await picker.getByRole('checkbox', { name: new RegExp(base(fromLibrary)) }).check();
  await picker.getByRole('button', { name: 'Add 1 file' }).click();
  await expect(picker).toBeHidden();
  await expect(field.getByRole('button', { name: 'Add from the library' })).toBeFocused();
  expect(await chosen(field)).toEqual([base(fromLibrary)]);
  const thumb = field.getByRole('list', { name: 'Chosen for Attachments' }).locator('img');
  await expect(thumb).toHaveAttribute('src', new RegExp(libraryRef));
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  // By upload, right in the form: two at once, both added (and said so), in the order chosen.
  await field.getByRole('button', { name: 'Upload files' }).click();
  await field.getByLabel('Choose files').setInputFiles([uploaded, third]);
  await expect(field.getByText('Finished 2 files: 2 uploaded.')).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => chosen(field)).toEqual([base(fromLibrary), base(uploaded), base(third)]);
  await expect(page.getByText(/added to Attachments \(3 in all\)/)).toBeAttached();

  // Reorder by keyboard (the moved file keeps the focus), then remove one.
  const down = field.getByRole('button', { name: `Move down: ${base(fromLibrary)}` });
  await down.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${base(fromLibrary)} moved to position 2 of 3.`)).toBeAttached();
  await expect(down).toBeFocused();
  await field.getByRole('button', { name: `Move up: ${base(third)}` }).click();
  expect(await chosen(field)).toEqual([base(uploaded), base(third), base(fromLibrary)]);
  await field.getByRole('button', { name: `Remove: ${base(third)}` }).click();
  await expect(page.getByText(`${base(third)} removed from Attachments. Save to keep the change.`)).toBeAttached();
  expect(await chosen(field)).toEqual([base(uploaded), base(fromLibrary)]);
  expect(await axeViolations(page, 'news form with files at 390 px')).toEqual([]);

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(page.getByText(/Status: Published/)).toBeVisible();
  expect(await chosen(page.getByRole('group', { name: 'Attachments' }))).toEqual([base(uploaded), base(fromLibrary)]);

  // The public page links the first photo, and it is served.
  const visitor = await page.context().browser()!.newContext();
  try {
    const anonymous = await visitor.newPage();
    await anonymous.goto(`/news?q=${encodeURIComponent(title)}`);
    await anonymous.getByRole('link', { name: title, exact: true }).click();
    await expect(anonymous.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const link = anonymous.getByRole('link', { name: `View Attachment: ${title} (opens in a new tab)` });
    const href = (await link.getAttribute('href')) ?? '';
    const photo = await anonymous.request.get(href);
    expect(photo.status()).toBe(200);
    expect(photo.headers()['content-type']).toMatch(/^image\//);
  } finally {
    await visitor.close();
  }
});

test('a notification gets a notice PDF and one photo; a new photo replaces the one chosen', async ({ page }) => {
  test.setTimeout(120_000);
  const t = tag();
  const notice = pdfFile(`Fee-notice-${t}.pdf`);
  const [first, second] = (await makeSmallPhotos(`notif${t}`, 2)) as [string, string];
  await signIn(page, addStaff('editor'));
  await intoLibrary(page, first);

  await page.goto('/admin/notifications/new');
  await page.getByLabel('Title', { exact: true }).fill(`Fees due ${t}`);
  const image = page.getByRole('group', { name: 'Image' });
  await image.getByRole('button', { name: 'Choose a photo from the library' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a photo from the library' });
  await picker.getByLabel('Search the library').fill(base(first));
  await picker.getByLabel('Search the library').press('Enter');
  await picker.getByRole('radio', { name: new RegExp(base(first)) }).check();
  await picker.getByRole('button', { name: 'Choose this photo' }).click();
  expect(await chosen(image)).toEqual([base(first)]);
  // One photo only: an upload replaces it.
  await image.getByRole('button', { name: 'Upload a photo' }).click();
  await image.getByLabel('Choose files').setInputFiles(second);
  await expect(image.getByText('Finished 1 file: 1 uploaded.')).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => chosen(image)).toEqual([base(second)]);

  const attachments = page.getByRole('group', { name: 'Attachments' });
  await attachments.getByRole('button', { name: 'Upload files' }).click();
  await attachments.getByLabel('Choose files').setInputFiles(notice);
  await expect(attachments.getByText('Finished 1 file: 1 uploaded.')).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => chosen(attachments)).toEqual([`${base(notice)} (PDF)`]);
  await expect(attachments.getByRole('list', { name: 'Chosen for Attachments' }).getByText('PDF', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.reload();
  expect(await chosen(page.getByRole('group', { name: 'Image' }))).toEqual([base(second)]);
  expect(await chosen(page.getByRole('group', { name: 'Attachments' }))).toEqual([`${base(notice)} (PDF)`]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("a pasted address is refused under the field with the text kept; a library file's reference, copied from its page, is saved", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const t = tag();
    const notice = pdfFile(`Timetable-${t}.pdf`);
    await signIn(page, addStaff('editor'));
    // The library's plain upload form, then the file's page shows its reference.
    await page.goto('/admin/media');
    await page.getByLabel('File', { exact: true }).setInputFiles(notice);
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('heading', { level: 1, name: base(notice) })).toBeVisible();
    const ref = await page.getByLabel('This file’s reference').inputValue();
    expect(ref).toMatch(/^m[0-9a-f]+$/);

    await page.goto('/admin/news/new');
    await page.getByLabel('Title', { exact: true }).fill(`Timetable ${t}`);
    const field = page.getByRole('group', { name: 'Attachments' });
    await expect(field.getByRole('link', { name: 'media library (opens in a new tab)' })).toHaveAttribute('href', '/admin/media');
    const refs = field.getByLabel('Attachments: file references, one per line');
    await refs.fill('https://example.org/photo.jpg');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(
      field.getByText('Attachments: “https://example.org/photo.jpg” is not a file of this school.', { exact: false }),
    ).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`Timetable ${t}`);
    await expect(field.getByLabel('Attachments: file references, one per line')).toHaveValue('https://example.org/photo.jpg');

    await field.getByLabel('Attachments: file references, one per line').fill(ref);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Attachments' }).getByRole('link', { name: base(notice) })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Attachments' }).getByLabel('Attachments: file references, one per line')).toHaveValue(
      ref,
    );
  });
});
