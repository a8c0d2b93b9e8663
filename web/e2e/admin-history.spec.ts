import { expect, test, type Page } from '@playwright/test';
import { addStaff, signIn } from './admin-helpers';

// History, compare and restore in the staff editors, and the signed preview link (issue 14 items
// 4-5), by label, role and visible text on Chromium: an event saved three times is compared word by
// word and restored; its preview link opens signed out and is not indexed; an information page's
// text is restored the same way (and put back as it was at the end, for the other specs).

const label = (page: Page, text: string) => page.getByLabel(text, { exact: true });
const history = (page: Page) => page.getByRole('region', { name: 'History' });
const versionEntry = (page: Page, n: number) =>
  history(page)
    .getByRole('listitem')
    .filter({ hasText: `Version ${n}:` });

/** Saves and waits for the form of the saved version (`version`) to be shown. */
async function saveDraft(page: Page, version: number) {
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText(new RegExp(`^Status: .* · version ${version}$`))).toBeVisible();
}

async function compare(page: Page, from: number, to: number) {
  await label(page, 'From version').selectOption(String(from));
  await label(page, 'To version').selectOption(String(to));
  await page.getByRole('button', { name: 'Compare' }).click();
  return page.getByRole('region', { name: `Changes from version ${from} to version ${to}` });
}

test('an event saved three times: history, compare versions 1 and 3, restore version 1', async ({ page }) => {
  const marker = `History fair ${Date.now().toString(36)}`;
  await signIn(page, addStaff('editor'));
  await page.goto('/admin/events/new');
  await label(page, 'Title').fill(marker);
  await label(page, 'Date').fill('2025-08-14');
  await label(page, 'Time').fill('10:00 AM');
  await label(page, 'Venue').fill('School hall');
  await label(page, 'Description').fill('The first text of the science fair.');
  await saveDraft(page, 1);
  await label(page, 'Description').fill('The second text of the science fair.');
  await saveDraft(page, 2);
  await label(page, 'Description').fill('The third wording of the maths fair.');
  await saveDraft(page, 3);

  await expect(history(page).getByRole('listitem')).toHaveCount(3);
  await expect(history(page).getByRole('listitem').first()).toContainText('Version 3: Saved');
  await expect(versionEntry(page, 1)).toContainText('Created');
  await expect(versionEntry(page, 1)).toContainText(/@example\.org/);

  const changes = await compare(page, 1, 3);
  await expect(page).toHaveURL(/from=1&to=3/);
  await expect(changes.getByRole('heading', { name: 'Description' })).toBeVisible();
  await expect(changes.getByRole('deletion').filter({ hasText: 'first text' })).toBeVisible();
  await expect(changes.getByRole('insertion').filter({ hasText: 'third wording' })).toBeVisible();
  await expect(changes.getByRole('deletion').filter({ hasText: 'science' })).toBeVisible();
  await expect(changes.getByRole('insertion').filter({ hasText: 'maths' })).toBeVisible();
  // The marks are words too, not colour alone.
  await expect(changes.getByRole('deletion').first()).toContainText('removed:');

  await versionEntry(page, 1)
    .getByRole('button', { name: /^Restore this version/ })
    .click();
  await expect(page.getByText('Restored version 1 as version 4.')).toBeVisible();
  await expect(label(page, 'Description')).toHaveValue('The first text of the science fair.');
  await expect(history(page).getByRole('listitem')).toHaveCount(4);
  await expect(history(page).getByRole('listitem').first()).toContainText('Version 4: Restored an earlier version');
});

test('a draft event: a preview link opens signed out, shows the draft and is not indexed', async ({ page, browser }) => {
  const marker = `Preview fair ${Date.now().toString(36)}`;
  await signIn(page, addStaff('contributor'));
  await page.goto('/admin/events/new');
  await label(page, 'Title').fill(marker);
  await label(page, 'Date').fill('2025-08-14');
  await label(page, 'Description').fill('Shown only through the preview link.');
  await saveDraft(page, 1);
  await page.getByRole('button', { name: 'Preview link' }).click();
  const link = label(page, 'Preview link');
  await expect(link).toHaveValue(/\/preview\/[^/]+$/);
  await expect(page.getByText(/^Works for anyone with the link until \d/)).toBeVisible();
  const url = await link.inputValue();
  await expect(page.getByRole('link', { name: 'Open preview' })).toHaveAttribute('href', url);

  const signedOut = await browser.newContext();
  try {
    const visitor = await signedOut.newPage();
    const response = await visitor.goto(url);
    expect(response?.status()).toBe(200);
    await expect(visitor.getByText(marker).first()).toBeVisible();
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  } finally {
    await signedOut.close();
  }
  // A published item offers no preview link: it is on the site already.
});

test('an information page: compare two saves and restore the first, then the original text', async ({ page }) => {
  const stamp = Date.now().toString(36);
  await signIn(page, addStaff('editor'));
  await page.goto('/admin/pages/timings');
  const original = await label(page, 'Introduction').inputValue();
  try {
    await label(page, 'Introduction').fill(`Timings history first ${stamp}.`);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
    const first = Number((await page.getByText(/ · version \d+ · /).textContent())?.match(/version (\d+)/)?.[1]);
    await label(page, 'Introduction').fill(`Timings history second ${stamp}.`);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText(` · version ${first + 1} · `)).toBeVisible();
    await expect(history(page).getByRole('listitem').first()).toContainText(`Version ${first + 1}: Published`);

    const changes = await compare(page, first, first + 1);
    await expect(changes.getByRole('deletion').filter({ hasText: 'first' })).toBeVisible();
    await expect(changes.getByRole('insertion').filter({ hasText: 'second' })).toBeVisible();

    await versionEntry(page, first)
      .getByRole('button', { name: /^Restore this version/ })
      .click();
    await expect(page.getByText(`Restored version ${first} as version ${first + 2}.`)).toBeVisible();
    await expect(label(page, 'Introduction')).toHaveValue(`Timings history first ${stamp}.`);
    await expect(history(page).getByRole('listitem').first()).toContainText('Restored an earlier version');
  } finally {
    await page.goto('/admin/pages/timings');
    await label(page, 'Introduction').fill(original);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('compare and restore are plain forms; restoring over a newer save is refused and nothing is lost', async ({ page, context }) => {
    await signIn(page, addStaff('editor'));
    await page.goto('/admin/events/new');
    await label(page, 'Title').fill(`Plain fair ${Date.now().toString(36)}`);
    await label(page, 'Date').fill('2025-08-14');
    await label(page, 'Description').fill('Morning assembly in the hall.');
    await saveDraft(page, 1);
    await label(page, 'Description').fill('Evening assembly in the hall.');
    await saveDraft(page, 2);
    const changes = await compare(page, 1, 2);
    await expect(changes.getByRole('deletion').filter({ hasText: 'Morning' })).toBeVisible();
    await expect(changes.getByRole('insertion').filter({ hasText: 'Evening' })).toBeVisible();

    // A colleague (here another tab) saves meanwhile; restoring from the older page is refused.
    const other = await context.newPage();
    await other.goto(page.url());
    await label(other, 'Description').fill('Noon assembly in the hall.');
    await saveDraft(other, 3);
    await versionEntry(page, 1)
      .getByRole('button', { name: /^Restore this version/ })
      .click();
    await expect(page.getByRole('alert')).toContainText('Someone else saved this item after you opened it.');
    await expect(page.getByRole('region', { name: 'The version saved meanwhile (version 3)' })).toContainText('Noon assembly');
    await other.reload();
    await expect(label(other, 'Description')).toHaveValue('Noon assembly in the hall.');
    await expect(history(other).getByRole('listitem')).toHaveCount(3);
  });
});
