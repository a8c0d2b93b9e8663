import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { demo2BaseURL, demo2LogFile } from '../../playwright.config';
import { signOut } from './admin-helpers';
import { axeBuilder } from './support/axe';

// STAFF.md "Getting in", end to end on a fresh server (the DEMO2 one: nobody else touches its
// staff): the setup link printed at start → the first administrator → signs in → invites an editor
// by link → the editor chooses a password and signs in, and cannot reach staff management.

test.use({ baseURL: demo2BaseURL });
test.describe.configure({ mode: 'serial' });

function setupLinkFromConsole(): string {
  const line = readFileSync(demo2LogFile, 'utf8')
    .split('\n')
    .find((l) => l.includes('/admin/setup/'));
  const link = line?.match(/https?:\/\/\S+\/admin\/setup\/[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error(`no setup link in ${demo2LogFile}`);
  return link;
}

const ADMIN = { name: 'Asha Rao', email: 'asha.rao@example.org', password: 'first admin passphrase' };
let inviteLink = '';

test('the setup link creates the first administrator, who then invites an editor', async ({ page }) => {
  const link = setupLinkFromConsole();
  expect(link.startsWith(demo2BaseURL)).toBe(true);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Create the first administrator' })).toBeVisible();
  // The one page only this server can show: scanned here at both widths (admin-a11y.spec.ts has the rest).
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const { violations } = await axeBuilder(page).analyze();
    expect(violations.map((v) => `${v.id} @${width}`)).toEqual([]);
  }
  await page.getByLabel('Your name').fill(ADMIN.name);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create administrator account' }).click();
  // The browser's own minlength check or the server's message: either way no account yet.
  await expect(page.getByRole('heading', { name: 'Create the first administrator' })).toBeVisible();
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Create administrator account' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${ADMIN.name}` })).toBeVisible();

  await signOut(page);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${ADMIN.name}` })).toBeVisible();

  await page.getByRole('navigation', { name: 'Staff area' }).getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();
  const invite = page.getByRole('region', { name: 'Invite someone' });
  await invite.getByLabel('Email').fill('ravi.editor@example.org');
  await invite.getByLabel('Name').fill('Ravi');
  await invite.getByLabel('Role').selectOption({ label: 'Editor' });
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText('Invitation made for ravi.editor@example.org.')).toBeVisible();
  inviteLink = await page.getByLabel('One-time link for ravi.editor@example.org').inputValue();
  expect(inviteLink).toMatch(new RegExp(`^${demo2BaseURL}/admin/set-password/[A-Za-z0-9_-]{43}$`));
  await expect(page.getByRole('heading', { name: 'Ravi' })).toBeVisible();
  await signOut(page);
});

test('the invited editor sets a password, signs in, and cannot reach staff management', async ({ page }) => {
  expect(inviteLink).not.toBe('');
  await page.goto(inviteLink);
  await expect(page.getByRole('heading', { name: 'Join the staff area' })).toBeVisible();
  await expect(page.getByText('ravi.editor@example.org')).toBeVisible();
  await page.getByLabel('New password').fill('qwertyuiop');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('This password is one of the most common ones. Choose another.').first()).toBeVisible();
  await page.getByLabel('New password').fill('ravi editor passphrase');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Ravi' })).toBeVisible();
  await expect(page.getByText(/as editor/)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Staff area' }).getByRole('link', { name: 'Staff' })).toHaveCount(0);
  const response = await page.goto('/admin/staff');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();

  await page.goto('/admin');
  await signOut(page);
  await page.getByLabel('Email').fill('ravi.editor@example.org');
  await page.getByLabel('Password').fill('ravi editor passphrase');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Ravi' })).toBeVisible();
  // The link was single-use.
  await page.goto(inviteLink);
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
});
