import { expect, test } from '@playwright/test';
import { addStaff, signIn, signOut, STAFF_PASSWORD, totpCode } from './admin-helpers';
import { axeBuilder } from './support/axe';

// Two-factor sign-in from the person's side: set it up under Your account with the key the page
// shows (the test computes the app's code), keep the backup codes, then sign in with a code, and
// once with a backup code. The code step is scanned by axe at 390 and 1280 px.

test('turn on two-factor sign-in, then sign in with a code and with a backup code', async ({ page }) => {
  test.setTimeout(60_000);
  const email = addStaff('editor');
  await signIn(page, email);
  await page.goto('/admin/account');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secret = (await page.locator('.admin-secret code').innerText()).replaceAll(' ', '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Code from the app').fill(totpCode(secret, new Date()));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByText('Two-factor sign-in is on.')).toBeVisible();
  const backupCodes = await page.locator('.admin-codes code').allInnerTexts();
  expect(backupCodes).toHaveLength(10);
  await signOut(page);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const { violations } = await axeBuilder(page).analyze();
    expect(violations.map((v) => `${v.id} @${width}`)).toEqual([]);
  }
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not correct');
  // The app's next code (one step of drift is allowed): the one that turned two-factor on is
  // spent, as each code is accepted once.
  await page.getByLabel('Code').fill(totpCode(secret, new Date(Date.now() + 30_000)));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await expect(page.getByText('Two-factor sign-in is on for your account.')).toBeVisible();
  await signOut(page);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Code').fill(backupCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
});
