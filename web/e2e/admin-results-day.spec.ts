import { expect, test, type Page } from '@playwright/test';
import { addStaff, signIn } from './admin-helpers';
import { onOwnServer } from './support/own-server';

// Results day (issue 30, item 8) on a phone, by label and button as office staff work: ten toppers
// pasted from a spreadsheet (a wrong row first: its message in view, nothing added; fixed, all ten
// added and on the public toppers pages), the same without JavaScript (plain form posts, scheduled
// for a Publish at the list shows in the school's time zone), and "Save and add another" keeping
// Class, Session year and Publish at for the next topper, with and without JavaScript.

// On a server of its own (E2E_PORT + 16): the toppers it publishes would be the newest session on the
// shared server's home page, which home-sections.spec.ts reads.
const { dataDir } = onOwnServer({ offset: 16, name: 'results-day' });

test.use({ viewport: { width: 390, height: 844 } });

const label = (page: Page, text: string) => page.getByLabel(text, { exact: true });
const tag = (letter: string) => `${letter}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** Ten rows as copied from a spreadsheet (tabs), with its header; row `wrong` (1-based) has a word for a percentage. */
function sheet(marker: string, wrong?: number): string {
  const rows = Array.from({ length: 10 }, (_, i) => {
    const xii = i % 2 === 1;
    const percent = i + 1 === wrong ? 'ninety-one' : `${(98 - i / 2).toFixed(1)}%`;
    return [`${marker} Pupil ${i + 1}`, xii ? 'XII' : 'X', percent, xii ? 'Science' : ''].join('\t');
  });
  return ['Name\tClass\tPercentage\tStream', ...rows].join('\n');
}

test('ten toppers pasted from a spreadsheet: a wrong row is named in view, fixed, all ten are published', async ({ page, browser }) => {
  const marker = tag('P');
  await signIn(page, addStaff('editor', { dataDir }));
  await page.goto('/admin/toppers');
  await page.getByRole('link', { name: 'Paste toppers from a spreadsheet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Paste toppers' })).toBeVisible();
  await label(page, 'Rows from the spreadsheet').fill(sheet(marker, 4));
  await label(page, 'Session year').fill('2025-2026');
  await expect(label(page, 'Add them as')).toHaveValue('publish');
  await page.getByRole('button', { name: 'Preview' }).click();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Row 4: Percentage must be a number from 0 to 100, like 96.4.');
  await expect(alert).toContainText('Nothing was saved.');
  await expect(alert).toBeInViewport();
  await expect(page.locator(':focus')).toContainText('Row 4: Percentage must be');
  await expect(page.getByRole('button', { name: /^Add \d+ toppers?$/ })).toHaveCount(0);
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('row', { name: /ninety-one/ })).toContainText('Percentage must be a number from 0 to 100');
  // The summary's link leads to the box to fix it in; the text typed is still there.
  await alert.getByRole('link', { name: /Row 4/ }).click();
  await expect(label(page, 'Rows from the spreadsheet')).toBeFocused();
  await expect(label(page, 'Rows from the spreadsheet')).toHaveValue(sheet(marker, 4));

  await label(page, 'Rows from the spreadsheet').fill(sheet(marker));
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('10 toppers ready to add.')).toBeInViewport();
  await expect(preview.getByRole('row')).toHaveCount(11);
  await expect(preview.getByRole('row', { name: `${marker} Pupil 2` })).toContainText('97.5%');
  await page.getByRole('button', { name: 'Add 10 toppers' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Toppers', exact: true })).toBeVisible();
  await expect(page.getByText('10 toppers added and published.')).toBeVisible();
  await page.goto(`/admin/toppers?q=${encodeURIComponent(marker)}`);
  const listed = page.getByRole('region', { name: 'Toppers: items' });
  await expect(listed.getByRole('row')).toHaveCount(11);
  const second = listed.getByRole('row', { name: new RegExp(`${marker} Pupil 2\\b`) });
  await expect(second.getByRole('cell')).toHaveText([`${marker} Pupil 2`, 'XII', '97.5%', '2025-2026', 'Published', 'Live now', /\d{4}/]);

  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const anonymous = await visitor.newPage();
    await anonymous.goto(`/ToppersXII?session=All&q=${encodeURIComponent(marker)}`);
    const xii = anonymous.getByRole('list', { name: 'Class XII toppers' });
    await expect(xii.getByRole('heading', { level: 2 })).toHaveText([2, 4, 6, 8, 10].map((n) => `${marker} Pupil ${n}`));
    await anonymous.goto(`/Toppers?session=All&q=${encodeURIComponent(marker)}`);
    const x = anonymous.getByRole('list', { name: 'Class X toppers' });
    await expect(x.getByRole('heading', { level: 2 })).toHaveText([1, 3, 5, 7, 9].map((n) => `${marker} Pupil ${n}`));
  } finally {
    await visitor.close();
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('pasted toppers are previewed and added, scheduled for their Publish at', async ({ page }) => {
    const marker = tag('N');
    await signIn(page, addStaff('editor', { dataDir }));
    await page.goto('/admin/toppers/paste');
    await label(page, 'Rows from the spreadsheet').fill(`${marker} One, 12, 93\n${marker} Two, Class X, 91.5 %\n${marker} Three, XI, 90`);
    await label(page, 'Session year').fill('2025-26');
    await label(page, 'Publish at').fill('2030-01-15T09:00');
    await page.getByRole('button', { name: 'Preview' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Session year must look like 2024-2025.');
    await expect(alert).toContainText('Row 3: Class must be X or XII.');
    await expect(alert).toBeInViewport();
    await expect(label(page, 'Publish at')).toHaveValue('2030-01-15T09:00');

    await label(page, 'Rows from the spreadsheet').fill(`${marker} One, 12, 93\n${marker} Two, Class X, 91.5 %\n${marker} Three, XII, 90`);
    await label(page, 'Session year').fill('2025-2026');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText('3 toppers ready to add.')).toBeInViewport();
    await expect(page.getByRole('region', { name: 'Preview' }).getByRole('row', { name: `${marker} Two` })).toContainText('91.5%');
    await page.getByRole('button', { name: 'Add 3 toppers' }).click();

    await expect(page.getByText('3 toppers added and published.')).toBeVisible();
    await page.goto(`/admin/toppers?q=${encodeURIComponent(marker)}`);
    const row = page.getByRole('region', { name: 'Toppers: items' }).getByRole('row', { name: `${marker} Two` });
    await expect(row.getByRole('cell')).toHaveText([
      `${marker} Two`,
      'X',
      '91.5%',
      '2025-2026',
      'Scheduled',
      '15 Jan 2030, 9:00 am',
      /\d{4}/,
    ]);
    await expect(page.getByRole('columnheader', { name: 'Goes live (India Standard Time)', exact: true })).toBeVisible();
  });
});

for (const javaScriptEnabled of [true, false]) {
  test(`Save and add another keeps Class, Session year and Publish at ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      const marker = tag(javaScriptEnabled ? 'S' : 'T');
      await signIn(page, addStaff('editor', { dataDir }));
      await page.goto('/admin/toppers/new');
      await expect(label(page, 'Percentage')).toHaveAccessibleDescription(/like 96\.4/);
      await expect(label(page, 'Stream')).toHaveAccessibleDescription(
        /For class XII: Science, Commerce or Humanities; leave empty for class X\./,
      );
      await label(page, 'Name').fill(`${marker} First`);
      await label(page, 'Class').selectOption('XII');
      await label(page, 'Percentage').fill('96.4');
      await label(page, 'Stream').fill('Commerce');
      await label(page, 'Session year').fill('2025-2026');
      await label(page, 'Publish at').fill('2030-01-15T09:00');
      await page.getByRole('button', { name: 'Save and add another' }).click();

      await expect(page.getByText(`${marker} First saved and published. Add the next topper`)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'New topper' })).toBeVisible();
      await expect(label(page, 'Name')).toHaveValue('');
      await expect(label(page, 'Percentage')).toHaveValue('');
      await expect(label(page, 'Stream')).toHaveValue('');
      await expect(label(page, 'Class')).toHaveValue('XII');
      await expect(label(page, 'Session year')).toHaveValue('2025-2026');
      await expect(label(page, 'Publish at')).toHaveValue('2030-01-15T09:00');
      if (javaScriptEnabled) await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toHaveCount(0);

      await label(page, 'Name').fill(`${marker} Second`);
      await label(page, 'Percentage').fill('95%');
      await page.getByRole('button', { name: 'Save and add another' }).click();
      await expect(page.getByText(`${marker} Second saved and published.`)).toBeVisible();
      await expect(label(page, 'Name')).toHaveValue('');

      await page.goto(`/admin/toppers?q=${encodeURIComponent(marker)}`);
      const items = page.getByRole('region', { name: 'Toppers: items' });
      await expect(items.getByRole('row', { name: `${marker} First` }).getByRole('cell')).toHaveText([
        `${marker} First`,
        'XII',
        '96.4%',
        '2025-2026',
        'Scheduled',
        '15 Jan 2030, 9:00 am',
        /\d{4}/,
      ]);
      await expect(items.getByRole('row', { name: `${marker} Second` })).toContainText('95%');
    } finally {
      await context.close();
    }
  });
}

test('a contributor on a 320 px phone pastes toppers for review: the page fits, none is published', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 320, height: 640 } });
  try {
    const page = await context.newPage();
    const marker = tag('C');
    await signIn(page, addStaff('contributor', { dataDir }));
    await page.goto('/admin/toppers/paste');
    await expect(label(page, 'Add them as')).toHaveValue('review');
    await expect(label(page, 'Add them as').getByRole('option')).toHaveText(['Submitted for review', 'Drafts']);
    await label(page, 'Rows from the spreadsheet').fill(`${marker} Alpha\tX\t92\t\n${marker} Beta\tXII\t94.25\tHumanities`);
    await label(page, 'Session year').fill('2025-2026');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByText('2 toppers ready to add.')).toBeInViewport();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await page.getByRole('button', { name: 'Add 2 toppers' }).click();
    await expect(page.getByText('2 toppers added and submitted for review.')).toBeVisible();
    await page.goto(`/admin/toppers?q=${encodeURIComponent(marker)}`);
    const row = page.getByRole('region', { name: 'Toppers: items' }).getByRole('row', { name: `${marker} Beta` });
    await expect(row).toContainText('94.25%');
    await expect(row).toContainText('In review');
    await expect(row).toContainText('When published');
    const visitor = await browser.newContext();
    try {
      const anonymous = await visitor.newPage();
      await anonymous.goto(`/ToppersXII?session=All&q=${encodeURIComponent(marker)}`);
      await expect(anonymous.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(anonymous.getByText(`${marker} Beta`)).toHaveCount(0);
    } finally {
      await visitor.close();
    }
  } finally {
    await context.close();
  }
});
