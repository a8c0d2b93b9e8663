import { expect, test, type Page } from '@playwright/test';
import { addStaff, signIn } from './admin-helpers';

// Issue 30, item 6: on a phone the staff header is one line (the school, Menu, Sign out) instead
// of 21 links in two rows; Menu opens the places grouped as Content and School and people, only
// those the role may use, the current page marked. It works without JavaScript (a <details>), by
// keyboard (Escape closes it and gives focus back to Menu), and wide screens keep every link in view.

test.use({ viewport: { width: 390, height: 844 } });

const CONTENT = [
  'News',
  'Announcements',
  'Events',
  'Albums',
  'Videos',
  'Toppers',
  'Birthdays',
  'Notifications',
  "Principal's message",
  'Syllabus PDFs',
  'Information pages',
  'Media library',
];
const SCHOOL = [
  'Settings',
  'Words on the site',
  'Staff',
  'Children',
  'Emergency alert',
  'Submissions',
  'Requests',
  'Breaches',
  'Audit log',
  'Move in',
];

const staffArea = (page: Page) => page.getByRole('navigation', { name: 'Staff area' });
const menuButton = (page: Page) => staffArea(page).getByText('Menu', { exact: true });
const contentGroup = (page: Page) => staffArea(page).getByRole('group', { name: 'Content', exact: true });
/** The links of one of the menu's groups. */
const group = (page: Page, name: string) => staffArea(page).getByRole('group', { name, exact: true }).getByRole('link');

test('on a phone the header is one short line; Menu opens the groups, marks the page, and takes you there', async ({ page }) => {
  await signIn(page, addStaff('admin'));
  await page.goto('/admin/news');
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();

  // A small part of the first screen, and none of the 21 links spread over it.
  const header = await page.getByRole('banner').boundingBox();
  expect(header?.height).toBeLessThan(120);
  await expect(staffArea(page).getByRole('link', { name: 'Settings', exact: true })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Content' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeInViewport();

  await menuButton(page).click();
  await expect(contentGroup(page)).toBeVisible();
  await expect(group(page, 'Content')).toHaveText(CONTENT);
  await expect(group(page, 'School and people')).toHaveText(SCHOOL);
  await expect(staffArea(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(staffArea(page).getByRole('link', { name: 'Your account' })).toBeVisible();
  // The page you are on is marked, for eyes and for screen readers.
  await expect(staffArea(page).getByRole('link', { name: 'News', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(staffArea(page).getByRole('link', { name: 'Events', exact: true })).not.toHaveAttribute('aria-current');

  await staffArea(page).getByRole('link', { name: 'Children', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Children and consent' })).toBeVisible();
  // Arrived: the menu is closed again, the new page marked in it.
  await expect(contentGroup(page)).toBeHidden();
  await menuButton(page).click();
  await expect(staffArea(page).getByRole('link', { name: 'Children', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('the menu works by keyboard: Enter opens it, Tab reaches its links, Escape closes it and focus returns to Menu', async ({ page }) => {
  await signIn(page, addStaff('editor'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await menuButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(contentGroup(page)).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(staffArea(page).getByRole('link', { name: 'Dashboard' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(staffArea(page).getByRole('link', { name: 'News', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(contentGroup(page)).toBeHidden();
  await expect(menuButton(page)).toBeFocused();
  // Focus is visible on Menu (an outline in the header's gold).
  const outline = await menuButton(page).evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
});

test('a contributor sees only what they may use: content, no School and people', async ({ page }) => {
  await signIn(page, addStaff('contributor'));
  await menuButton(page).click();
  await expect(group(page, 'Content')).toHaveText(CONTENT);
  await expect(staffArea(page).getByRole('group', { name: 'School and people' })).toHaveCount(0);
  for (const name of SCHOOL) await expect(staffArea(page).getByRole('link', { name, exact: true })).toHaveCount(0);
});

test('an editor sees Children and Emergency alert but not the administrator’s places', async ({ page }) => {
  await signIn(page, addStaff('editor'));
  await menuButton(page).click();
  await expect(group(page, 'School and people')).toHaveText(['Children', 'Emergency alert']);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the menu opens and its links navigate', async ({ page }) => {
    await signIn(page, addStaff('admin'));
    await menuButton(page).click();
    await expect(group(page, 'School and people')).toHaveText(SCHOOL);
    await staffArea(page).getByRole('link', { name: 'Albums', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Albums' })).toBeVisible();
    await expect(contentGroup(page)).toBeHidden();
    await menuButton(page).click();
    await expect(staffArea(page).getByRole('link', { name: 'Albums', exact: true })).toHaveAttribute('aria-current', 'page');
  });
});

test('a wide screen keeps every link in view, without a Menu', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, addStaff('admin'));
  await expect(menuButton(page)).toBeHidden();
  for (const name of ['Dashboard', ...SCHOOL, 'Your account'])
    await expect(staffArea(page).getByRole('link', { name, exact: true })).toBeVisible();
  const content = page.getByRole('navigation', { name: 'Content' });
  for (const name of CONTENT) await expect(content.getByRole('link', { name, exact: true })).toBeVisible();
  await content.getByRole('link', { name: 'Toppers', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Toppers' })).toBeVisible();
  await expect(content.getByRole('link', { name: 'Toppers', exact: true })).toHaveAttribute('aria-current', 'page');
});
