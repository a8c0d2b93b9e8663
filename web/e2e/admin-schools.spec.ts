import { expect, test, type Page } from '@playwright/test';
import { addOperator, addStaff, signIn, signOut, staffNavLink, STAFF_PASSWORD } from './admin-helpers';
import { onOwnServer } from './support/own-server';
import { axeBuilder } from './support/axe';

// The platform operator's page /admin/schools (issue 31), at phone width: create a school with a
// host name, add another, suspend it (its site says it is temporarily unavailable, with 503) and
// lift it; an administrator is refused the page. On a server of its own: it adds schools and host names.

const { base, dataDir, port } = onOwnServer({ offset: 17, name: 'schools', serial: true });

test.use({ viewport: { width: 390, height: 844 } });

/** The school's card in the list. */
const card = (page: Page, name: string | RegExp) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, level: 3 }) });

/** The message must be on screen after a click (decision 0124). */
async function expectMessage(page: Page, text: string | RegExp) {
  const message = page.locator('.admin-alert').filter({ hasText: text });
  await expect(message).toBeVisible();
  await expect(message).toBeInViewport();
}

test('an operator creates a school, adds a host name, suspends and lifts it', async ({ page, request }) => {
  await signIn(page, addOperator(dataDir));
  await (await staffNavLink(page, 'Schools')).click();
  await expect(page.getByRole('heading', { name: 'Schools', level: 1 })).toBeVisible();
  await expect(card(page, /^St\. Thomas.*\(STHSM\)$/)).toContainText('sthsm.localhost');

  // A malformed code is refused in the API's words, with what was typed kept.
  const create = page.getByRole('region', { name: 'Create a school' });
  await create.getByLabel('Code', { exact: true }).fill('g v');
  await create.getByLabel('Name', { exact: true }).fill('Green Valley School');
  await create.getByLabel('Host names').fill('gvs.localhost');
  await create.getByRole('button', { name: 'Create school' }).click();
  await expectMessage(page, 'Please correct the highlighted fields.');
  await expect(page.getByRole('alert')).toContainText('"g v" is not a valid school code: use 2 to 32 letters, digits, _ or -.');
  await expect(create.getByLabel('Name', { exact: true })).toHaveValue('Green Valley School');

  await create.getByLabel('Code', { exact: true }).fill('gvs');
  await create.getByRole('button', { name: 'Create school' }).click();
  await expectMessage(page, 'Created Green Valley School (GVS). Invite its first administrator below.');
  const school = card(page, 'Green Valley School (GVS)');
  await expect(school).toContainText('gvs.localhost');
  await expect(school).toContainText('0 people on its staff');
  await page.screenshot({ path: test.info().outputPath('schools-created-390.png'), fullPage: true });

  // A host name that another school is served on is refused; a new one is added.
  await school.getByLabel('Add a host name to Green Valley School').fill('sthsm.localhost');
  await school.getByRole('button', { name: 'Add host name' }).click();
  await expectMessage(page, 'sthsm.localhost is already a host name of STHSM.');
  await school.getByLabel('Add a host name to Green Valley School').fill('www.gvs.localhost');
  await school.getByRole('button', { name: 'Add host name' }).click();
  await expectMessage(page, 'Green Valley School is now served on www.gvs.localhost. Every server follows within a minute.');
  await expect(school).toContainText('www.gvs.localhost');

  // Its site answers on the new host name (its first pages are its own: no St. Thomas content).
  const site = await request.get(`http://127.0.0.1:${port}/`, { headers: { host: `www.gvs.localhost:${port}` } });
  expect(site.status()).toBe(200);
  expect(await site.text()).not.toContain('St. Thomas');

  // The first administrator: an invitation link to pass on (no e-mail on this server).
  await school.getByLabel('Invite an administrator of Green Valley School (email)').fill('head@gvs.example');
  await school.getByRole('button', { name: 'Invite administrator' }).click();
  await expectMessage(page, 'Invitation made for head@gvs.example as administrator of Green Valley School.');
  await expect(page.getByLabel('One-time link for head@gvs.example')).toHaveValue(
    new RegExp(`^http://gvs\\.localhost:${port}/admin/set-password/`),
  );

  await school.getByRole('button', { name: 'Suspend Green Valley School' }).click();
  await expectMessage(page, /Green Valley School is suspended/);
  await expect(card(page, 'Green Valley School (GVS) Suspended')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('schools-suspended-390.png'), fullPage: true });
  const suspended = await request.get(`http://127.0.0.1:${port}/`, { headers: { host: `gvs.localhost:${port}` } });
  expect(suspended.status()).toBe(503);
  expect(suspended.headers()['retry-after']).toBe('3600');
  expect(await suspended.text()).toContain('temporarily unavailable');

  const { violations } = await axeBuilder(page).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  await card(page, 'Green Valley School (GVS) Suspended').getByRole('button', { name: 'Lift suspension of Green Valley School' }).click();
  await expectMessage(page, 'Green Valley School is no longer suspended: its public site is back.');
  expect((await request.get(`http://127.0.0.1:${port}/`, { headers: { host: `gvs.localhost:${port}` } })).status()).toBe(200);

  await school.getByRole('button', { name: 'Remove www.gvs.localhost' }).click();
  await expectMessage(page, 'Green Valley School is no longer served on www.gvs.localhost.');
  const gone = await request.get(`http://127.0.0.1:${port}/`, { headers: { host: `www.gvs.localhost:${port}` } });
  expect(gone.status()).toBe(404);
  expect(await gone.text()).toContain('No school is served at this address.');
  await signOut(page);
});

test('works without JavaScript and at 320 px', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 320, height: 700 }, baseURL: base });
  const page = await context.newPage();
  await signIn(page, addOperator(dataDir), STAFF_PASSWORD, '/admin/login');
  await page.goto('/admin/schools');
  const create = page.getByRole('region', { name: 'Create a school' });
  await create.getByLabel('Code', { exact: true }).fill('NOJS');
  await create.getByLabel('Name', { exact: true }).fill('Plain Form School');
  await create.getByLabel('Host names').fill('bad_host');
  await create.getByRole('button', { name: 'Create school' }).click();
  await expect(page.getByRole('alert')).toContainText('"bad_host" is not a host name a school can be served on.');
  await expect(create.getByLabel('Code', { exact: true })).toHaveValue('NOJS');
  await create.getByLabel('Host names').fill('nojs.localhost');
  await create.getByRole('button', { name: 'Create school' }).click();
  await expect(page.getByText('Created Plain Form School (NOJS).')).toBeVisible();
  await card(page, 'Plain Form School (NOJS)').getByRole('button', { name: 'Suspend Plain Form School' }).click();
  await expect(page.getByText(/Plain Form School is suspended/)).toBeVisible();
  // Nothing is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await context.close();
});

test('an administrator is refused the page and does not see it in the menu', async ({ page }) => {
  await signIn(page, addStaff('admin', { dataDir }));
  await expect(await staffNavLink(page, 'Staff')).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Schools', exact: true })).toHaveCount(0);
  const res = await page.goto('/admin/schools');
  expect(res?.status()).toBe(403);
  await expect(page.getByText('Only platform operators can do this.')).toBeVisible();
});
