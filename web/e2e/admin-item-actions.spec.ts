import { expect, test, type Browser, type Page } from '@playwright/test';
import path from 'node:path';
import { addStaff, signIn } from './admin-helpers';
import { uploadAll } from './media-helpers';
import { makeSmallPhotos } from './support/media-photos';
import { axeViolations } from './support/axe';
import { onOwnServer } from './support/own-server';

// Buttons that take things down say so and ask first (issue 30, item 3; decision 0123), at 390 px,
// with and without JavaScript: a published seeded news item is changed with Update and stays on
// /news; Unpublish says what it did; Delete asks, Cancel keeps the item and what was typed, Delete
// removes it from the site with a message in view and Undo, which brings it back; Recently deleted
// restores too. A contributor sees no Delete, Update or Save on a published item, and says why.
// A library file not in use: Delete asks, says it cannot be undone, and the library says what went.

// On a server of its own (E2E_PORT + 5): it changes and deletes seeded news that other specs read.
const { dataDir } = onOwnServer({ offset: 5, name: 'item-actions' });

test.use({ viewport: { width: 390, height: 844 } });

const label = (page: Page, text: string) => page.getByLabel(text, { exact: true });
const CHANGED = ' — changed ';

/** The titles of the published news items that no test here has changed yet. */
async function untouchedPublishedNews(page: Page): Promise<string[]> {
  await page.goto('/admin/news?status=published');
  const titles = await page.getByRole('region', { name: 'News: items' }).getByRole('link').allTextContents();
  return titles.filter((t) => !t.includes(CHANGED));
}

/** axe (WCAG 2.2 AA) at 390 and 1280 px on the page as it is, then back to the phone. */
async function axeAtBothWidths(page: Page, what: string): Promise<void> {
  const found: string[] = [];
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    found.push(...(await axeViolations(page, `${what} @${width}`)));
  }
  await page.setViewportSize({ width: 390, height: 844 });
  expect(found).toEqual([]);
}

/** Whether the public /news search shows the title (a visitor, signed out). */
async function onPublicNews(browser: Browser, title: string): Promise<number> {
  const visitor = await browser.newContext();
  try {
    const page = await visitor.newPage();
    await page.goto(`/news?q=${encodeURIComponent(title)}`);
    return await page.getByText(title, { exact: true }).count();
  } finally {
    await visitor.close();
  }
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled });

    test('a published seeded news item: Update keeps it live, Unpublish says so, Delete asks and Undo brings it back', async ({
      page,
      browser,
    }) => {
      test.setTimeout(180_000);
      await signIn(page, addStaff('editor', { dataDir }));
      const titles = await untouchedPublishedNews(page);
      const old = titles[javaScriptEnabled ? 0 : 1]!;
      expect(old).toBeTruthy();
      await page.getByRole('link', { name: old, exact: true }).first().click();
      await expect(page.getByText(/^Status: Published/)).toBeVisible();

      // Live: the main action is Update; nothing here silently takes it down.
      await expect(page.getByRole('button', { name: 'Save draft' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
      await expect(page.getByText('This news item is on the website. Update saves your changes and keeps it there.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Unpublish' })).toHaveAccessibleDescription(
        'Unpublish takes it off the website; it stays here as a draft.',
      );
      if (javaScriptEnabled) await axeAtBothWidths(page, 'published news item');
      const title = `${old.slice(0, 60)}${CHANGED}${javaScriptEnabled ? 'j' : 'n'}${Date.now().toString(36)}`;
      await label(page, 'Title').fill(title);
      await page.getByRole('button', { name: 'Update' }).click();
      await expect(page.getByText('Saved.')).toBeVisible();
      await expect(page.getByText(/^Status: Published/)).toBeVisible();
      expect(await onPublicNews(browser, title)).toBeGreaterThan(0);

      // Unpublish: says what it did; the item is a draft and off the site.
      await page.getByRole('button', { name: 'Unpublish' }).click();
      await expect(
        page.getByText('Unpublished: it is no longer on the website. It stays here as a draft; Publish puts it back.'),
      ).toBeVisible();
      await expect(page.getByText(/^Status: Draft/)).toBeVisible();
      expect(await onPublicNews(browser, title)).toBe(0);
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await expect(page.getByText(/^Status: Published/)).toBeVisible();

      // Delete asks first; Cancel keeps the item and what was typed meanwhile.
      const typed = `Typed before Delete ${Date.now().toString(36)}`;
      await label(page, 'Description').fill(typed);
      await page.getByRole('button', { name: 'Delete' }).click();
      const question = page.getByRole('region', { name: `Delete “${title}”?` });
      await expect(question).toBeInViewport();
      if (javaScriptEnabled) await expect(question).toBeFocused();
      await expect(question).toContainText('It comes off the website within a minute.');
      await expect(question).toContainText('for 30 days');
      if (javaScriptEnabled) await axeAtBothWidths(page, 'delete question');
      await question.getByRole('button', { name: 'Cancel' }).click();
      await expect(question).toHaveCount(0);
      await expect(label(page, 'Description')).toHaveValue(typed);
      await expect(label(page, 'Title')).toHaveValue(title);
      expect(await onPublicNews(browser, title)).toBeGreaterThan(0);

      // Delete, then Delete again in the question: gone from the site, the message in view with Undo.
      await page.getByRole('button', { name: 'Delete' }).click();
      await question.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'News', exact: true })).toBeVisible();
      const message = page.getByText(`Deleted “${title}”.`);
      await expect(message).toBeInViewport();
      if (javaScriptEnabled) await expect(page.locator(':focus')).toContainText(`Deleted “${title}”.`);
      await expect(page.getByRole('region', { name: 'News: items' }).getByRole('link', { name: title })).toHaveCount(0);
      expect(await onPublicNews(browser, title)).toBe(0);
      if (javaScriptEnabled) await axeAtBothWidths(page, 'news list after a delete, with Undo and Recently deleted');

      await page.getByRole('button', { name: `Undo: bring back “${title}”` }).click();
      await expect(page.getByText(`“${title}” is back on the website.`)).toBeInViewport();
      await expect(page.getByRole('region', { name: 'News: items' }).getByRole('link', { name: title })).toBeVisible();
      expect(await onPublicNews(browser, title)).toBeGreaterThan(0);

      // Deleted again, and brought back from Recently deleted.
      await page.getByRole('region', { name: 'News: items' }).getByRole('link', { name: title }).click();
      await expect(page.getByText(/^Status: Published/)).toBeVisible();
      await page.getByRole('button', { name: 'Delete' }).click();
      await question.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText(`Deleted “${title}”.`)).toBeVisible();
      await page.goto('/admin/news');
      const trash = page.getByRole('region', { name: 'Recently deleted' });
      await expect(trash).toContainText(title);
      await expect(trash).toContainText('was published');
      await trash.getByRole('button', { name: `Restore “${title}”` }).click();
      await expect(page.getByText(`“${title}” is back on the website.`)).toBeVisible();
      await expect(trash.getByRole('button', { name: `Restore “${title}”` })).toHaveCount(0);
      expect(await onPublicNews(browser, title)).toBeGreaterThan(0);
    });
  });
}

test('a contributor sees no Delete, Update or Save on a published item, and is told why; their own draft they may delete', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, addStaff('contributor', { dataDir }));
  const [published] = await untouchedPublishedNews(page);
  await page.getByRole('link', { name: published!, exact: true }).first().click();
  await expect(page.getByText(/^Status: Published/)).toBeVisible();
  await expect(
    page.getByText('You can read this news item but not change or delete it: it is published, and only an editor or administrator'),
  ).toBeVisible();
  for (const name of ['Delete', 'Update', 'Save draft', 'Submit for review', 'Unpublish'])
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  await axeAtBothWidths(page, 'published item, read by a contributor');

  // Their own draft: Save draft, Submit for review and Delete (which asks first).
  const title = `Contributor's draft ${Date.now().toString(36)}`;
  await page.goto('/admin/news/new');
  await label(page, 'Title').fill(title);
  await label(page, 'Date').fill('2025-08-14');
  await label(page, 'Description').fill('Written by a contributor.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText(/^Status: Draft/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit for review' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  const question = page.getByRole('region', { name: `Delete “${title}”?` });
  await expect(question).not.toContainText('comes off the website');
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Deleted “${title}”.`)).toBeVisible();
  await page.getByRole('button', { name: `Undo: bring back “${title}”` }).click();
  await expect(page.getByText(`“${title}” is back.`)).toBeVisible();
});

test('a library file not in use: Delete asks and says it cannot be undone; the library then says what was deleted', async ({ page }) => {
  test.setTimeout(90_000);
  const [photo] = (await makeSmallPhotos(`gone${Date.now().toString(36)}`, 1)) as [string];
  const name = path.basename(photo);
  await signIn(page, addStaff('editor', { dataDir }));
  await page.goto('/admin/media');
  await uploadAll(page, [photo]);
  const file = page.getByRole('list', { name: 'Files' }).getByRole('link', { name: new RegExp(name) });
  await file.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  const question = page.getByRole('region', { name: `Delete “${name}”?` });
  await expect(question).toBeInViewport();
  await expect(question).toBeFocused();
  await expect(question).toContainText('this cannot be undone');
  await axeAtBothWidths(page, 'library file delete question');
  await question.getByRole('link', { name: 'Cancel' }).click();
  await expect(question).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Deleted “${name}” from the media library.`)).toBeInViewport();
  await expect(page.getByText(`Deleted “${name}” from the media library.`)).toBeFocused();
  await expect(file).toHaveCount(0);
});
