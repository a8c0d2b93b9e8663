import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test, type Page } from '@playwright/test';
import { e2eDataDir } from '../../playwright.config';
import { addStaff, signIn } from './admin-helpers';
import { axeBuilder } from './support/axe';

// Issue 16 in the browser: the alumni submissions inbox (search, filter, pages, detail, handled,
// erase with a confirmation, CSV export with progress), the retention period, a person's request,
// the privacy notice; with and without JavaScript, by keyboard, axe at 390 and 1280 px.

/** Stores a submission straight into the e2e server's database (no rate limit in the way). */
function store(o: { name: string; email?: string; phone?: string; at?: string; handled?: boolean }): { id: string; email: string } {
  const id = randomBytes(12).toString('hex');
  const email = o.email ?? `${id.slice(0, 10)}@example.org`;
  const db = new DatabaseSync(path.join(e2eDataDir, 'school.db'));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    db.prepare(
      `INSERT INTO alumni_submissions (_id, school_code, form_type, created_at, from_year, class, to_year, school2, father_name, subject,
        name, email, phone, location, address, school, profession3, school1, designation, address1, profession1, handled_at)
       VALUES (?, 'STHSM', 'alumni', ?, '2004 to 2005', '1', '2015 to 2016', '12', 'Parent', '3', ?, ?, ?, 'Lucknow', '1 Park Road',
        'City College', 'B.Sc.', '=HYPERLINK("http://evil.example")', 'Analyst', '5 Mall Road', '20', ?)`,
    ).run(id, o.at ?? new Date().toISOString(), o.name, email, o.phone ?? '+91 90000 11111', o.handled ? new Date().toISOString() : null);
  } finally {
    db.close();
  }
  return { id, email };
}

function exists(id: string): boolean {
  const db = new DatabaseSync(path.join(e2eDataDir, 'school.db'), { readOnly: true });
  try {
    return db.prepare('SELECT 1 FROM alumni_submissions WHERE _id = ?').get(id) !== undefined;
  } finally {
    db.close();
  }
}

async function axe(page: Page, what: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const results = await axeBuilder(page).analyze();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  return [
    ...results.violations.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    ...(overflow > 0 ? [`${what}: ${overflow}px wider than the screen`] : []),
  ];
}

test('an admin searches, opens, marks handled, exports with progress and erases with a confirmation', async ({ page }) => {
  const tag = randomBytes(3).toString('hex');
  const first = store({ name: `Ananya ${tag} Rao` });
  const second = store({ name: `Zoë ${tag} Ångström` });
  const kept = store({ name: `Kabir ${tag} Singh` });
  await signIn(page, addStaff('admin'));
  await page.getByRole('navigation', { name: 'Staff area' }).getByRole('link', { name: 'Submissions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alumni submissions' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('3 submissions.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));

  await page.getByRole('link', { name: `Zoë ${tag} Ångström` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Submission of Zoë ${tag} Ångström` })).toBeVisible();
  await expect(page.getByText('Class joined')).toBeVisible();
  await expect(page.getByText('5 Mall Road')).toBeVisible();
  await page.getByRole('button', { name: 'Mark handled' }).click();
  await expect(page.getByText('Marked as handled.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as not handled' })).toBeVisible();

  await page.goto(`/admin/submissions?q=${tag}&status=handled`);
  await expect(page.getByText('1 submission.')).toBeVisible();
  await page.goto(`/admin/submissions?q=${tag}`);

  // The export: progress while it streams, then the same file the link gives.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  await expect(page.getByText('Export ready: 3 submissions.')).toBeVisible();
  const file = await (await download).path();
  const csv = await readFile(file, 'utf8');
  expect(csv).toContain(`Zoë ${tag} Ångström`);
  expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")"`);

  await page.getByRole('checkbox', { name: `Choose Ananya ${tag} Rao` }).check();
  await page.getByRole('checkbox', { name: `Choose Zoë ${tag} Ångström` }).check();
  await page.getByRole('button', { name: 'Erase chosen…' }).click();
  const confirm = page.getByRole('heading', { name: 'Erase 2 submissions for good?' });
  await expect(confirm).toBeFocused();
  await page.getByRole('button', { name: 'Erase for good' }).click();
  await expect(page.getByText('2 submissions were erased for good.')).toBeVisible();
  await expect(page.getByText('1 submission.')).toBeVisible();
  expect(exists(first.id)).toBe(false);
  expect(exists(second.id)).toBe(false);
  expect(exists(kept.id)).toBe(true);
});

test('keyboard only: choose a submission, erase it, and confirm', async ({ page }) => {
  const tag = randomBytes(3).toString('hex');
  const one = store({ name: `Keyboard ${tag} Person` });
  await signIn(page, addStaff('admin'));
  await page.goto(`/admin/submissions?q=${tag}`);
  const box = page.getByRole('checkbox', { name: `Choose Keyboard ${tag} Person` });
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  await page.keyboard.press('Tab'); // the name's link
  await page.keyboard.press('Tab'); // the erase button
  await expect(page.getByRole('button', { name: 'Erase chosen…' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Erase 1 submission for good?' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Erase for good' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('1 submission was erased for good.')).toBeVisible();
  expect(exists(one.id)).toBe(false);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the list, the confirmation, the erasure and the retention period all work as plain forms', async ({ page }) => {
    const tag = randomBytes(3).toString('hex');
    const one = store({ name: `Plain ${tag} Form` });
    await signIn(page, addStaff('admin'));
    await page.goto(`/admin/submissions?q=${tag}`);
    await page.getByRole('checkbox', { name: `Choose Plain ${tag} Form` }).check();
    await page.getByRole('button', { name: 'Erase chosen…' }).click();
    await expect(page.getByRole('heading', { name: 'Erase 1 submission for good?' })).toBeVisible();
    expect(exists(one.id)).toBe(true);
    await page.getByRole('button', { name: 'Erase for good' }).click();
    await expect(page.getByText('1 submission was erased for good.')).toBeVisible();
    expect(exists(one.id)).toBe(false);

    // The browser refuses 0 by itself (min="1"); without that check, the server's message shows.
    await page
      .getByLabel('Keep submissions for (months)')
      .evaluate((input) => (input as HTMLInputElement).form?.setAttribute('novalidate', ''));
    await page.getByLabel('Keep submissions for (months)').fill('0');
    await page.getByRole('button', { name: 'Save retention period' }).click();
    await expect(page.getByRole('alert')).toContainText('at least 1 month');
    await expect(page.getByLabel('Keep submissions for (months)')).toHaveValue('0');
    await page.getByLabel('Keep submissions for (months)').fill('36');
    await page.getByRole('button', { name: 'Save retention period' }).click();
    await expect(page.getByText('Submissions older than 36 months are now erased automatically.')).toBeVisible();
    await expect(page.getByLabel('Keep submissions for (months)')).toHaveValue('36');
    // Back to the default for the other tests and the privacy notice.
    await page.getByLabel('Keep submissions for (months)').fill('24');
    await page.getByRole('button', { name: 'Save retention period' }).click();
    await expect(page.getByText('Submissions older than 24 months are now erased automatically.')).toBeVisible();
  });
});

test('a person\u2019s request: find by e-mail, export as JSON, erase every submission', async ({ page }) => {
  const email = `person-${randomBytes(3).toString('hex')}@example.org`;
  const a = store({ name: 'Meera Iyer', email });
  const b = store({ name: 'Meera Iyer', email: email.toUpperCase(), at: '2025-01-01T00:00:00.000Z' });
  await signIn(page, addStaff('admin'));
  await page.goto('/admin/submissions');
  await page.getByRole('link', { name: /A person.s request/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'A person\u2019s request' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('heading', { name: 'Alumni submissions (2)' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export as JSON' }).click();
  const json = JSON.parse(await readFile(await (await download).path(), 'utf8')) as { submissions: Array<{ id: string }> };
  expect(json.submissions.map((s) => s.id).sort()).toEqual([a.id, b.id].sort());

  await page.getByRole('button', { name: 'Erase their submissions…' }).click();
  await expect(page.getByRole('heading', { name: `Erase 2 submissions of ${email} for good?` })).toBeVisible();
  await page.getByRole('button', { name: 'Erase for good' }).click();
  await expect(page.getByText('2 submissions were erased for good.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Alumni submissions (0)' })).toBeVisible();
  expect(exists(a.id) || exists(b.id)).toBe(false);
});

test('editors see no submissions: no link, and the page says not allowed', async ({ page }) => {
  await signIn(page, addStaff('editor'));
  await expect(page.getByRole('navigation', { name: 'Staff area' }).getByRole('link', { name: 'Submissions' })).toHaveCount(0);
  await page.goto('/admin/submissions');
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
  const csv = await page.request.get('/admin/submissions.csv');
  expect(csv.status()).toBe(403);
});

test('the privacy notice is linked from the footer and the alumni form, and says how long and whom to ask', async ({ page }) => {
  await page.goto('/alumni');
  await page.getByRole('link', { name: 'privacy notice' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeVisible();
  await expect(page).toHaveTitle(/Privacy Notice/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/privacy$/);
  await expect(page.getByText(/Alumni registrations are kept for \d+ (years?|months?) after they are sent/)).toBeVisible();
  await expect(page.getByRole('link', { name: /@sthsm\.example\.org/ }).first()).toHaveAttribute('href', /^mailto:/);
  await page.goto('/timings');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).toMatch(/<loc>[^<]*\/privacy<\/loc>/);
});

for (const width of [390, 1280]) {
  test(`axe: the submissions pages and the privacy notice at ${width} px`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const tag = randomBytes(3).toString('hex');
    const s = store({ name: `Axe ${tag} Person`, email: `axe-${tag}@example.org` });
    const found: string[] = [];
    await page.goto('/privacy');
    found.push(...(await axe(page, `privacy @${width}`)));
    await signIn(page, addStaff('admin'));
    await page.goto('/admin/submissions');
    found.push(...(await axe(page, `list @${width}`)));
    await page.getByRole('checkbox', { name: `Choose Axe ${tag} Person` }).check();
    await page.getByRole('button', { name: 'Erase chosen…' }).click();
    await expect(page.getByRole('heading', { name: 'Erase 1 submission for good?' })).toBeVisible();
    found.push(...(await axe(page, `confirmation @${width}`)));
    await page.goto(`/admin/submissions/${s.id}`);
    found.push(...(await axe(page, `detail @${width}`)));
    await page.goto(`/admin/person?email=axe-${tag}@example.org`);
    await expect(page.getByRole('heading', { name: 'Alumni submissions (1)' })).toBeVisible();
    found.push(...(await axe(page, `person @${width}`)));
    expect(found).toEqual([]);
  });
}
