import { expect, test, type Page } from '@playwright/test';
import { offlineBaseURL } from '../../playwright.config';
import { control, expectStored, expectValues, fill, storedSubmissions, validEntry } from './alumni-form';

// Sending the alumni form: success clears it and stores every field as typed; a failure keeps
// every typed value. Each flow runs with JavaScript and as a plain form post without it.

const SUCCESS = 'Your Form Submitted Successfully.';
const unique = (label: string) => `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function submitValid(page: Page, tag: string) {
  const entry = validEntry(tag);
  await page.goto('/alumni');
  await fill(page, entry);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toHaveText(SUCCESS);
  await expectValues(page, {});
  expectStored(entry);
  return entry;
}

async function submitOffline(page: Page, tag: string) {
  const entry = validEntry(tag);
  await page.goto(`${offlineBaseURL}/alumni`);
  await fill(page, entry);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'could not reach the school’s server' })).toContainText(
    'your form was not sent. Everything you typed is still here',
  );
  await expectValues(page, entry);
  await expect(page.getByText(SUCCESS)).toHaveCount(0);
  expect(storedSubmissions(entry.email)).toHaveLength(0);
  // The button is usable again for another try.
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
}

test.describe('with JavaScript', () => {
  test('a valid submission shows the success text, clears the form and stores every field', async ({ page }) => {
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/alumni')) posts += 1;
    });
    await submitValid(page, unique('js'));
    expect(posts).toBe(1);
    // Focus moves to the message, so keyboard and screen-reader users land on it.
    await expect(page.locator('#alumni-notice')).toBeFocused();
  });

  test('while sending, the button says Submitting… and cannot be pressed again', async ({ page }) => {
    const entry = validEntry(unique('pending'));
    await page.goto('/alumni');
    await fill(page, entry);
    // Hold the route's POST briefly so the pending state can be seen.
    await page.route('**/alumni*', async (route) => {
      if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    const pending = page.getByRole('button', { name: 'Submitting…' });
    await expect(pending).toBeDisabled();
    await control(page, 'name').press('Enter'); // a second submit attempt by keyboard
    await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toHaveText(SUCCESS);
    expect(storedSubmissions(entry.email)).toHaveLength(1);
  });

  test('with the API unreachable, a clear error and every typed value still there', async ({ page }) => {
    await submitOffline(page, unique('off'));
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the server checks the form and keeps what was typed', async ({ page }) => {
    const entry = validEntry(unique('nojs'));
    const partial = { name: entry.name, email: 'asha@', address: entry.address, fromYear: entry.fromYear, profession1: '8' };
    await page.goto('/alumni');
    await fill(page, partial);
    await page.getByRole('button', { name: 'Submit' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Please correct' });
    await expect(summary).toContainText('Enter a valid email address, like name@example.org.');
    await expect(summary).toContainText('Last Class is required.');
    await expect(control(page, 'phone')).toHaveAccessibleDescription(/Mobile is required\.$/);
    await expect(control(page, 'name')).not.toHaveAttribute('aria-invalid', 'true');
    await expectValues(page, partial);
  });

  test('a valid submission shows the success text, clears the form and stores every field', async ({ page }) => {
    await submitValid(page, unique('nojs'));
  });

  test('with the API unreachable, a clear error and every typed value still there', async ({ page }) => {
    await submitOffline(page, unique('offnojs'));
  });
});
