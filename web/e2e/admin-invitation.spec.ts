import { expect, test } from '@playwright/test';
import { addStaff, signIn, signOut, STAFF_PASSWORD } from './admin-helpers';
import { axeBuilder } from './support/axe';

// Joining a second school is the person's own act (docs/decisions/0117): an administrator of St.
// Thomas invites someone who already works for the second demo school; the link does not open their
// account — they sign in from it and press Join. At phone width, looking at what a person sees.

test.use({ viewport: { width: 390, height: 844 } });

test('someone who works for another school joins by signing in from the invitation link', async ({ page }) => {
  const teacher = addStaff('editor', { school: 'DEMO2' });
  await signIn(page, addStaff('admin'));
  await page.goto('/admin/staff');
  const invite = page.getByRole('region', { name: 'Invite someone' });
  await invite.getByLabel('Email').fill(teacher);
  await invite.getByLabel('Role').selectOption({ label: 'Contributor' });
  await invite.getByRole('button', { name: 'Invite' }).click();
  // The same answer as for a brand-new address: nothing tells this school the address works elsewhere.
  await expect(page.getByText(`Invitation made for ${teacher}.`)).toBeVisible();
  const link = await page.getByLabel(`One-time link for ${teacher}`).inputValue();
  await expect(page.getByRole('listitem').filter({ hasText: teacher })).toContainText('invited, link works until');
  await signOut(page);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Join the staff area' })).toBeVisible();
  // Holding the link does not open an account that already exists.
  await page.getByLabel('New password').fill('a password chosen by the link holder');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('alert')).toContainText(`There is already a staff account for ${teacher}. Sign in with it`);
  await page.getByRole('link', { name: 'Sign in to accept the invitation' }).click();
  await page.getByLabel('Email').fill(teacher);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { name: /^Join St\. Thomas/ })).toBeVisible();
  const { violations } = await axeBuilder(page).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  await page.getByRole('button', { name: /^Join St\. Thomas/ }).click();
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
  await page.goto('/admin/news');
  await expect(page.getByRole('heading', { name: 'News', exact: true })).toBeVisible();
  // The link is spent.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
});
