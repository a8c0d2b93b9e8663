import { expect, test, type Page } from '@playwright/test';
import { addStaff, signIn, staffNavLink } from './admin-helpers';
import { axeViolations } from './support/axe';
import { endSession, signInAgain } from './support/session-end';
import { hydrated } from './support/slow-phone';

// The personal-data breach register (issue 37) in the browser, on the shared server: an
// administrator at 390 px records a breach by keyboard (a refused first try keeps the text), sees the
// message in view, the 72-hour clock and the drafted notices, and its line on the dashboard; axe finds
// nothing on the list or the record at 390 and 1280 px. An editor has no menu entry and is refused the
// pages. The breach is closed at the end, so other specs' dashboards stay as they were.

/** A wall time in the school's zone (Asia/Kolkata, the server's default) `hours` ago, as datetime-local takes it. */
const kolkataHoursAgo = (hours: number) => new Date(Date.now() + 5.5 * 3_600_000 - hours * 3_600_000).toISOString().slice(0, 16);

async function typeInto(page: Page, label: string, text: string) {
  await page.getByLabel(label, { exact: true }).focus();
  await page.keyboard.type(text);
}

async function tick(page: Page, group: string, box: string) {
  await page.getByRole('group', { name: group }).getByLabel(box, { exact: true }).focus();
  await page.keyboard.press('Space');
}

test('an administrator records a breach by keyboard at 390 px and sees the clock and the drafts', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, addStaff('admin'));
  const school = (await page.locator('.admin-brand a').textContent())?.trim() ?? '';
  expect(school).not.toBe('');

  await (await staffNavLink(page, 'Breaches')).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Personal data breaches' })).toBeVisible();
  expect(await axeViolations(page, 'breach list at 390 px')).toEqual([]);

  await page.getByRole('link', { name: 'Record a breach' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Record a breach' })).toBeVisible();
  const what = `A list of alumni phone numbers was sent to the wrong group (${Date.now().toString(36)}).`;
  await typeInto(page, 'What happened', what);
  // Saved without the awareness time: refused, the message in view, the text kept.
  await page.getByRole('button', { name: 'Record the breach' }).focus();
  await page.keyboard.press('Enter');
  const refused = page.getByText('Some fields need attention. Nothing was saved.');
  await expect(refused).toBeInViewport();
  await expect(page.getByRole('link', { name: /When the school became aware of it/ })).toBeVisible();
  await expect(page.getByLabel('What happened', { exact: true })).toHaveValue(what);

  await page.getByLabel('When the school became aware of it', { exact: true }).fill(kolkataHoursAgo(30));
  await typeInto(page, 'Where', 'The office WhatsApp group');
  await tick(page, 'What personal data', 'Names');
  await tick(page, 'What personal data', 'Contact details (e-mail, phone)');
  await tick(page, 'Whose data', 'Alumni');
  await typeInto(page, 'About how many people', '212');
  await typeInto(page, 'What the school has done to contain it and reduce the harm', 'The message was deleted for everyone.');
  await page.getByRole('button', { name: 'Record the breach' }).focus();
  await page.keyboard.press('Enter');

  await expect(page.getByText(/^Breach recorded\./)).toBeInViewport();
  await expect(page.getByText(/Report to the Data Protection Board due by .+ \(India Standard Time\) — 4[12] hours left/)).toBeVisible();
  const notice = page.getByLabel('Notice to each affected person: text to copy');
  await expect(notice).toHaveValue(new RegExp(`${school.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await expect(notice).toHaveValue(/about 212 people/);
  await expect(notice).toHaveValue(/names and contact details \(e-mail addresses and phone numbers\) of alumni/);
  await expect(notice).toHaveValue(/The message was deleted for everyone\./);
  await expect(notice).toHaveValue(/\[still to fill in: Likely consequences for them\]/);
  await expect(page.getByLabel('Intimation to the Data Protection Board (without delay): text to copy')).toHaveValue(/rule 7\(2\)\(a\)/);
  await expect(page.getByLabel('Report to the Data Protection Board (within 72 hours): text to copy')).toHaveValue(/rule 7\(2\)\(b\)/);
  await expect(page.getByText('Still to fill in before sending:').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy' }).first()).toBeVisible();
  const record = page.url();
  expect(await axeViolations(page, 'breach record at 390 px')).toEqual([]);

  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await axeViolations(page, 'breach record at 1280 px')).toEqual([]);
  await page.goto('/admin/breaches');
  await expect(page.getByRole('link', { name: what })).toBeVisible();
  expect(await axeViolations(page, 'breach list at 1280 px')).toEqual([]);

  // The dashboard's line, linking to the record.
  await page.goto('/admin');
  const due = page.getByRole('region', { name: 'Breach reports due' });
  await expect(due).toContainText('hours left');
  await due.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/breaches\/[0-9a-f]+$/);

  // Closed: it leaves the dashboard (and the other specs' dashboards stay as they were).
  await page.goto(record);
  await hydrated(page);
  await page.getByRole('button', { name: 'Close the breach' }).click();
  await expect(page.getByText('Breach closed. It stays in the register.')).toBeInViewport();
});

test('an editor has no Breaches entry and is refused the register', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, addStaff('editor'));
  await expect(page.getByRole('navigation', { name: 'Staff area' }).getByRole('link', { name: 'Breaches', exact: true })).toHaveCount(0);
  for (const path of ['/admin/breaches', '/admin/breaches/new']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' }), path).toBeVisible();
  }
});

test('a save that meets an ended session keeps what was typed, ticked boxes too, and saves after signing in', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const email = addStaff('admin');
  await signIn(page, email);
  await page.goto('/admin/breaches/new');
  await hydrated(page);
  const what = `A laptop with the admissions list was left on a bus (${Date.now().toString(36)}).`;
  await page.getByLabel('What happened', { exact: true }).fill(what);
  await page.getByLabel('When the school became aware of it', { exact: true }).fill(kolkataHoursAgo(2));
  await tick(page, 'What personal data', 'Names');
  await tick(page, 'What personal data', 'Contact details (e-mail, phone)');
  await tick(page, 'Whose data', 'Parents and guardians');
  await endSession(browser, page);

  await page.getByRole('button', { name: 'Record the breach' }).click();
  await signInAgain(page, email, '/admin/breaches/new');
  await expect(page.getByText(/Your session ended before your save, so nothing was saved\. What you typed is back/)).toBeVisible();
  await expect(page.getByLabel('What happened', { exact: true })).toHaveValue(what);
  const data = page.getByRole('group', { name: 'What personal data' });
  await expect(data.getByLabel('Names', { exact: true })).toBeChecked();
  await expect(data.getByLabel('Contact details (e-mail, phone)', { exact: true })).toBeChecked();
  await expect(data.getByLabel('Exam results', { exact: true })).not.toBeChecked();
  await expect(page.getByRole('group', { name: 'Whose data' }).getByLabel('Parents and guardians', { exact: true })).toBeChecked();

  await page.getByRole('button', { name: 'Record the breach' }).click();
  await expect(page.getByText(/^Breach recorded\./)).toBeInViewport();
  const record = new URL(page.url()).pathname;
  // Saved: the kept text is dropped, and a new form starts empty.
  await page.goto('/admin/breaches/new');
  await hydrated(page);
  await expect(page.getByLabel('What happened', { exact: true })).toHaveValue('');
  await page.goto(record);
  await expect(page.getByRole('heading', { level: 2, name: 'Close this breach' })).toBeVisible();
  await page.getByRole('button', { name: 'Close the breach' }).click();
  await expect(page.getByText('Breach closed. It stays in the register.')).toBeInViewport();
});
