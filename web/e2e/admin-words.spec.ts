import { expect, request as http, test, type Page } from '@playwright/test';
import { addStaff, signIn, STAFF_PASSWORD } from './admin-helpers';
import { axeViolations } from './support/axe';

// "Words on the site" (docs/staff.md): an administrator at 390 px corrects a Hindi word of the menu
// on /admin/words, sees "Saved" in view and focused, the public /hi page shows the new word at once,
// and "Back to the standard wording" restores it; an invalid text comes back with its error beside
// the field and the typed text kept. With and without JavaScript, by role and visible text. On the
// shared server: each variant corrects a word of its own that no other spec reads (the About and
// Facilities menus), as the two may run at once; every test restores its word, and afterAll clears
// both through the API should a step have failed.

const WORDS = {
  with: { key: 'menu.About', english: 'About', standard: 'परिचय', ours: 'विद्यालय परिचय' },
  without: { key: 'menu.Facilities', english: 'Facilities', standard: 'सुविधाएँ', ours: 'हमारी सुविधाएँ' },
} as const;

let admin = '';
test.beforeAll(() => {
  admin = addStaff('admin');
});

test.afterAll(async ({ baseURL }) => {
  const origin = baseURL ?? '';
  const api = await http.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  await api.post('/api/admin/session', { data: { email: admin, password: STAFF_PASSWORD } });
  const { csrfToken } = (await (await api.get('/api/admin/me')).json()) as { csrfToken: string };
  await api.put('/api/admin/STHSM/words/hi', {
    data: { words: { [WORDS.with.key]: null, [WORDS.without.key]: null } },
    headers: { 'x-csrf-token': csrfToken },
  });
  await api.dispose();
});

const wording = (page: Page, english: string) => page.getByRole('textbox', { name: `Your wording of “${english}”`, exact: true });
const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'मुख्य' });

async function openWords(page: Page) {
  await page.goto('/admin');
  const staffArea = page.getByRole('navigation', { name: 'Staff area' });
  await staffArea.getByText('Menu', { exact: true }).click();
  await staffArea.getByRole('link', { name: 'Words on the site' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Words on the site' })).toBeVisible();
}

for (const javaScriptEnabled of [true, false]) {
  const how = javaScriptEnabled ? 'with' : 'without';
  const { english: ENGLISH, standard: STANDARD, ours: OURS } = WORDS[how];

  test(`an administrator corrects a Hindi word of the menu, the /hi page shows it at once, and goes back to the standard ${how} JavaScript`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, admin);
    await openWords(page);
    await expect(page.getByLabel('Language', { exact: true })).toHaveValue('hi');
    await page.getByLabel('Search', { exact: true }).fill(STANDARD);
    await page.getByRole('button', { name: 'Show' }).click();
    const field = wording(page, ENGLISH);
    await expect(field).toHaveValue(STANDARD);
    await field.fill(OURS);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const saved = page.getByText('Saved (1 change). The public site shows it now.');
    await expect(saved).toBeInViewport();
    if (javaScriptEnabled) await expect(saved).toBeFocused();
    await expect(page.getByRole('listitem').filter({ has: wording(page, ENGLISH) })).toContainText('Corrected');

    const visitor = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
    const site = await visitor.newPage();
    await site.goto('/hi');
    await expect(mainMenu(site)).toContainText(OURS);
    // English pages keep their own word.
    await site.goto('/');
    await expect(site.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(site.getByRole('navigation', { name: 'Main' })).not.toContainText(OURS);

    const row = page.getByRole('listitem').filter({ has: wording(page, ENGLISH) });
    await row.getByRole('button', { name: 'Back to the standard wording' }).click();
    const back = page.getByText('Back to the standard wording. The public site shows it now.');
    await expect(back).toBeInViewport();
    if (javaScriptEnabled) await expect(back).toBeFocused();
    await expect(wording(page, ENGLISH)).toHaveValue(STANDARD);
    await site.goto('/hi');
    await expect(mainMenu(site)).toContainText(STANDARD);
    await expect(mainMenu(site)).not.toContainText(OURS);
    await visitor.close();
    await context.close();
  });

  test(`an invalid text shows its error beside the field and keeps what was typed ${how} JavaScript`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, admin);
    await page.goto('/admin/words?lang=hi&q=lists.news.count');
    const field = wording(page, '{count, plural, one {{n} news item} other {{n} news items}}');
    const typed = '{n} ख़बरें';
    await field.fill(typed);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('This wording needs attention. Nothing was saved.');
    await expect(alert).toBeInViewport();
    const problem = 'Keep {count} as it is: the site puts the number there.';
    await expect(field).toHaveValue(typed);
    await expect(field).toHaveAccessibleDescription(problem);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    // The summary's link takes the keyboard to the field.
    await alert.getByRole('link').click();
    await expect(field).toBeFocused();
    if (javaScriptEnabled) expect(await axeViolations(page, 'words with an error')).toEqual([]);
    await context.close();
  });
}
