import { createHash, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { RIGHTS_ERRORS } from '@sthsm/contract/rights-requests';
import { e2eDataDir } from '../../playwright.config';
import { addStaff, signIn } from './admin-helpers';
import { axeViolations } from './support/axe';
import { onOwnServerThatMails } from './support/mailing-server';

// A person's request about their data (issue 37) in the browser: the public form without
// JavaScript at 390 and 1280 px (errors beside the fields, what was typed kept; no staff JS or CSS),
// the confirm link's page, and the administrators' queue and a request's page at 390 px by
// keyboard; axe 0 throughout. The shared server cannot send e-mail (no SMTP_URL): requests are put
// into its database as the confirm link leaves them. Only "send, e-mail, confirm" runs on a server of
// its own (E2E_PORT + 37) that mails to an SMTP server in this process, as subscribe.spec.ts does.

const WIDTHS = [390, 1280] as const;

function inShared<T>(work: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(path.join(e2eDataDir, 'school.db'));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    return work(db);
  } finally {
    db.close();
  }
}

/** A request straight into the shared server's database: pending with a link's token, or open (confirmed). */
function storeRequest(o: { email: string; status: 'pending' | 'open'; token?: string; dueInDays?: number }): string {
  const id = randomUUID();
  const now = new Date();
  const due = new Date(now.getTime() + (o.dueInDays ?? 30) * 86_400_000).toISOString();
  inShared((db) =>
    db
      .prepare(
        `INSERT INTO rights_requests (id, school_code, kind, about, child_name, child_class, name, email, phone, correction, status,
          token_hash, confirm_by, created_at, confirmed_at, due_at)
         VALUES (?, 'STHSM', 'erase', 'me', NULL, NULL, 'Testa Fictional', ?, NULL, NULL, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        o.email,
        o.status,
        o.token ? createHash('sha256').update(o.token).digest('base64url') : null,
        o.status === 'pending' ? new Date(now.getTime() + 3600_000).toISOString() : null,
        now.toISOString(),
        o.status === 'open' ? now.toISOString() : null,
        o.status === 'open' ? due : null,
      ),
  );
  return id;
}

function storeSubmission(email: string): void {
  inShared((db) =>
    db
      .prepare(
        `INSERT INTO alumni_submissions (_id, school_code, form_type, created_at, from_year, class, to_year, school2, father_name, subject,
          name, email, phone, location, address, school, profession3, school1, designation, address1, profession1, handled_at)
         VALUES (?, 'STHSM', 'alumni', ?, '2004 to 2005', '1', '2015 to 2016', '12', 'Parent', '3', 'Testa Fictional', ?, '+91 00000 12121',
          'Testville', '1 Test Road', 'Test College', 'B.Sc.', 'Test Labs', 'Analyst', '5 Test Road', '20', NULL)`,
      )
      .run(randomBytes(12).toString('hex'), new Date().toISOString(), email),
  );
}

async function noStaffAssets(page: Page): Promise<void> {
  const html = await page.content();
  expect(html).not.toMatch(/routes\/admin|admin[-\w]*\.css|staff-menu/);
  const scripts = await page.locator('script[src]').evaluateAll((els) => els.map((e) => e.getAttribute('src')));
  for (const src of scripts) expect(src).toMatch(/^\/assets\/island-subscribe-[\w-]+\.js$/);
}

async function withoutScript(browser: Browser, width: number) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 844 } });
  return { context, page: await context.newPage() };
}

for (const width of WIDTHS) {
  test(`at ${width} px without JavaScript: errors beside the fields, what was typed kept, no staff JS or CSS`, async ({ browser }) => {
    const { context, page } = await withoutScript(browser, width);
    try {
      await page.goto('/privacy/request');
      await expect(page.getByRole('heading', { level: 1, name: 'Ask for Your Data' })).toBeVisible();
      await noStaffAssets(page);
      await page.getByRole('radio', { name: 'Correct my data' }).check();
      await page.getByRole('textbox', { name: 'Your name' }).fill('Testa Fictional');
      await page.getByRole('textbox', { name: 'Email' }).fill('not an address');
      await page.getByRole('button', { name: 'Send my request' }).click();
      // Beside its field, named by it; and in the summary at the top.
      const email = page.getByRole('textbox', { name: 'Email' });
      await expect(email).toHaveAccessibleDescription(new RegExp(RIGHTS_ERRORS.email.replace('.', '\\.')));
      await expect(page.getByRole('textbox', { name: 'What should be corrected' })).toHaveAccessibleDescription(
        new RegExp(RIGHTS_ERRORS.correction),
      );
      await expect(page.getByRole('alert').getByRole('link', { name: /Email: Enter a valid email/ })).toBeVisible();
      await expect(email).toHaveValue('not an address');
      await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveValue('Testa Fictional');
      await expect(page.getByRole('radio', { name: 'Correct my data' })).toBeChecked();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await context.close();
    }
  });

  test(`at ${width} px: axe finds nothing on the form, with and without errors; the island focuses the error summary`, async ({ page }) => {
    // axe runs in the page, so this pass has JavaScript (the page's only script is its island).
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/privacy/request');
    await noStaffAssets(page);
    expect(await axeViolations(page, `form ${width}`)).toEqual([]);
    await page.getByRole('radio', { name: 'Erase my data' }).check();
    await page.getByRole('radio', { name: 'My child' }).check();
    await page.getByRole('button', { name: 'Send my request' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please correct' })).toBeFocused();
    expect(await axeViolations(page, `form with errors ${width}`)).toEqual([]);
  });

  test(`at ${width} px: the confirm link says the request was received and when it is due; used again, it changes nothing`, async ({
    page,
  }) => {
    const token = randomBytes(32).toString('base64url');
    storeRequest({ email: `confirm.${width}.${randomBytes(3).toString('hex')}@example.org`, status: 'pending', token });
    await page.setViewportSize({ width, height: 844 });
    {
      await page.goto(`/privacy/request/confirm?token=${token}`);
      await noStaffAssets(page);
      await page.getByRole('button', { name: 'Confirm my request' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Your request has been received.' })).toBeVisible();
      await expect(page.getByText(/The school will answer by e-mail by \d{1,2} \w+ \d{4}\./)).toBeVisible();
      expect(await axeViolations(page, `confirmed ${width}`)).toEqual([]);
      // The same link again: said plainly, nothing changed.
      await page.goto(`/privacy/request/confirm?token=${token}`);
      await page.getByRole('button', { name: 'Confirm my request' }).click();
      await expect(page.getByRole('alert')).toContainText('expired, was already used');
      await expect(page.getByRole('link', { name: 'Send your request again' })).toBeVisible();
    }
  });
}

test('at 390 px by keyboard: an administrator opens the queue and a request, erases (asked first) and marks it done; axe 0', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = `queue.${randomBytes(4).toString('hex')}@example.org`;
  storeSubmission(email);
  const id = storeRequest({ email, status: 'open', dueInDays: -1 });
  await signIn(page, addStaff('admin'));
  await page.goto('/admin/requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Requests about personal data' })).toBeVisible();
  expect(await axeViolations(page, 'queue 390')).toEqual([]);
  const link = page.locator(`a[href="/admin/requests/${id}"]`);
  await expect(link.locator('xpath=ancestor::tr')).toContainText('Open — overdue');
  // By keyboard: Tab until the request's link has focus, then Enter.
  for (let i = 0; i < 80 && !(await link.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Erasure of data' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Alumni submissions (1)' })).toBeVisible();
  expect(await axeViolations(page, 'request 390')).toEqual([]);

  await page.getByRole('button', { name: 'Erase their data…' }).focus();
  await page.keyboard.press('Enter');
  const ask = page.getByRole('heading', { name: /Erase 1 submission and 0 subscriptions for good\?/ });
  await expect(ask).toBeFocused();
  expect(await axeViolations(page, 'erase asked 390')).toEqual([]);
  await page.getByRole('button', { name: 'Erase for good' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Erased for good: 1 submission and 0 subscriptions.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Alumni submissions (0)' })).toBeVisible();

  // Refusing needs a reason: said beside the field, nothing closed.
  await page.getByRole('button', { name: 'Refuse with this reason' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Reason for refusing' })).toHaveAccessibleDescription(/Give the reason for refusing/);
  expect(await axeViolations(page, 'refuse without reason 390')).toEqual([]);

  await page.getByRole('button', { name: 'Mark done' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Marked done\./)).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^Done$/ })).toBeVisible();
  expect(await axeViolations(page, 'request done 390')).toEqual([]);
});

test.describe('sending a request by e-mail (a server of its own that mails)', () => {
  const OFFSET = 37;
  const mailing = onOwnServerThatMails({ offset: OFFSET, name: 'privacy-request' });

  test('without JavaScript at 390 and 1280 px: "Check your e-mail" in view, then the mailed link confirms it; with it, focus on the answer', async ({
    browser,
    page: scripted,
  }) => {
    for (const width of WIDTHS) {
      const { context, page } = await withoutScript(browser, width);
      try {
        const email = `asker.${width}.${randomBytes(3).toString('hex')}@example.org`;
        await page.goto('/privacy/request');
        await page.getByRole('radio', { name: 'A copy of my data (access)' }).check();
        await page.getByRole('textbox', { name: 'Your name' }).fill('Testa Fictional');
        await page.getByRole('textbox', { name: 'Email' }).fill(email);
        await page.getByRole('button', { name: 'Send my request' }).click();
        const notice = page.getByRole('status').filter({ hasText: 'Check your e-mail' });
        await expect(notice).toBeVisible();
        await expect(notice).toBeInViewport();
        const pattern = /https?:\/\/[^\s"<>]+(\/privacy\/request\/confirm\?token=[A-Za-z0-9_-]{43})/;
        const mails = () => mailing.mails().filter((m) => m.to.includes(email) && pattern.test(m.text));
        await expect.poll(() => mails().length, { timeout: 15_000 }).toBe(1);
        await page.goto(pattern.exec(mails()[0]!.text)![1]!);
        await page.getByRole('button', { name: 'Confirm my request' }).click();
        await expect(page.getByRole('status').filter({ hasText: 'Your request has been received.' })).toBeVisible();
      } finally {
        await context.close();
      }
    }
    // With JavaScript the island moves focus to the answer.
    await scripted.goto('/privacy/request');
    await scripted.getByRole('radio', { name: 'Erase my data' }).check();
    await scripted.getByRole('textbox', { name: 'Your name' }).fill('Testa Fictional');
    await scripted.getByRole('textbox', { name: 'Email' }).fill(`asker.focus.${randomBytes(3).toString('hex')}@example.org`);
    await scripted.getByRole('button', { name: 'Send my request' }).click();
    await expect(scripted.getByRole('status').filter({ hasText: 'Check your e-mail' })).toBeFocused();
  });
});
