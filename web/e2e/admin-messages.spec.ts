import { expect, test, type Locator, type Page } from '@playwright/test';
import { addStaff, signIn } from './admin-helpers';
import { newAlbum, uploadAll } from './media-helpers';
import { makeSmallPhotos } from './support/media-photos';
import { hydrated } from './support/slow-phone';

// Messages where people look (issue 30, item 4): after a save, a refusal or an error, the staff
// form's message is in view and has the focus, though a client-side submission leaves the screen
// where the button was; a refusal lists the fields in error as links that take the focus there.
// Without JavaScript the answer page starts with the message before the form. And the fields are
// styled (item 5): an error is not a hint in another colour only, a text area is not a small
// monospace box. Only refused saves (and a save that changes nothing) touch the suite's shared data.

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

/** The news form of a new item, with a publishing window that ends before it starts. */
async function refusedNews(page: Page, title: string) {
  await page.goto('/admin/news/new');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Date', { exact: true }).fill('2025-08-14');
  await page.getByLabel('Description').fill('Red house won the quiz.');
  await page.getByLabel('Publish at', { exact: true }).fill('2025-08-20T10:00');
  await page.getByLabel('Unpublish at').fill('2025-08-19T10:00');
  await page.getByRole('button', { name: 'Save draft' }).click();
}

/** The message has the focus and is on the screen. */
async function seen(message: Locator) {
  await expect(message).toBeFocused();
  await expect(message).toBeInViewport();
}

/** What makes a control or a message look as it does (`pseudo`: its ::before). */
function style(l: Locator, pseudo?: string) {
  return l.evaluate((e, p) => {
    const s = getComputedStyle(e, p);
    return {
      color: s.color,
      weight: s.fontWeight,
      content: s.content,
      border: s.borderTopColor,
      width: s.borderTopWidth,
      font: s.fontFamily,
    };
  }, pseudo);
}

for (const size of SIZES) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    test('a refused save of an item: the message and its list of fields are in view and focused; a link takes the focus to the field', async ({
      page,
    }) => {
      await signIn(page, addStaff('editor'));
      await page.goto('/admin/news/new');
      await hydrated(page);
      await refusedNews(page, `Quiz ${Date.now().toString(36)}`);
      const refusal = page.getByRole('alert');
      await expect(refusal).toContainText('Nothing was saved');
      await seen(refusal);
      // The summary names the field; its link moves the focus (and the screen) to it.
      await refusal.getByRole('link', { name: 'Unpublish at: Unpublish at must be after Publish at.' }).click();
      await expect(page.getByLabel('Unpublish at')).toBeFocused();
      await expect(page.getByLabel('Unpublish at')).toBeInViewport();
      // The field's description says what is wrong (after its hint naming the time zone).
      await expect(page.getByLabel('Unpublish at')).toHaveAccessibleDescription(/Unpublish at must be after Publish at\.$/);
    });

    test('a successful save: "Saved." is in view and focused, after the first save and after the next from the foot of the form', async ({
      page,
    }) => {
      await signIn(page, addStaff('editor'));
      await page.goto('/admin/news/new');
      await hydrated(page);
      await page.getByLabel('Title', { exact: true }).fill(`Sports day ${Date.now().toString(36)}`);
      await page.getByLabel('Date', { exact: true }).fill('2025-08-14');
      await page.getByLabel('Description').fill('Blue house won.');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await expect(page.getByText('Status: Draft · version 1')).toBeVisible();
      await seen(page.getByRole('status').filter({ hasText: 'Saved.' }));

      // The same words again after the next save: focused again, brought back from the foot of the form.
      await page.getByLabel('Description').fill('Blue house won, Red came second.');
      await page.getByRole('button', { name: 'Save draft' }).scrollIntoViewIfNeeded();
      await page.getByRole('button', { name: 'Save draft' }).click();
      await expect(page.getByText('Status: Draft · version 2')).toBeVisible();
      await seen(page.getByRole('status').filter({ hasText: 'Saved.' }));
    });

    test('settings: the answer to Save settings, thousands of pixels above the button, is in view and focused', async ({ page }) => {
      await signIn(page, addStaff('admin'));
      await page.goto('/admin/settings');
      await hydrated(page);
      const save = page.getByRole('button', { name: 'Save settings' });
      await save.scrollIntoViewIfNeeded();
      await save.click();
      // Nothing typed: nothing is saved, so the suite's other specs read the same settings.
      await seen(page.getByRole('status').filter({ hasText: 'Nothing was different, so nothing was saved.' }));

      // A refusal too: its message and links.
      await page.getByLabel('Phone 1 number').fill('call the office');
      await save.scrollIntoViewIfNeeded();
      await save.click();
      const refusal = page.getByRole('alert');
      await expect(refusal).toHaveText('Please correct the highlighted fields.');
      await seen(refusal);
    });

    test("an album's refusal to publish photos without alt text is in view and focused; its link goes to the photos", async ({ page }) => {
      test.setTimeout(120_000);
      const photos = await makeSmallPhotos(`msg${size.width}${Date.now().toString(36)}`, 4);
      await signIn(page, addStaff('editor'));
      await newAlbum(page, `Messages ${size.width} ${Date.now().toString(36)}`);
      await hydrated(page);
      await uploadAll(page, photos);
      const publish = page.getByRole('button', { name: 'Publish', exact: true });
      await publish.scrollIntoViewIfNeeded();
      await publish.click();
      const refusal = page.getByRole('alert').filter({ hasText: 'Add alt text to every photo before publishing' });
      await seen(refusal);
      await refusal.getByRole('link', { name: 'Photos' }).click();
      const group = page.getByRole('group', { name: 'Photos' });
      await expect(group.locator(':focus')).toHaveCount(1);
      await expect(group.locator(':focus')).toBeInViewport();
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('the answer page starts with the refusal and its summary, before the form; its link goes to the field', async ({ page }) => {
    await signIn(page, addStaff('editor'));
    const title = `Quiz ${Date.now().toString(36)}n`;
    await refusedNews(page, title);
    const refusal = page.getByRole('alert');
    await expect(refusal).toContainText('Nothing was saved');
    await expect(refusal).toBeInViewport();
    const field = page.getByLabel('Title', { exact: true });
    await expect(field).toHaveValue(title);
    const [above, below] = await Promise.all([refusal.boundingBox(), field.boundingBox()]);
    expect(above!.y + above!.height).toBeLessThan(below!.y);
    const link = refusal.getByRole('link', { name: 'Unpublish at: Unpublish at must be after Publish at.' });
    await expect(link).toHaveAttribute('href', '#field-unpublishAt');
    await link.click();
    await expect(page).toHaveURL(/#field-unpublishAt$/);
    await expect(page.getByLabel('Unpublish at')).toBeInViewport();
  });
});

test.describe('field styles', () => {
  for (const size of [{ width: 320, height: 700 }, ...SIZES]) {
    test(`an error looks unlike a hint, with a mark and a red edge; a text area is wide and in the body font (${size.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await signIn(page, addStaff('editor'));
      await page.goto('/admin/events/new');
      await page.getByLabel('Title', { exact: true }).fill(`Styled ${Date.now().toString(36)}`);
      await page.getByLabel('Publish at', { exact: true }).fill('2025-08-20T10:00');
      await page.getByLabel('Unpublish at').fill('2025-08-19T10:00');
      await page.getByRole('button', { name: 'Save draft' }).click();
      const error = page.getByText('Unpublish at must be after Publish at.', { exact: true });
      const hint = page.getByText('Like 10:00 AM.', { exact: true });
      const [e, h, mark] = await Promise.all([style(error), style(hint), style(error, '::before')]);
      expect(e.color).not.toBe(h.color);
      expect(Number(e.weight)).toBeGreaterThan(Number(h.weight));
      // Not colour alone: a mark before the words, and the control's edge thicker and red.
      expect(mark.content).toContain('!');
      const invalid = await style(page.getByLabel('Unpublish at'));
      const valid = await style(page.getByLabel('Publish at', { exact: true }));
      expect(invalid.border).not.toBe(valid.border);
      expect(parseFloat(invalid.width)).toBeGreaterThan(parseFloat(valid.width));

      // The description: as wide as the title, in the body font; a date narrower than either at 1280 px.
      const description = page.getByLabel('Description');
      expect((await style(description)).font).toBe((await style(page.getByLabel('Title', { exact: true }))).font);
      expect((await style(description)).font).not.toMatch(/monospace/);
      const [text, title, date] = await Promise.all([
        description.boundingBox(),
        page.getByLabel('Title', { exact: true }).boundingBox(),
        page.getByLabel('Date', { exact: true }).boundingBox(),
      ]);
      expect(Math.abs(text!.width - title!.width)).toBeLessThan(2);
      expect(text!.x + text!.width).toBeLessThanOrEqual(size.width);
      if (size.width >= 1280) expect(date!.width).toBeLessThan(title!.width / 2);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
    });
  }
});
