import { expect, test, type Page } from '@playwright/test';
import { addStaff, signIn } from './admin-helpers';
import { onOwnServer } from './support/own-server';
import { hydrated } from './support/slow-phone';

// Content that was on the site before anyone saved it in the staff area (the demo seed, as a school
// that moved in would have it) opens from its list like any other item, at 390 px, with its history
// saying it was already on the site (issue 30, item 1); a seeded news item changed and published is
// on the public news page; a new topper's untouched form does not claim "Unsaved changes" (item 10).

// On a server of its own (E2E_PORT + 15): it changes seeded news that other specs and snapshots read.
const { dataDir } = onOwnServer({ offset: 15, name: 'seeded-items' });

test.use({ viewport: { width: 390, height: 844 } });

const LISTS = [
  ['news', 'News', 'news item'],
  ['announcements', 'Announcements', 'announcement'],
  ['events', 'Events', 'event'],
  ['albums', 'Albums', 'album'],
  ['videos', 'Videos', 'video'],
  ['toppers', 'Toppers', 'topper'],
  ['birthdays', 'Birthdays', 'birthday'],
  ['notifications', 'Notifications', 'notification'],
  ['principal-message', "Principal's message", "principal's message"],
] as const;

/** The history's line of the version that was on the site before the staff area. */
const imported = (page: Page) =>
  page.getByRole('region', { name: 'History' }).getByRole('listitem').filter({ hasText: 'On the site before (imported)' });

/** Opens the first item of a list by its link, as a person would. */
async function openFirst(page: Page, type: string, heading: string): Promise<void> {
  await page.goto(`/admin/${type}`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.getByRole('table').getByRole('link').first().click();
}

test('every seeded item type opens from its list, with its history', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, addStaff('editor', { dataDir }));
  for (const [type, heading, singular] of LISTS) {
    await openFirst(page, type, heading);
    await expect(page.getByRole('heading', { level: 1, name: `Edit ${singular}` }), type).toBeVisible();
    await expect(page.getByText(/^Status: Published · version 1$/), type).toBeVisible();
    await expect(imported(page), type).toHaveText(/^Version 1: On the site before \(imported\) · .* · the system$/);
  }
});

test('a seeded news item changed and published is on the public news page', async ({ page, browser }) => {
  await signIn(page, addStaff('editor', { dataDir }));
  await openFirst(page, 'news', 'News');
  await hydrated(page);
  const title = page.getByLabel('Title', { exact: true });
  const changed = `${await title.inputValue()} (updated by the office)`;
  await title.fill(changed);
  // A live item's main action keeps it live (decision 0123).
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(page.getByText(/^Status: Published · version 2$/)).toBeVisible();
  await expect(imported(page)).toBeVisible();
  const visitor = await browser.newPage();
  await expect(async () => {
    await visitor.goto('/news');
    await expect(visitor.getByText(changed).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await visitor.close();
});

test('a new topper form untouched says nothing about unsaved changes', async ({ page }) => {
  await signIn(page, addStaff('editor', { dataDir }));
  await page.goto('/admin/toppers/new');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'New topper' })).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await page.getByLabel('Name', { exact: true }).fill('Tara Menon');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
});
