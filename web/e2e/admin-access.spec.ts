import { expect, test } from '@playwright/test';
import { SIGN_IN_FAILED } from '@sthsm/contract/staff-words';
import { addStaff, signIn, STAFF_PASSWORD } from './admin-helpers';

// Getting in and being kept out (STAFF.md): signed out, every staff page redirects to the sign-in
// page and comes back afterwards, and the API answers 401; the exact wrong-password and lockout
// messages; an editor gets 403 on staff management; sign-in by keyboard alone.

test('signed out, a staff page redirects to sign-in and returns to it afterwards; the API answers 401', async ({ page, request }) => {
  const email = addStaff('admin');
  for (const path of ['/admin', '/admin/staff', '/admin/audit', '/admin/account', '/admin/no-such-page']) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(302);
    expect(res.headers().location, path).toBe(`/admin/login?next=${encodeURIComponent(path)}`);
    expect(res.headers()['cache-control']).toBe('no-store');
  }
  for (const path of ['/api/admin/me', '/api/admin/STHSM/staff', '/api/admin/STHSM/audit']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(401);
  }
  await page.goto('/admin/audit');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Faudit$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  // The sign-in just made is in the log.
  await expect(page.getByRole('cell', { name: email }).first()).toBeVisible();
});

test('wrong password and unknown e-mail get the same message; 5 failures lock the account with a time to try again', async ({ page }) => {
  const email = addStaff('editor');
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill('nobody-here@example.org');
  await page.getByLabel('Password').fill('some wrong password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(SIGN_IN_FAILED);
  // The typed e-mail is kept.
  await expect(page.getByLabel('Email')).toHaveValue('nobody-here@example.org');
  for (let i = 0; i < 5; i++) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(`wrong password ${i}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(SIGN_IN_FAILED);
  }
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Too many failed sign-in attempts. Try again in 15 minutes.');
});

test('an editor is refused staff management and the audit log (403)', async ({ page }) => {
  await signIn(page, addStaff('editor'));
  for (const path of ['/admin/staff', '/admin/audit']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(403);
    await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  }
  const csv = await page.request.get('/admin/audit.csv');
  expect(csv.status()).toBe(403);
});

test('sign-in with the keyboard alone: Tab to each field, type, Enter', async ({ page }) => {
  const email = addStaff('contributor');
  await page.goto('/admin/login');
  const fields = [page.getByLabel('Email'), page.getByLabel('Password')];
  const values = [email, STAFF_PASSWORD];
  for (let f = 0; f < fields.length; f++) {
    for (let i = 0; !(await fields[f]!.evaluate((el) => el === document.activeElement)); i++) {
      expect(i, 'field reached by Tab').toBeLessThan(10);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.type(values[f]!);
  }
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  // Sign out by keyboard too: the button is reachable and works with Enter.
  const signOut = page.getByRole('button', { name: 'Sign out', exact: true });
  for (let i = 0; !(await signOut.evaluate((el) => el === document.activeElement)); i++) {
    expect(i, 'Sign out reached by Tab').toBeLessThan(15);
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect((await page.request.get('/api/admin/me')).status()).toBe(401);
});

test('sign-in works without JavaScript (a plain form post)', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = addStaff('editor');
  await page.goto('/admin/login?next=%2Fadmin%2Faccount');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await context.close();
});
