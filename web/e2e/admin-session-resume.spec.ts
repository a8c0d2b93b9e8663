import { expect, test, type Page } from '@playwright/test';
import { addStaff, signIn } from './admin-helpers';
import { basename } from 'node:path';
import { newAlbum, uploadAll } from './media-helpers';
import { makeSmallPhotos } from './support/media-photos';
import { onOwnServer } from './support/own-server';
import { hydrated } from './support/slow-phone';
import { endSession, signInAgain } from './support/session-end';

// A save that meets an ended session loses nothing (issue 14 item 6, STAFF.md "Nothing typed is
// lost"): the session is ended on the server (signed out from another window of the same session),
// Save goes to the sign-in page, which says so and returns to the form; the form comes back with
// what was typed and a line saying so, and saves with one click; the version check still applies.
// Without JavaScript the sign-in page says honestly that the text could not be kept.

// On a server of its own (E2E_PORT + 11): it saves the timings page and principal's messages that other specs read.
const { dataDir } = onOwnServer({ offset: 11, name: 'session-resume' });

const label = (page: Page, text: string) => page.getByLabel(text, { exact: true });
const KEPT = 'Your session ended before your save, so nothing was saved. What you typed is back in the form below';

test('a news item: typed, the session ends, Save → sign in → the text is back → Save works', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const email = addStaff('editor', { dataDir });
  await signIn(page, email);
  await page.goto('/admin/news/new');
  await label(page, 'Title').fill('Session resume news');
  await label(page, 'Date').fill('2025-08-14');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  const path = new URL(page.url()).pathname;
  await hydrated(page);
  await label(page, 'Title').fill('Session resume news, typed after the session ended');
  await label(page, 'Description').fill('A long description typed with care.');
  await endSession(browser, page);

  await page.getByRole('button', { name: 'Save draft' }).click();
  await signInAgain(page, email, path);
  await expect(page.getByRole('status').filter({ hasText: KEPT })).toBeVisible();
  await expect(label(page, 'Title')).toHaveValue('Session resume news, typed after the session ended');
  await expect(label(page, 'Description')).toHaveValue('A long description typed with care.');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save draft' }).click();
  // "Saved." exactly: the line about the kept text ("…nothing was saved…") may stand beside it for a
  // frame while the page takes the new version; it must be gone once saved.
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  await expect(page.getByText(KEPT)).toHaveCount(0);
  await expect(page.getByText(/ · version 2$/)).toBeVisible();
  await expect(label(page, 'Title')).toHaveValue('Session resume news, typed after the session ended');
  // Saved: opening the form again puts nothing back.
  await page.goto(path);
  await expect(page.getByText(KEPT)).toHaveCount(0);
});

test('two saves in a row, then away and back: nothing old comes back, and Publish saves against the current version', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, addStaff('editor', { dataDir }));
  await page.goto('/admin/news/new');
  await label(page, 'Title').fill('Saved twice');
  await label(page, 'Date').fill('2025-08-14');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  const path = new URL(page.url()).pathname;
  await hydrated(page);
  // The second save starts from a page that already says "Saved." (…?saved=1).
  await label(page, 'Title').fill('Saved twice, the second time');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText(/ · version 2$/)).toBeVisible();
  await page.goto('/admin/news');
  await page.goto(path);
  await hydrated(page);
  await expect(page.getByText(KEPT)).toHaveCount(0);
  await expect(label(page, 'Title')).toHaveValue('Saved twice, the second time');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  await expect(page.getByText(/Status: Published · version 3$/)).toBeVisible();
});

test('a save whose answer never arrived but which landed is not put back as kept text', async ({ page }) => {
  test.setTimeout(90_000);
  const [photo] = (await makeSmallPhotos(`landed${Date.now().toString(36)}`, 1)) as [string];
  await signIn(page, addStaff('editor', { dataDir }));
  const id = await newAlbum(page, `Landed ${Date.now().toString(36)}`);
  await uploadAll(page, [photo]);
  // The server saves; the answer is lost on the way back (the person has already left).
  let landed = false;
  await page.route(/\/admin\/albums\/[^/]+\.data/, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await route.fetch();
    landed = true;
    return route.abort();
  });
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect.poll(() => landed).toBe(true);
  await page.unrouteAll({ behavior: 'wait' });
  // Meanwhile the photo's alt text is written on its own page, so the album form differs from the kept text.
  await page.goto('/admin/media');
  await page
    .getByRole('list', { name: 'Files' })
    .getByRole('link', { name: new RegExp(basename(photo)) })
    .click();
  await label(page, 'Alt text').fill('A relay baton changing hands');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  await page.goto(`/admin/albums/${id}`);
  await hydrated(page);
  await expect(page.getByText(/ · version 2$/)).toBeVisible();
  await expect(page.getByText(KEPT)).toHaveCount(0);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/Status: Published · version 3$/)).toBeVisible();
});

test("the principal's message in the rich-text editor comes back, and a colleague's save meanwhile is a conflict with both texts", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = addStaff('editor', { dataDir });
  await signIn(page, email);
  await page.goto('/admin/principal-message/new');
  await expect(page.getByRole('toolbar', { name: 'Formatting of Message' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('First words of the message');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
  const path = new URL(page.url()).pathname;
  await expect(page.getByRole('toolbar', { name: 'Formatting of Message' })).toBeVisible();
  const editing = page.getByRole('textbox', { name: 'Message', exact: true });
  await editing.click();
  await page.keyboard.press('End');
  await page.keyboard.type(', and mine typed later');
  await endSession(browser, page);
  // Meanwhile a colleague saves the same message.
  const colleague = await browser.newContext();
  const theirs = await colleague.newPage();
  await signIn(theirs, addStaff('editor', { dataDir }));
  await theirs.goto(path);
  // The plain text area gives way to the editor when the page starts; fill the editor, not the text area
  // that can vanish under the fill (one flaky pass in CI).
  await expect(theirs.getByRole('toolbar', { name: 'Formatting of Message' })).toBeVisible();
  await theirs.getByRole('textbox', { name: 'Message', exact: true }).fill('The colleague rewrote it');
  await theirs.getByRole('button', { name: 'Save draft' }).click();
  await expect(theirs.getByText('Saved.', { exact: true })).toBeVisible();
  await colleague.close();

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/login/);
  await signInAgain(page, email, path);
  await expect(page.getByText(KEPT)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveText('First words of the message, and mine typed later');
  await page.getByRole('button', { name: 'Save draft' }).click();
  const conflict = page.getByRole('region', { name: /The version saved meanwhile/ });
  await expect(conflict).toContainText('The colleague rewrote it');
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveText('First words of the message, and mine typed later');
});

test('an information page: the typed text comes back after signing in again', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const email = addStaff('editor', { dataDir });
  await signIn(page, email);
  await page.goto('/admin/pages/timings');
  await hydrated(page);
  const field = label(page, 'Introduction');
  const typed = `${await field.inputValue()} Typed before the session ended.`;
  await field.fill(typed);
  await endSession(browser, page);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await signInAgain(page, email, '/admin/pages/timings');
  await expect(page.getByText(KEPT)).toBeVisible();
  await expect(label(page, 'Introduction')).toHaveValue(typed);
});

test('without JavaScript the sign-in page says the text could not be kept and returns to the form', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = addStaff('editor', { dataDir });
  await signIn(page, email);
  await page.goto('/admin/events/new');
  await label(page, 'Title').fill('Typed without JavaScript');
  await endSession(browser, page);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status')).toContainText(
    'Without JavaScript it cannot be kept here; go Back in your browser to copy it first.',
  );
  await signInAgain(page, email, '/admin/events/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New event' })).toBeVisible();
  await context.close();
});
