import { expect, test, type Browser } from '@playwright/test';
import { SIGN_IN_FAILED } from '@sthsm/contract/staff-words';
import { addStaff, STAFF_PASSWORD } from './admin-helpers';

// STAFF.md "Getting in": 20 failed sign-ins from one address lock that address — only that one.
// Two visitors use the sign-in form in their own browsers, each behind a reverse proxy on this
// machine that names them (X-Forwarded-For from loopback, which the server trusts by default):
// the stranger who fails 20 times is locked, a staff member elsewhere still signs in. Then the
// audit log's "Action starts with" filter finds the failed sign-ins by their real action name.

async function visitor(browser: Browser, address: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address } });
  return { context, page: await context.newPage() };
}

test('one stranger’s 20 failures lock only their address; another visitor signs in', async ({ browser }) => {
  test.setTimeout(120_000);
  const stranger = await visitor(browser, '203.0.113.61');
  const staff = await visitor(browser, '198.51.100.62');
  const email = addStaff('editor');
  await stranger.page.goto('/admin/login');
  for (let i = 0; i < 20; i++) {
    await stranger.page.getByLabel('Email').fill(`guess${i}@example.org`);
    await stranger.page.getByLabel('Password').fill('some wrong password');
    await stranger.page.getByRole('button', { name: 'Sign in' }).click();
    await expect(stranger.page.getByRole('alert')).toHaveText(SIGN_IN_FAILED);
  }
  await stranger.page.getByLabel('Email').fill(email);
  await stranger.page.getByLabel('Password').fill(STAFF_PASSWORD);
  await stranger.page.getByRole('button', { name: 'Sign in' }).click();
  await expect(stranger.page.getByRole('alert')).toHaveText('Too many failed sign-in attempts. Try again in 15 minutes.');

  await staff.page.goto('/admin/login');
  await staff.page.getByLabel('Email').fill(email);
  await staff.page.getByLabel('Password').fill(STAFF_PASSWORD);
  await staff.page.getByRole('button', { name: 'Sign in' }).click();
  await expect(staff.page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await stranger.context.close();
  await staff.context.close();
});

test('the audit log filters by session.sign_in_failed: the failed sign-in of this school’s staff, from its address', async ({
  browser,
}) => {
  const admin = await visitor(browser, '198.51.100.63');
  const email = addStaff('admin');
  const { page } = admin;
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not the right password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(SIGN_IN_FAILED);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await page.goto('/admin/audit');
  await page.getByLabel('Action starts with').fill('session.sign_in_failed');
  await page.getByLabel('Who (part of the email)').fill(email);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/action=session\.sign_in_failed/);
  const rows = page.getByRole('region', { name: 'Audit log entries' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Failed sign-in');
  await expect(rows.first()).toContainText('198.51.100.63');
  await admin.context.close();
});
