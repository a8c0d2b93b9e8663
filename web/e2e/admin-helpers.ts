import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { e2eDataDir } from '../../playwright.config';

// Staff accounts for browser tests, made as the operator makes them: `npm run staff -- add`
// against the test server's own database (web/e2e runs the real server on a fresh DATA_DIR).

export const STAFF_PASSWORD = 'e2e staff passphrase';
let counter = 0;

/** Adds a person to a school with a role and a password; returns their e-mail address. */
export function addStaff(
  role: 'admin' | 'editor' | 'contributor',
  options: { school?: string; dataDir?: string; password?: string } = {},
): string {
  const email = `${role}${++counter}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.org`;
  execFileSync(
    process.execPath,
    [
      'api/src/staff/cli.ts',
      'add',
      '--school',
      options.school ?? 'STHSM',
      '--email',
      email,
      '--role',
      role,
      '--name',
      `${role[0]!.toUpperCase()}${role.slice(1)} ${counter}`,
      '--password-stdin',
    ],
    {
      env: { ...process.env, DATA_DIR: options.dataDir ?? e2eDataDir, LOG_LEVEL: 'silent' },
      input: `${options.password ?? STAFF_PASSWORD}\n`,
      timeout: 20_000,
    },
  );
  return email;
}

/** A platform operator with a password, made as the operator makes one (`npm run staff -- operator`). */
export function addOperator(dataDir: string = e2eDataDir): string {
  const email = `operator${++counter}-${Date.now().toString(36)}@example.org`;
  execFileSync(process.execPath, ['api/src/staff/cli.ts', 'operator', '--email', email, '--password-stdin'], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    input: `${STAFF_PASSWORD}\n`,
    timeout: 20_000,
  });
  return email;
}

/** Adds a person without a password; returns the set-password link the CLI printed last. */
export function inviteByCli(role: 'admin' | 'editor' | 'contributor', baseURL: string): { email: string; link: string } {
  const email = `invited${++counter}-${Date.now().toString(36)}@example.org`;
  const out = execFileSync(process.execPath, ['api/src/staff/cli.ts', 'add', '--school', 'STHSM', '--email', email, '--role', role], {
    env: { ...process.env, DATA_DIR: e2eDataDir, SITE_URL: baseURL, LOG_LEVEL: 'silent' },
    timeout: 20_000,
  }).toString();
  return { email, link: out.trim().split('\n').at(-1)! };
}

export async function signIn(page: Page, email: string, password = STAFF_PASSWORD, path = '/admin/login'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
}

/** Signs out and waits until the server has ended the session (the sign-in page shows): a test that
 * navigates on at once would otherwise abort the sign-out and go on signed in. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}

/** What an authenticator app shows for a base32 key at `now` (RFC 6238: SHA-1, 6 digits, 30 s), written out here. */
export function totpCode(base32Key: string, now: Date): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of base32Key.replace(/=+$/, '')) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const step = Buffer.alloc(8);
  step.writeBigUInt64BE(BigInt(Math.floor(now.getTime() / 30_000)));
  const mac = createHmac('sha1', key).update(step).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * A place in the staff area's navigation, reached as a person does: on a phone the header holds a
 * "Menu" that opens it first (issue 30, item 6); on a wide screen every link is in view.
 */
export async function staffNavLink(page: Page, name: string): Promise<Locator> {
  const menu = page.getByRole('navigation', { name: 'Staff area' }).getByText('Menu', { exact: true });
  if (await menu.isVisible()) {
    await menu.click();
    await expect(page.getByRole('navigation', { name: 'Staff area' }).getByRole('group', { name: 'Content' })).toBeVisible();
  }
  return page.getByRole('navigation').getByRole('link', { name, exact: true });
}
