import { expect, test, type Page } from '@playwright/test';
import { addStaff, signIn } from './admin-helpers';
import { carousel, skipNotificationModal } from './home-helpers';

// Issue 16 in the browser: an editor records a child with the guardian's consent for birthdays,
// links a birthday to the child and publishes it, sees the first name on the home page, withdraws
// the consent, and the birthday is gone from the home page at once (its cached copy too).

/** Today in the school's time zone (the server's default TIME_ZONE), as YYYY-MM-DD. */
const schoolToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

/** "2027-11-27" as the staff area writes a day: "27 Nov 2027". */
const inWords = (day: string) =>
  new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** The child's birthday as its month and day pickers take it (issue 30, item 9). */
async function pickBirthday(page: Page, day: string) {
  const birthday = page.getByRole('group', { name: 'Birthday', exact: true });
  await birthday.getByLabel('Month').selectOption(day.slice(5, 7));
  await birthday.getByLabel('Day').selectOption(day.slice(8, 10));
}

async function birthdaysOnHome(page: Page, firstName: string) {
  await page.goto('/');
  return carousel(page, "Today's birthdays").getByRole('heading', { name: firstName, exact: true });
}

test('record a child with consent, publish a linked birthday, see it on the home page, withdraw, gone', async ({ page }) => {
  const tag = Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6);
  const first = `Tanvi${tag}`;
  const surname = `Kapoor${tag}`;
  const today = schoolToday();
  const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
  await skipNotificationModal(page);
  await signIn(page, addStaff('editor'));

  await page.getByRole('navigation', { name: 'Staff area' }).getByRole('link', { name: 'Children' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Children and consent' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(`${first} ${surname}`);
  await page.getByLabel('Class', { exact: true }).fill('IV-B');
  const birthdayConsent = page.getByRole('group', { name: 'Birthday on the site' });
  await birthdayConsent.getByLabel('Date given').fill(today);
  await birthdayConsent.getByLabel('End date').fill(nextYear);
  await page.getByRole('button', { name: 'Record child' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${first} ${surname}` })).toBeVisible();
  await expect(page.getByText('Child recorded.')).toBeVisible();
  // The end date in words (issue 30, item 9): "Given until 27 Nov 2027".
  await expect(page.getByRole('row', { name: /Birthday on the site/ })).toContainText(`Given until ${inWords(nextYear)}`);

  await pickBirthday(page, today);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Birthday published.')).toBeVisible();
  const childPage = page.url();

  await expect(await birthdaysOnHome(page, first)).toBeAttached();
  // The minimum shown: the first name and class, never the surname.
  expect(await page.content()).not.toContain(surname);

  await page.goto(childPage);
  await page.getByRole('button', { name: 'Withdraw consent: Birthday on the site' }).click();
  await expect(page.getByText('Consent withdrawn.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Birthday on the site/ })).toContainText(`Withdrawn on ${inWords(today)}`);
  await expect(await birthdaysOnHome(page, first)).toHaveCount(0);
  // Publishing again without consent is refused, naming the child.
  await page.goto(childPage);
  await pickBirthday(page, today);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('alert')).toContainText(`${first} ${surname}`);
});

test('without JavaScript: record a child, see the field errors keep what was typed, withdraw all consent', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, addStaff('admin'));
  const today = schoolToday();
  await page.goto('/admin/children');
  await page.getByLabel('Name', { exact: true }).fill('Rohan Nojs');
  await page.getByLabel('Class', { exact: true }).fill('IX-A');
  const results = page.getByRole('group', { name: 'Results on the site' });
  await results.getByLabel('Date given').fill(today);
  await page.getByRole('button', { name: 'Record child' }).click();
  await expect(page.getByText('Enter the date this consent ends.', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Rohan Nojs');
  await results.getByLabel('End date').fill(`${Number(today.slice(0, 4)) + 1}${today.slice(4)}`);
  await page.getByRole('button', { name: 'Record child' }).click();
  await expect(page.getByText('Child recorded.')).toBeVisible();
  await page.getByRole('button', { name: 'Withdraw all consent' }).click();
  await expect(page.getByText('Consent withdrawn.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Results on the site/ })).toContainText('Withdrawn on');
  await page.goto('/admin/children?q=Nojs');
  await expect(page.getByRole('link', { name: 'Rohan Nojs' })).toBeVisible();
  await context.close();
});

test('a contributor has no Children link and is refused the register (403)', async ({ page }) => {
  await signIn(page, addStaff('contributor'));
  await expect(page.getByRole('navigation', { name: 'Staff area' }).getByRole('link', { name: 'Children' })).toHaveCount(0);
  const res = await page.goto('/admin/children');
  expect(res?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
});

test('at 390 px by keyboard an administrator erases a child\u2019s record after a confirmation in view; an editor has no Erase', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const name = `Erasa ${Math.random().toString(36).slice(2, 8)}`;
  await signIn(page, addStaff('admin'));
  await page.goto('/admin/children');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Class', { exact: true }).fill('III-C');
  await page.getByRole('button', { name: 'Record child' }).click();
  await expect(page.getByText('Child recorded.')).toBeVisible();
  const childPage = page.url();

  // An editor keeps the register but does not erase.
  const editorContext = await browser.newContext();
  const editorPage = await editorContext.newPage();
  await signIn(editorPage, addStaff('editor'));
  await editorPage.goto(childPage);
  await expect(editorPage.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(editorPage.getByRole('button', { name: /Erase this child/ })).toHaveCount(0);
  await editorContext.close();

  await page.getByRole('button', { name: 'Erase this child\u2019s record…' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('heading', { level: 2, name: `Erase the record of ${name} for good?` });
  await expect(confirm).toBeFocused();
  await expect(confirm).toBeInViewport();
  // The line the page opened with is over: shown, it would take the focus back from the question.
  await expect(page.getByText('Child recorded.')).toHaveCount(0);
  // Cancel changes nothing; then erase for real.
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: 'Erase this child\u2019s record…' }).click();
  await page.getByRole('button', { name: 'Erase for good' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Children and consent' })).toBeVisible();
  await expect(page.getByText('The child\u2019s record was erased. Whatever showed them stays off the site.')).toBeInViewport();
  await page.goto(`/admin/children?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('link', { name })).toHaveCount(0);
  const gone = await page.goto(childPage);
  expect(gone?.status()).toBe(404);
});
