import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { addStaff, signIn } from './admin-helpers';
import { onOwnServer } from './support/own-server';

// A school made empty (decision 0134) at 390 px, on a server of its own (E2E_PORT + 19) whose default
// school is that new school: its home page shows no empty section and no placeholder, its menu and
// sitemaps list no information page and their addresses answer 404; an editor opens the unwritten
// Contact Us page, sees what to write, saves a draft written in part, writes the rest and publishes
// it, and it appears in the menu and sitemap.

const CODE = 'NEWSC';
const { dataDir } = onOwnServer({
  offset: 19,
  name: 'unwritten-pages',
  serial: true,
  env: { SCHOOL_CODE: CODE },
  prepare: (dir) =>
    execFileSync(process.execPath, ['web/e2e/support/seed-new-school.ts', dir, CODE, 'Riverside Public School'], {
      stdio: 'inherit',
      env: { ...process.env, LOG_LEVEL: 'silent' },
    }),
});
test.use({ viewport: { width: 390, height: 844 } });

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main' });
async function openMenu(page: Page) {
  await menu(page).getByRole('button', { name: 'Menu' }).click();
  await expect(menu(page).getByRole('button', { name: 'Academics' })).toBeVisible();
}

test("a new school's home page has no empty sections, and its unwritten pages are nowhere", async ({ page }) => {
  await page.goto('/');
  for (const heading of ['Latest News', 'Events & Updates', 'Principal Message', 'Birthdays', 'School Toppers', 'About School']) {
    await expect(page.getByRole('heading', { name: heading })).toHaveCount(0);
  }
  for (const placeholder of [
    'Stay tuned for latest updates',
    'Event Title',
    'Student Name',
    'News Heading',
    'No current news updates available.',
  ])
    await expect(page.getByText(placeholder)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('new-school-home-390.png'), fullPage: true });

  await openMenu(page);
  await expect(menu(page).getByRole('button', { name: 'About' })).toHaveCount(0);
  await expect(menu(page).getByRole('link', { name: 'Contact Us' })).toHaveCount(0);
  await menu(page).getByRole('button', { name: 'Academics' }).click();
  await expect(menu(page).getByRole('link', { name: 'News' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Syllabus' })).toHaveCount(0);

  for (const path of ['/about-us', '/contactUs', '/syllabus', '/principal-message']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  }
  const xml = await (await page.request.get('/sitemap.xml')).text();
  expect(xml).toContain('/news</loc>');
  for (const path of ['/about-us', '/contactUs', '/timings']) expect(xml).not.toContain(`${path}</loc>`);
  await page.goto('/sitemap');
  await expect(page.getByRole('link', { name: 'News', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Us', exact: true })).toHaveCount(0);
});

test('an editor writes the unwritten Contact Us page from its template, publishes it, and it appears', async ({ page }) => {
  await signIn(page, addStaff('editor', { school: CODE, dataDir }));
  await page.goto('/admin/pages');
  const row = page.getByRole('row', { name: /Contact Us/ });
  await expect(row.getByRole('cell', { name: 'Not written yet' })).toBeVisible();
  await row.getByRole('link', { name: 'Contact Us' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Edit: Contact Us' })).toBeVisible();
  await expect(page.getByText('Nobody has written this page yet.')).toBeVisible();
  await expect(page.getByText('Status: Not written yet, not on the public site')).toBeVisible();
  const hours = page.getByRole('textbox', { name: 'Office hours' });
  await expect(hours).toHaveValue('');
  await expect(hours).toHaveAccessibleDescription('Write when the office is open.');
  await page.screenshot({ path: test.info().outputPath('unwritten-page-form-390.png'), fullPage: true });

  // As it is, the template cannot be published: every text must be written.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/Please correct|need attention|required/).first()).toBeInViewport();
  await expect(page.getByRole('textbox', { name: 'Office hours' })).toHaveValue('');

  // Written over two sittings: a draft keeps what is written so far, the rest still empty.
  await page.getByRole('textbox', { name: 'Page description (for search results)' }).fill('How to reach Riverside Public School.');
  await page.getByRole('button', { name: 'Save draft', exact: true }).click();
  await expect(page.getByText('Saved.')).toBeInViewport();
  await expect(page.getByText('Status: Not published, a draft saved, not on the public site')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Page description (for search results)' })).toHaveValue(
    'How to reach Riverside Public School.',
  );
  await expect(page.getByRole('textbox', { name: 'Office hours' })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Office hours' })).toHaveAccessibleDescription('Write when the office is open.');
  expect((await page.request.get('/contactUs')).status()).toBe(404);

  await page.getByRole('textbox', { name: 'Introduction' }).fill('Visitors are welcome on school days.');
  await page.getByRole('textbox', { name: 'Office hours' }).fill('Monday to Friday, 8 AM to 1 PM.');
  await page.getByRole('textbox', { name: 'Directions' }).fill('Beside the river bridge, opposite the post office.');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Saved.')).toBeInViewport();
  await expect(page.getByText('Status: Published (no draft waiting)')).toBeVisible();
  await expect(page.getByText('Nobody has written this page yet.')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Office hours' })).not.toHaveAccessibleDescription('Write when the office is open.');

  await page.goto('/');
  await openMenu(page);
  await menu(page).getByRole('link', { name: 'Contact Us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expect(page.getByText('Visitors are welcome on school days.')).toBeVisible();
  const xml = await (await page.request.get('/sitemap.xml')).text();
  expect(xml).toContain('/contactUs</loc>');
  expect(xml).not.toContain('/about-us</loc>');
});

test('the administrator of a new school sees what is left before going live, each line leading to its fix', async ({ page }) => {
  await signIn(page, addStaff('admin', { school: CODE, dataDir }));
  const checklist = page.getByRole('region', { name: 'Before you go live' });
  await expect(checklist).toBeVisible();
  await expect(checklist.getByText('Done: The school’s name')).toBeVisible();
  await expect(checklist.getByText('To do: The crest')).toBeVisible();
  await expect(checklist.getByText('To do: E-mail sending (invitations, password resets)')).toBeVisible();
  await expect(checklist.getByText('Ask whoever runs the server to set SMTP_URL.')).toBeVisible();
  // Contact Us was published by the test before: the pages line lists only the others.
  await expect(checklist.getByRole('link', { name: 'Write Contact Us' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('go-live-390.png'), fullPage: true });
  await checklist.getByRole('link', { name: 'Write About Us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit: About Us' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Vision' })).toHaveAccessibleDescription(
    'Write the school’s vision in one or two sentences.',
  );
  await page.goBack();
  await checklist.getByRole('link', { name: 'Phone numbers and e-mail' }).first().click();
  await expect(page).toHaveURL(/\/admin\/settings#contact$/);
});
