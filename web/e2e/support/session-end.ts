import { expect, type Browser, type Page } from '@playwright/test';
import { STAFF_PASSWORD } from '../admin-helpers';

// Ending a staff session in the middle of an edit (STAFF.md "Nothing typed is lost"), for the specs
// that prove a save meeting an ended session keeps the text.

/** Ends this page's session on the server: the same session signs out in another window. */
export async function endSession(browser: Browser, page: Page): Promise<void> {
  const other = await browser.newContext({ storageState: await page.context().storageState() });
  const window = await other.newPage();
  await window.goto('/admin');
  await window.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(window.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await other.close();
}

/** Signs in on the sign-in page a refused save led to (it says why), and is taken back to `path`. */
export async function signInAgain(page: Page, email: string, path: string): Promise<void> {
  await expect(page).toHaveURL(/\/admin\/login\?next=.*&ended=1$/);
  await expect(page.getByRole('status')).toContainText('Your session ended before your save, so it was not saved.');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(path);
}
