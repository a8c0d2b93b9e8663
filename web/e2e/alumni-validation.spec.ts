import { expect, test } from '@playwright/test';
import { LABELS, REQUIRED_MESSAGES, control, fill, validEntry } from './alumni-form';

// The alumni form's checks in the browser (SPEC §5): exact messages under their own fields,
// an error summary, focus on the first invalid field, and nothing sent while anything is wrong.

test.beforeEach(async ({ page }) => {
  await page.goto('/alumni');
  await expect(page.getByRole('heading', { level: 1, name: 'Alumni Registration' })).toBeVisible();
});

test('the page has its title, description, canonical and breadcrumb', async ({ page }) => {
  await expect(page).toHaveTitle(/^Alumni Registration \| /);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /register as alumni/i);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/alumni$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Admission');
  for (const legend of ['Time at school', 'Ward at school', 'Contact', 'Higher education', 'Work']) {
    await expect(page.getByRole('group', { name: legend })).toBeVisible();
  }
});

test('the options: classes, 31 professions and batches back to 1970', async ({ page }) => {
  const year = new Date().getFullYear();
  const classes = control(page, 'class').locator('option');
  await expect(classes).toHaveText([
    'Select a class',
    'Nursery',
    'LKG',
    'UKG',
    'I',
    'II',
    'III',
    'IV',
    'V',
    'VI',
    'VII',
    'VIII',
    'IX',
    'X',
    'XI',
    'XII',
  ]);
  await expect(control(page, 'class').locator('option[value="nur"]')).toHaveText('Nursery');
  await expect(control(page, 'class').locator('option[value="12"]')).toHaveText('XII');
  const professions = control(page, 'profession1').locator('option');
  await expect(professions).toHaveCount(32);
  await expect(control(page, 'profession1').locator('option[value="1"]')).toHaveText('Accounting');
  await expect(control(page, 'profession1').locator('option[value="31"]')).toHaveText('Other');
  const batches = control(page, 'fromYear').locator('option');
  await expect(batches).toHaveCount(year - 1970 + 2);
  await expect(batches.nth(1)).toHaveText(`${year - 1} to ${year}`);
  await expect(batches.last()).toHaveText('1969 to 1970');
});

test('an empty submit lists every required message under its field and sends nothing', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/alumni')) posts.push(r.url());
  });
  await page.getByRole('button', { name: 'Submit' }).click();

  const summary = page.getByRole('alert').filter({ hasText: 'Please correct' });
  await expect(summary.getByRole('heading')).toHaveText(`Please correct ${REQUIRED_MESSAGES.length} fields:`);
  // The summary names each field, since two of SPEC §5's messages are the same text.
  await expect(summary.getByRole('link')).toHaveText(REQUIRED_MESSAGES.map(([field, message]) => `${LABELS[field]}: ${message}`));
  for (const [field, message] of REQUIRED_MESSAGES) {
    const input = control(page, field);
    await expect(input, field).toHaveAttribute('aria-invalid', 'true');
    await expect(input, field).toHaveAccessibleDescription(new RegExp(`(^| )${message.replace('.', '\\.')}$`));
    const errorId = (await input.getAttribute('aria-describedby'))!.split(' ').at(-1)!;
    await expect(page.locator(`[id="${errorId}"]`), field).toHaveText(`! ${message}`);
  }
  // Optional fields get no message.
  await expect(control(page, 'school')).not.toHaveAttribute('aria-invalid', 'true');
  // Focus goes to the first invalid field; the summary links lead to their fields.
  await expect(control(page, 'fromYear')).toBeFocused();
  await summary.getByRole('link', { name: 'Mobile: Mobile is required.' }).click();
  await expect(control(page, 'phone')).toBeFocused();
  expect(posts).toEqual([]);
});

test('fixing a field clears its message, and only its message', async ({ page }) => {
  await page.getByRole('button', { name: 'Submit' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Please correct' });
  await expect(summary.getByRole('link')).toHaveCount(REQUIRED_MESSAGES.length);

  await control(page, 'name').fill('Asha');
  await expect(control(page, 'name')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(control(page, 'name')).toHaveAccessibleDescription('');
  await expect(control(page, 'fatherName')).toHaveAttribute('aria-invalid', 'true');
  await expect(summary.getByRole('link')).toHaveCount(REQUIRED_MESSAGES.length - 1);

  await control(page, 'toYear').selectOption('2015 to 2016');
  await expect(control(page, 'toYear')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(control(page, 'fromYear')).toHaveAttribute('aria-invalid', 'true');
  await expect(summary.getByRole('link')).toHaveCount(REQUIRED_MESSAGES.length - 2);
});

test('an e-mail without a valid shape and a number of too few digits get clear messages', async ({ page }) => {
  await fill(page, { ...validEntry('shape'), email: 'asha@example', phone: '12345' });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(control(page, 'email')).toHaveAccessibleDescription(/Enter a valid email address, like name@example\.org\.$/);
  await expect(control(page, 'phone')).toHaveAccessibleDescription(
    /Enter a phone number of 7 to 15 digits, like \+91 98765 43210 or \(0121\) 2345678\.$/,
  );
  await expect(control(page, 'email')).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: 'Please correct' }).getByRole('link')).toHaveCount(2);
  // Any number a person writes is accepted: a landline with its area code in brackets too.
  await control(page, 'phone').fill('(0121) 2345678');
  await expect(control(page, 'phone')).not.toHaveAttribute('aria-invalid', 'true');
  await control(page, 'email').fill('asha@example.org');
  await expect(page.getByText('Please correct')).toHaveCount(0);
});

test('the whole form can be completed by keyboard', async ({ page }) => {
  // In tab order: each field receives focus in turn and takes typed input (selects by type-ahead).
  const steps: Array<[string, string]> = [
    ['fromYear', '2004'],
    ['class', 'V'],
    ['toYear', '2015'],
    ['school2', 'XII'],
    ['fatherName', 'Riya Verma'],
    ['subject', 'III'],
    ['name', 'Asha Verma'],
    ['email', 'asha@example'],
    ['phone', '+91 98765 43210'],
    ['location', 'Mahimnagar'],
    ['address', '12 Station Road'],
    ['school', 'Mahimnagar College'],
    ['profession3', 'B.Sc.'],
    ['school1', 'Riverside Labs'],
    ['designation', 'Chemist'],
    ['profession1', 'Sci'],
    ['address1', 'Plot 4'],
  ];
  await control(page, 'fromYear').focus();
  for (const [name, text] of steps) {
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe(name);
    await page.keyboard.type(text);
    await page.keyboard.press('Tab');
  }
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeFocused();
  await expect(control(page, 'fromYear')).toHaveValue('2004 to 2005');
  await expect(control(page, 'class')).toHaveValue('5');
  await expect(control(page, 'school2')).toHaveValue('12');
  await expect(control(page, 'subject')).toHaveValue('3');
  await expect(control(page, 'profession1')).toHaveValue('26');
  // Enter on the button submits; the one mistake (an e-mail without a domain) takes focus.
  await page.keyboard.press('Enter');
  await expect(control(page, 'email')).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: 'Please correct' }).getByRole('link')).toHaveText([
    'Email: Enter a valid email address, like name@example.org.',
  ]);
});
