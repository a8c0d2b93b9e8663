import { expect, test, type Page } from '@playwright/test';
import { addStaff, signIn } from './admin-helpers';

// Issue 35: a notice's Hindi version has its own status. An editor on a phone (390 px) writes the
// Hindi text beside the English, saves a draft (the Hindi site still shows the English with its
// note), publishes it (the Hindi site shows it, the English site does not change), and each
// language's Publish and Unpublish leave the other as it was. With and without JavaScript.

const PHONE = { width: 390, height: 844 };
const NOTE = 'विद्यालय ने यह पाठ अभी अनुवाद नहीं किया है, इसलिए यह अंग्रेज़ी में दिखाया गया है।';

/** The news item's card on a public list, found by its id. */
const card = (page: Page, id: string) => page.locator('article.list-card').filter({ has: page.locator(`a[href*="${id}"]`) });

for (const javaScriptEnabled of [true, false]) {
  test(`an editor translates a notice into Hindi beside the English, each with its own status (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const staff = await browser.newContext({ viewport: PHONE, javaScriptEnabled });
    const page = await staff.newPage();
    const visitor = await browser.newPage();
    const title = `Football trials ${Date.now().toString(36)}${javaScriptEnabled ? 'j' : 'n'}`;
    try {
      await signIn(page, addStaff('editor'));
      await page.goto('/admin/news/new');
      await page.getByLabel('Title', { exact: true }).fill(title);
      await page.getByLabel('Date', { exact: true }).fill('2026-11-20');
      await page.getByLabel('Description').fill('Trials for the under-14 team are on Monday after school.');
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await expect(page.getByText('Status: Published')).toBeVisible();
      const id = new URL(page.url()).pathname.split('/').pop() ?? '';

      // Not translated yet: the Hindi list shows the English text, marked English, with the note.
      await visitor.goto(`/hi/news?q=${encodeURIComponent(title)}`);
      await expect(card(visitor, id).getByRole('heading', { name: title })).toHaveAttribute('lang', 'en');
      await expect(visitor.getByText(NOTE)).toBeVisible();

      const languages = page.getByRole('region', { name: 'Other languages' });
      await expect(languages).toContainText('not written yet');
      await languages.getByRole('link', { name: 'Write the Hindi version' }).click();
      await expect(page.getByRole('heading', { level: 1, name: `Hindi version of “${title}”` })).toBeVisible();
      // The English beside each field; the date and files are shared and said so.
      await expect(page.getByText('Trials for the under-14 team are on Monday after school.')).toBeVisible();
      await expect(page.getByText(/are the same in every language/)).toContainText('date');
      await page.getByLabel('Title in Hindi').fill('फ़ुटबॉल टीम का चयन');
      await page.getByLabel('Description in Hindi').fill('अंडर-14 टीम का चयन सोमवार को छुट्टी के बाद होगा।');
      await expect(page.getByLabel('Title in Hindi')).toHaveAttribute('lang', 'hi-IN');
      await page.getByRole('button', { name: 'Save draft' }).click();
      const saved = page.getByText('Saved.', { exact: true });
      await expect(saved).toBeVisible();
      await expect(saved).toBeInViewport();
      await expect(page.getByText('Hindi: Draft · version 1', { exact: false })).toBeVisible();

      // A draft shows nowhere: the Hindi list still has the English.
      await visitor.goto(`/hi/news?q=${encodeURIComponent(title)}`);
      await expect(card(visitor, id).getByRole('heading', { name: title })).toBeVisible();

      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await expect(page.getByText('The Hindi website shows this text now')).toBeInViewport();
      await visitor.goto(`/hi/news/item?id=${id}`);
      await expect(visitor.getByRole('heading', { level: 1, name: 'फ़ुटबॉल टीम का चयन' })).toBeVisible();
      await expect(visitor.getByRole('heading', { level: 1 })).not.toHaveAttribute('lang', 'en');
      await expect(visitor.getByText(NOTE)).toHaveCount(0);
      // The English site is as it was.
      await visitor.goto(`/news/item?id=${id}`);
      await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();

      // The English item's Unpublish takes it off both sites (a translation never shows without its item)…
      await page.goto(`/admin/news/${id}`);
      await page.getByRole('button', { name: 'Unpublish' }).click();
      await expect(page.getByText('Status: Draft')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Other languages' })).toContainText('Edit the Hindi version — Published');
      await visitor.goto(`/hi/news?q=${encodeURIComponent('फ़ुटबॉल')}`);
      await expect(card(visitor, id)).toHaveCount(0);
      // …and its Publish brings back the Hindi text as it was.
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await expect(page.getByText('Status: Published')).toBeVisible();
      await visitor.goto(`/hi/news/item?id=${id}`);
      await expect(visitor.getByRole('heading', { level: 1, name: 'फ़ुटबॉल टीम का चयन' })).toBeVisible();

      // Unpublishing the Hindi version brings back the English with its note; the English item stays published.
      await page.getByRole('region', { name: 'Other languages' }).getByRole('link', { name: 'Edit the Hindi version' }).click();
      await expect(page.getByRole('heading', { level: 1, name: `Hindi version of “${title}”` })).toBeVisible();
      await page.getByRole('button', { name: 'Unpublish' }).click();
      await expect(page.getByText('Unpublished: the Hindi website shows the English text again')).toBeInViewport();
      await visitor.goto(`/hi/news/item?id=${id}`);
      await expect(visitor.getByRole('heading', { level: 1, name: title })).toHaveAttribute('lang', 'en');
      await expect(visitor.getByText(NOTE)).toBeVisible();
      await page.goto(`/admin/news/${id}`);
      await expect(page.getByText('Status: Published')).toBeVisible();

      // A change to the English text is flagged beside the Hindi version, until the Hindi is saved again.
      await page.getByLabel('Description').fill('Trials for the under-14 team are on Tuesday after school.');
      await page.getByRole('button', { name: 'Update' }).click();
      await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Other languages' })).toContainText('the English has changed since it was saved');
      await page.getByRole('region', { name: 'Other languages' }).getByRole('link', { name: 'Edit the Hindi version' }).click();
      await expect(page.getByText('The English description changed after this Hindi version was last saved.')).toBeVisible();
    } finally {
      await staff.close();
      await visitor.close();
    }
  });
}

test('a refused Hindi save keeps what was typed, with the message in view', async ({ browser }) => {
  test.setTimeout(60_000);
  const staff = await browser.newContext({ viewport: PHONE });
  const page = await staff.newPage();
  try {
    await signIn(page, addStaff('editor'));
    await page.goto('/admin/news?status=published');
    await page.locator('main table a').first().click();
    await page
      .getByRole('region', { name: 'Other languages' })
      .getByRole('link', { name: /the Hindi version/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: /^Hindi version of/ })).toBeVisible();
    await page.getByLabel('Title in Hindi').fill('');
    await page.getByLabel('Description in Hindi').fill('केवल विवरण लिखा गया है।');
    await page.getByLabel('Title in Hindi').evaluate((el) => el.removeAttribute('required'));
    await page.getByRole('button', { name: /Save draft|Update/ }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Nothing was saved');
    await expect(alert).toBeInViewport();
    await expect(page.getByLabel('Description in Hindi')).toHaveValue('केवल विवरण लिखा गया है।');
  } finally {
    await staff.close();
  }
});
