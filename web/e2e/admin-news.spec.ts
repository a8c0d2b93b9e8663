import { expect, test } from '@playwright/test';
import { addStaff, signIn } from './admin-helpers';

// The first editor screen on the staff content API (/admin/news), by label and button, with and
// without JavaScript: save a draft (not on /news), publish (on /news), a refused save keeps the
// text, delete (after asking); a contributor gets Submit for review instead of Publish.

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled });

    test('an editor drafts, publishes and deletes a news item', async ({ page, browser }) => {
      const title = `Inter-house quiz ${Date.now().toString(36)}${javaScriptEnabled ? 'j' : 'n'}`;
      await signIn(page, addStaff('editor'));
      await page.goto('/admin/news');
      await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
      await page.getByRole('link', { name: 'New news item' }).click();
      await page.getByLabel('Title', { exact: true }).fill(title);
      await page.getByLabel('Date', { exact: true }).fill('2025-08-14');
      await page.getByLabel('Description').fill('Red house won the quiz.');
      // A window that ends before it starts is refused with the message under the field; the text stays.
      await page.getByLabel('Publish at', { exact: true }).fill('2025-08-20T10:00');
      await page.getByLabel('Unpublish at').fill('2025-08-19T10:00');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await expect(page.getByText('Unpublish at must be after Publish at.', { exact: true })).toBeVisible();
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
      await page.getByLabel('Publish at', { exact: true }).fill('');
      await page.getByLabel('Unpublish at').fill('');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await expect(page.getByText('Status: Draft')).toBeVisible();
      const id = new URL(page.url()).pathname.split('/').pop() ?? '';

      const visitor = await browser.newContext();
      const anonymous = await visitor.newPage();
      // A news item has its own page, so /sitemap.xml lists it while it is published.
      const inSitemap = async () => (await (await anonymous.request.get('/sitemap.xml')).text()).includes(id);
      try {
        await anonymous.goto(`/news?q=${encodeURIComponent(title)}`);
        await expect(anonymous.getByText(title)).toHaveCount(0);
        expect(await inSitemap()).toBe(false);

        await page.getByRole('button', { name: 'Publish', exact: true }).click();
        await expect(page.getByText('Status: Published')).toBeVisible();
        await anonymous.goto(`/news?q=${encodeURIComponent(title)}`);
        await expect(anonymous.getByText(title).first()).toBeVisible();
        expect(await inSitemap()).toBe(true);

        await page.goto(`/admin/news?q=${encodeURIComponent(title)}`);
        await page.getByRole('link', { name: title }).click();
        await page.getByRole('button', { name: 'Delete' }).click();
        // Delete asks first (issue 30, item 3).
        await page
          .getByRole('region', { name: `Delete “${title}”?` })
          .getByRole('button', { name: 'Delete' })
          .click();
        // Exact: the edit page's 'Edit news item' would match 'News' before the delete is done.
        await expect(page.getByRole('heading', { level: 1, name: 'News', exact: true })).toBeVisible();
        await expect(page.getByText(`Deleted “${title}”.`)).toBeVisible();
        await anonymous.goto(`/news?q=${encodeURIComponent(title)}`);
        await expect(anonymous.getByText(title)).toHaveCount(0);
        expect(await inSitemap()).toBe(false);
      } finally {
        await visitor.close();
      }
    });
  });
}

test('a contributor submits for review and cannot publish', async ({ page }) => {
  await signIn(page, addStaff('contributor'));
  await page.goto('/admin/news/new');
  await expect(page.getByRole('button', { name: 'Submit for review' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
  await page.getByLabel('Title', { exact: true }).fill(`Contributor story ${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Status: In review')).toBeVisible();
});
