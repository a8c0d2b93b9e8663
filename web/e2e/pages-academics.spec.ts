import { expect, test } from '@playwright/test';
import { openPage, scrollsSideways, serverText } from './pages-helpers';

// Academics and admission pages: syllabus PDFs, timings (SPEC §9), admission rules, primary wing.

const TIMINGS: Array<[string, string, string]> = [
  ['KG & Nursery', '7:20 AM - 12:30 PM', '8:20 AM - 1:30 PM'],
  ['Classes I - III', '7:20 AM - 1:00 PM', '8:20 AM - 2:00 PM'],
  ['Classes IV - XII', '7:20 AM - 1:30 PM', '8:20 AM - 2:30 PM'],
];

test('timings: every figure of SPEC §9 in accessible tables', async ({ page }) => {
  await openPage(page, '/timings', 'School Timings', 'Academics');
  const classes = page.getByRole('table', { name: 'Class timings' });
  await expect(classes.getByRole('columnheader')).toHaveText(['Classes', 'Summer', 'Winter']);
  for (const [label, summer, winter] of TIMINGS) {
    await expect(classes.getByRole('row', { name: label })).toHaveText(`${label}${summer}${winter}`);
  }
  const hours = page.getByRole('table', { name: 'Visiting and office hours' });
  await expect(hours.getByRole('row', { name: 'Principal visiting hours' })).toContainText('8:30 - 11:00 AM');
  await expect(hours.getByRole('row', { name: 'Principal visiting hours' })).toContainText('9:30 AM - 12:30');
  await expect(hours.getByRole('row', { name: 'School office' })).toContainText('7:10 AM - 2:00 PM');
  await expect(page.getByText('The school has four houses')).toBeVisible();
});

test('timings and admission rules: the figures and rules are in the server HTML', async ({ request }) => {
  const timings = await serverText(request, '/timings');
  for (const figure of [...TIMINGS.flat(), '8:30 - 11:00 AM', '9:30 AM - 12:30', '7:10 AM - 2:00 PM', 'four houses']) {
    expect(timings).toContain(figure);
  }
  const rules = await serverText(request, '/admission-withdrawal');
  expect(rules).toContain('usually held in February/March');
  expect(rules).toContain('No leaving certificate will be issued until all dues');
});

test('admission and withdrawal: every rule of SPEC §9', async ({ page }) => {
  await openPage(page, '/admission-withdrawal', 'Admission & Withdrawal', 'Admission');
  const rules = [
    /Admission to Nursery is usually held in February\/March/,
    /completed 3 years of age by March/,
    /Two attested copies of the birth certificate/,
    /name and date of birth given at admission cannot be changed later/,
    /other classes is by an entrance test/,
    /New admissions are made only against vacant seats/,
    /No leaving certificate will be issued until all dues to the school have been paid/,
    /may dismiss a student for poor performance or for conduct/,
    /Class XI entry is by merit: the marks obtained in the CISCE \(ICSE\) examination plus the student’s conduct and general performance/,
  ];
  for (const rule of rules) await expect(page.getByRole('listitem').filter({ hasText: rule })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 2, name: 'Admission to Class XI' })).toBeVisible();
});

test('timings and admission rules print without the site chrome or the print button', async ({ page }) => {
  await page.goto('/admission-withdrawal');
  const printButton = page.getByRole('button', { name: 'Print the rules' });
  await expect(printButton).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(printButton).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/timings');
  await expect(page.getByRole('button', { name: 'Print timings' })).toBeHidden();
  await expect(page.getByRole('table', { name: 'Class timings' })).toBeVisible();
});

test('syllabus: three PDF links open in a new tab and answer 200 application/pdf', async ({ page, request }) => {
  await openPage(page, '/syllabus', 'Syllabus', 'Academics');
  const names = ['Nursery to LKG', 'Classes I to IV', 'Classes V to XII'];
  for (const name of names) {
    const link = page.getByRole('link', { name: new RegExp(`^${name}`) });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    const href = await link.getAttribute('href');
    expect(href).toMatch(/\.pdf$/);
    const response = await request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
  }
  await expect(page.getByText(/^PDF, \d+ KB/)).toHaveCount(3);
});

test('primary wing: month-by-month tables April to March for Nursery–UKG and I–IV', async ({ page, request }) => {
  await openPage(page, '/primary-wing', 'Primary Wing', 'Student Corner');
  const months = ['April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December', 'January', 'February', 'March'];
  for (const name of [/Nursery – UKG: activities and sports 2024-25/, /Classes I – IV: activities and sports 2024-25/]) {
    const table = page.getByRole('table', { name });
    await expect(table.getByRole('columnheader')).toHaveText(['Month', 'Activity', 'Sports']);
    await expect(table.getByRole('rowheader')).toHaveText(months);
  }
  const html = await serverText(request, '/primary-wing');
  expect(html).toContain('Independence Day fancy dress');
  expect(html).toContain('Annual Sports Day: track events');
});

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });
  for (const path of ['/timings', '/primary-wing', '/school-information', '/admission-withdrawal']) {
    test(`${path} has no horizontal page scroll`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await scrollsSideways(page)).toBe(false);
    });
  }
  test('the primary wing table scrolls inside its own box', async ({ page }) => {
    await page.goto('/primary-wing');
    const wrap = page.locator('.table-wrap').first();
    const { scrollWidth, clientWidth } = await wrap.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
  });
});
