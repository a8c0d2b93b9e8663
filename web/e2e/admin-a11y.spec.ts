import { expect, test, type Page } from '@playwright/test';
import { addStaff, inviteByCli, signIn } from './admin-helpers';
import { axeBuilder } from './support/axe';

// axe-core (WCAG 2.0/2.1/2.2 A and AA) on every staff page at 390 and 1280 px, in the states a
// person sees: empty forms, errors, the link box after an invitation, two-factor setup, 403, 404.
// (The setup page is scanned in admin-journey.spec.ts, on the server whose setup link it has.)

async function scan(page: Page, what: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const results = await axeBuilder(page).analyze();
  return results.violations.map(
    (v) =>
      `${what}: ${v.id} (${v.impact}) ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
}

/** Nothing is wider than the screen (390 px: no sideways scrolling of the page). */
async function fitsWidth(page: Page, what: string): Promise<string[]> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  return overflow > 0 ? [`${what}: page is ${overflow}px wider than the viewport`] : [];
}

for (const width of [390, 1280]) {
  test(`axe: every staff page at ${width} px has no WCAG 2.2 AA violation`, async ({ page, browser, baseURL }) => {
    test.setTimeout(300_000);
    const size = { width, height: width < 600 ? 844 : 900 };
    await page.setViewportSize(size);
    const found: string[] = [];
    let states = 0;
    const check = async (what: string) => {
      states += 1;
      found.push(...(await scan(page, `${what} @${width}`)), ...(await fitsWidth(page, `${what} @${width}`)));
    };

    await page.goto('/admin/login');
    await check('sign-in');
    await page.getByLabel('Email').fill('nobody@example.org');
    await page.getByLabel('Password').fill('wrong password here');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await check('sign-in with an error');
    await page.goto('/admin/reset-password');
    await check('reset password');
    const invited = inviteByCli('editor', baseURL!);
    await page.goto(invited.link);
    await check('set password (invitation)');
    await page.goto('/admin/set-password/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await check('set password (dead link)');

    await signIn(page, addStaff('admin'));
    await check('dashboard');
    if (width < 600) {
      // The header's menu, open (wide screens show its links themselves).
      await page.getByRole('navigation', { name: 'Staff area' }).getByText('Menu', { exact: true }).click();
      await expect(page.getByRole('navigation', { name: 'Staff area' }).getByRole('group', { name: 'Content' })).toBeVisible();
      await check('staff menu open');
      await page.keyboard.press('Escape');
    }
    await page.goto('/admin/staff');
    await check('staff');
    await page.getByRole('region', { name: 'Invite someone' }).getByLabel('Email').fill(`a11y${width}@example.org`);
    await page.getByRole('region', { name: 'Invite someone' }).getByRole('button', { name: 'Invite' }).click();
    await expect(page.getByLabel(/^One-time link for /)).toBeVisible();
    await check('staff with an invitation link');
    await page.goto('/admin/audit');
    await check('audit log');
    await page.goto('/admin/audit?from=not-a-date');
    await check('audit log with a bad filter');
    await page.goto('/admin/account');
    await check('your account');
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect(page.getByLabel('Code from the app')).toBeVisible();
    await check('two-factor setup');
    await page.goto('/admin/news');
    await check('news list');
    await page.goto('/admin/news/new');
    await check('new news item');
    await page.getByLabel('Title', { exact: true }).fill('Axe news');
    await page.getByLabel('Publish at', { exact: true }).fill('2025-08-20T10:00');
    await page.getByLabel('Unpublish at').fill('2025-08-19T10:00');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Unpublish at must be after Publish at.', { exact: true })).toBeVisible();
    await check('news item with an error');
    await page.goto('/admin/children');
    await check('children and consent');
    await page.getByLabel('Name', { exact: true }).fill(`Axe Child ${width}`);
    await page.getByLabel('Class', { exact: true }).fill('I-A');
    await page.getByRole('group', { name: 'Results on the site' }).getByLabel('Date given').fill('2025-01-01');
    await page.getByRole('button', { name: 'Record child' }).click();
    await expect(page.getByText('Enter the date this consent ends.', { exact: true })).toBeVisible();
    await check('record a child with an error');
    await page.getByRole('group', { name: 'Results on the site' }).getByLabel('Date given').fill('');
    await page.getByRole('button', { name: 'Record child' }).click();
    await expect(page.getByText('Child recorded.')).toBeVisible();
    await check('a child and their consent');
    // Every other content type's list and empty form, a form with field errors, the information pages.
    for (const type of ['announcements', 'events', 'albums', 'videos', 'toppers', 'birthdays', 'notifications', 'principal-message']) {
      await page.goto(`/admin/${type}`);
      await check(`${type} list`);
      await page.goto(`/admin/${type}/new`);
      await check(`new item of ${type}`);
    }
    await page.goto('/admin/toppers/new');
    await page.getByLabel('Name', { exact: true }).fill('Axe topper');
    await page.getByLabel('Percentage', { exact: true }).fill('lots');
    await page.getByLabel('Session year', { exact: true }).fill('2024-2025');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Percentage must be a number from 0 to 100, like 96.4.', { exact: true })).toBeVisible();
    await check('topper with errors');
    // Results day: toppers pasted from a spreadsheet, with a wrong row, then their preview (admin-results-day.spec.ts).
    await page.goto('/admin/toppers/paste');
    await check('paste toppers');
    await page.getByLabel('Rows from the spreadsheet', { exact: true }).fill('Axe One\tX\t91\t\nAxe Two\tXII\tlots\tScience');
    await page.getByLabel('Session year', { exact: true }).fill('2024-2025');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('alert')).toContainText('Row 2: Percentage must be');
    await check('paste toppers with a wrong row');
    await page.getByLabel('Rows from the spreadsheet', { exact: true }).fill('Axe One\tX\t91\t\nAxe Two\tXII\t92\tScience');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('button', { name: 'Add 2 toppers' })).toBeVisible();
    await check('paste toppers previewed');
    // An item's history with a comparison, its preview link, a restore (admin-history.spec.ts).
    await page.goto('/admin/events/new');
    await page.getByLabel('Title', { exact: true }).fill(`Axe history ${width}`);
    await page.getByLabel('Date', { exact: true }).fill('2025-08-14');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText(/ · version 1$/)).toBeVisible();
    await page.getByLabel('Title', { exact: true }).fill(`Axe history ${width}, second title`);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText(/ · version 2$/)).toBeVisible();
    await page.getByRole('button', { name: 'Compare' }).click();
    await expect(page.getByRole('region', { name: 'Changes from version 1 to version 2' })).toBeVisible();
    await check('event with its history and a comparison');
    await page.getByRole('button', { name: 'Preview link' }).click();
    await expect(page.getByRole('textbox', { name: 'Preview link' })).toBeVisible();
    await check('event with a preview link');
    await page.getByRole('button', { name: 'Restore this version (1)' }).click();
    await expect(page.getByText('Restored version 1 as version 3.')).toBeVisible();
    await check('event restored');
    await page.goto('/admin/pages');
    await check('information pages');
    for (const slug of ['contact-us', 'about-us', 'timings']) {
      await page.goto(`/admin/pages/${slug}`);
      await check(`information page ${slug}`);
    }
    await page.goto('/admin/no-such-page');
    await check('staff 404');

    const editorContext = await browser.newContext({ viewport: size });
    const editorPage = await editorContext.newPage();
    await signIn(editorPage, addStaff('editor'));
    await editorPage.goto('/admin/staff');
    found.push(...(await scan(editorPage, `staff 403 @${width}`)));
    states += 1;
    await editorContext.close();

    console.log(
      `axe staff area @${width}px: ${states} states, ${found.length} violations${found.length ? `\n  ${found.join('\n  ')}` : ''}`,
    );
    expect(found).toEqual([]);
  });
}
