import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { addStaff, signIn } from './admin-helpers';
import { newAlbum, uploadAll } from './media-helpers';
import { axeViolations } from './support/axe';
import { makeSmallPhotos } from './support/media-photos';
import { onOwnServer } from './support/own-server';

// Issue 16 item 1 on Chromium, by role and label: a photo in the library is tagged with a child
// from the consent register on its page (/admin/media/{id}); the child has no photo consent, so the
// page says the photo is not shown and publishing its album is refused naming the child; untagged,
// the album publishes. With and without JavaScript. A contributor's photo, once published, shows
// them why an editor must change it, and no Untag or Delete. On a server of its own (E2E_PORT + 14):
// it publishes albums and records children.

const { dataDir } = onOwnServer({ offset: 14, name: 'media-children' });

const word = () =>
  Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 5);

/** Records a child with consent for results only (no photo consent); answers the full name. */
async function recordChild(page: Page, first: string): Promise<string> {
  const name = `${first} Joshi`;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  await page.goto('/admin/children');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Class', { exact: true }).fill('VII-B');
  const results = page.getByRole('group', { name: 'Results on the site' });
  await results.getByLabel('Date given').fill(today);
  await results.getByLabel('End date').fill(`${Number(today.slice(0, 4)) + 1}${today.slice(4)}`);
  await page.getByRole('button', { name: 'Record child' }).click();
  await expect(page.getByText('Child recorded.')).toBeVisible();
  return name;
}

/** Opens a library file's page from the library by its name. */
async function openFile(page: Page, file: string): Promise<void> {
  await page.goto(`/admin/media?q=${encodeURIComponent(path.basename(file, path.extname(file)))}`);
  await page
    .getByRole('list', { name: 'Files' })
    .getByRole('link', { name: new RegExp(path.basename(file)) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: path.basename(file) })).toBeVisible();
}

test('a photo tagged with a child without photo consent is not shown, and its album is not published until untagged', async ({ page }) => {
  test.setTimeout(120_000);
  const first = `Pranav${word()}`;
  const [photo] = (await makeSmallPhotos(`tag${Date.now().toString(36)}`, 1)) as [string];
  await signIn(page, addStaff('editor', { dataDir }));
  const child = await recordChild(page, first);

  const albumId = await newAlbum(page, `Sports day ${word()}`);
  await uploadAll(page, [photo]);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText(/ · version 2$/)).toBeVisible();

  await openFile(page, photo);
  await page.getByLabel('Alt text', { exact: true }).fill('Two runners at the finish line');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved.')).toBeVisible();

  const children = page.getByRole('region', { name: 'Children in this photo' });
  await expect(children).toContainText('No child is tagged.');
  await children.getByLabel('Find a child', { exact: true }).fill(first);
  await children.getByRole('button', { name: 'Find' }).click();
  await children.getByRole('button', { name: `Tag ${child}` }).click();
  await expect(page.getByText('Child tagged.')).toBeVisible();
  await expect(children).toContainText(`${child} (VII-B) — no photo consent`);
  await expect(children).toContainText(`Not shown on the site: ${child} has no current guardian consent for photos.`);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page, `file page with a tagged child at ${width} px`)).toEqual([]);
  }

  await page.goto(`/admin/albums/${albumId}`);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const refusal = page.getByRole('alert');
  await expect(refusal).toContainText('These photos show children without current guardian consent for “Photos on the site”');
  await expect(refusal).toContainText(`${child} (VII-B) in ${path.basename(photo)}`);

  await openFile(page, photo);
  await children.getByRole('button', { name: `Untag ${child}` }).click();
  await expect(page.getByText('Child untagged.')).toBeVisible();
  await expect(children).toContainText('No child is tagged.');
  await page.goto(`/admin/albums/${albumId}`);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(page.getByText(/Status: Published/)).toBeVisible();
});

test('without JavaScript a child is found and tagged with plain forms', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const [photo] = (await makeSmallPhotos(`nojs${Date.now().toString(36)}`, 1)) as [string];
  const withJs = await browser.newContext();
  const uploader = await withJs.newPage();
  const email = addStaff('editor', { dataDir });
  await signIn(uploader, email);
  await uploader.goto('/admin/media');
  await uploadAll(uploader, [photo]);
  await withJs.close();

  await signIn(page, email);
  const child = await recordChild(page, `Meher${word()}`);
  await openFile(page, photo);
  const children = page.getByRole('region', { name: 'Children in this photo' });
  await children.getByLabel('Find a child', { exact: true }).fill(child.split(' ')[0]!);
  await children.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(/child=/);
  await children.getByRole('button', { name: `Tag ${child}` }).click();
  await expect(page.getByText('Child tagged.')).toBeVisible();
  await expect(children).toContainText(`${child} (VII-B) — no photo consent`);
  await context.close();
});

test('a contributor sees why an editor must change their photo once it is published, and no Untag or Delete', async ({ browser }) => {
  test.setTimeout(120_000);
  const [photo] = (await makeSmallPhotos(`contrib${Date.now().toString(36)}`, 1)) as [string];
  const contributorContext = await browser.newContext();
  const contributor = await contributorContext.newPage();
  await signIn(contributor, addStaff('contributor', { dataDir }));
  const albumId = await newAlbum(contributor, `Science fair ${word()}`);
  await uploadAll(contributor, [photo]);
  await contributor.getByRole('button', { name: 'Save draft' }).click();
  await expect(contributor.getByText(/ · version 2$/)).toBeVisible();
  // In their own draft the words are theirs.
  await openFile(contributor, photo);
  await contributor.getByLabel('Alt text', { exact: true }).fill('A volcano model erupting');
  await contributor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(contributor.getByText('Saved.')).toBeVisible();

  const editorContext = await browser.newContext();
  const editor = await editorContext.newPage();
  await signIn(editor, addStaff('editor', { dataDir }));
  await editor.goto(`/admin/albums/${albumId}`);
  await editor.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(editor.getByText(/Status: Published/)).toBeVisible();
  const child = await recordChild(editor, `Tara${word()}`);
  await openFile(editor, photo);
  const tagging = editor.getByRole('region', { name: 'Children in this photo' });
  await tagging.getByLabel('Find a child', { exact: true }).fill(child.split(' ')[0]!);
  await tagging.getByRole('button', { name: 'Find' }).click();
  await tagging.getByRole('button', { name: `Tag ${child}` }).click();
  await expect(editor.getByText('Child tagged.')).toBeVisible();
  await editorContext.close();

  await openFile(contributor, photo);
  await expect(
    contributor.getByText(/^An editor or administrator must make this change: this file is used in published content/),
  ).toBeVisible();
  await expect(contributor.getByText('A volcano model erupting')).toBeVisible();
  await expect(contributor.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  const children = contributor.getByRole('region', { name: 'Children in this photo' });
  await expect(children).toContainText(`${child} (VII-B) — no photo consent`);
  await expect(children).toContainText('Only an editor or administrator can untag a child.');
  await expect(children.getByRole('button', { name: `Untag ${child}` })).toHaveCount(0);
  await expect(children.getByLabel('Find a child', { exact: true })).toHaveCount(0);
  await expect(contributor.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  expect(await axeViolations(contributor, 'file page as a contributor')).toEqual([]);
  await contributorContext.close();
});
