import { expect, test, type Page } from '@playwright/test';
import { addStaff, signIn } from './admin-helpers';
import { carousel, skipNotificationModal } from './home-helpers';

// Issue 30, item 9: times and dates in the school's time zone (Asia/Kolkata on the test server),
// in words people use. A birthday is picked as a month and a day (no "08-14" to get the wrong way
// round) and shows on the home page on that day; a preview link's expiry is school time with the
// zone named, on the item page and on the preview itself; lists show "25 Oct 2026", not ISO dates;
// Publish at names the zone. At 390 px, with and without JavaScript.

test.use({ viewport: { width: 390, height: 844 } });

const ZONE = 'Asia/Kolkata';
const PREVIEW_HOURS = 72;
/** Today in the school's zone: month name, day number, and "MM-DD". */
function schoolToday() {
  const now = new Date();
  const part = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-IN', { timeZone: ZONE, ...o }).format(now);
  return { month: part({ month: 'long' }), day: String(Number(part({ day: 'numeric' }))) };
}
/** A moment as the staff area writes it: "27 Nov 2026, 5:30 pm". */
const schoolTime = (ms: number) => new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE }).format(ms);
const oneWord = (prefix: string) =>
  `${prefix}${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6)}`;

async function birthdayWithPickers(page: Page, name: string) {
  const { month, day } = schoolToday();
  await signIn(page, addStaff('editor'));
  await page.goto('/admin/birthdays/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New birthday' })).toBeVisible();
  // No box to type "08-14" into: a month and a day, picked by name.
  await expect(page.getByRole('textbox', { name: 'Birthday' })).toHaveCount(0);
  const birthday = page.getByRole('group', { name: 'Birthday', exact: true });
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Class', { exact: true }).fill('V-A');
  await birthday.getByLabel('Month').selectOption({ label: month });
  await birthday.getByLabel('Day').selectOption({ label: day });
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/^Status: Published/)).toBeVisible();
  // The form shows the saved day in the same pickers.
  await expect(birthday.getByLabel('Month')).toHaveValue(/^\d{2}$/);
  await expect(birthday.getByLabel('Month').locator('option:checked')).toHaveText(month);
  await expect(birthday.getByLabel('Day').locator('option:checked')).toHaveText(day);
  // The list says the day in words.
  await page.goto(`/admin/birthdays?q=${name}`);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(`${day} ${month}`);
  // And the home page shows the child today.
  await page.goto('/');
  await expect(carousel(page, "Today's birthdays").getByRole('heading', { name, exact: true })).toBeAttached();
}

test('a birthday picked as month and day shows on the home page that day, and in words in the list', async ({ page }) => {
  await skipNotificationModal(page);
  await birthdayWithPickers(page, oneWord('Aarav'));
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the month and day pickers save the birthday as plain form posts', async ({ page }) => {
    await birthdayWithPickers(page, oneWord('Diya'));
  });

  test('a day the month does not have is refused under the pickers, the choices kept', async ({ page }) => {
    await signIn(page, addStaff('editor'));
    await page.goto('/admin/birthdays/new');
    await page.getByLabel('Name', { exact: true }).fill(oneWord('Kabir'));
    await page.getByLabel('Class', { exact: true }).fill('V-A');
    const birthday = page.getByRole('group', { name: 'Birthday', exact: true });
    await birthday.getByLabel('Month').selectOption({ label: 'February' });
    await birthday.getByLabel('Day').selectOption({ label: '30' });
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(birthday.getByText('Birthday must be a real day of the year.')).toBeVisible();
    await expect(birthday.getByLabel('Month').locator('option:checked')).toHaveText('February');
    await expect(birthday.getByLabel('Day').locator('option:checked')).toHaveText('30');
  });
});

test('a preview link’s expiry is school time with its zone named, on the item and on the preview', async ({ page, browser }) => {
  await signIn(page, addStaff('contributor'));
  await page.goto('/admin/events/new');
  await expect(page.getByText(`In the school's time zone, India Standard Time (${ZONE}).`)).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(`Zone fair ${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText(/ · version 1$/)).toBeVisible();
  const before = Date.now();
  await page.getByRole('button', { name: 'Preview link' }).click();
  const hint = page.getByText(/^Works for anyone with the link until /);
  await expect(hint).toBeVisible();
  const after = Date.now();
  // 72 hours from the click, in India Standard Time (the minute may turn during the click).
  const expected = [before, after].map(
    (t) => `Works for anyone with the link until ${schoolTime(t + PREVIEW_HOURS * 3600_000)} India Standard Time.`,
  );
  expect(expected).toContain(await hint.textContent());
  const shown = (await hint.textContent())!.replace('Works for anyone with the link until ', '').replace(/\.$/, '');

  const url = await page.getByLabel('Preview link', { exact: true }).inputValue();
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const preview = await visitor.newPage();
    await preview.goto(url);
    await expect(preview.getByRole('note')).toHaveText(`Preview: not published. This link works until ${shown}.`);
    await expect(preview.getByRole('note')).not.toContainText('GMT');
  } finally {
    await visitor.close();
  }
});

test('lists show days in words and name the zone of their times', async ({ page }) => {
  await signIn(page, addStaff('editor'));
  await page.goto('/admin/news');
  await expect(page.getByRole('columnheader', { name: 'Last saved (India Standard Time)' })).toBeVisible();
  // Every Date cell is a day in words, or a dash for an item saved without one (other tests save news on
  // this server too, so the newest row may be any of theirs).
  const dates = page.getByRole('region', { name: 'News: items' }).locator('tbody tr td:nth-child(2)');
  await expect(dates.first()).toBeVisible();
  const days = await dates.allTextContents();
  for (const day of days) expect(day).toMatch(/^(—|\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec) \d{4})$/);
  expect(days.filter((day) => day !== '—').length).toBeGreaterThan(0);
  await expect(page.getByRole('region', { name: 'News: items' })).not.toContainText(/\d{4}-\d{2}-\d{2}/);
});
