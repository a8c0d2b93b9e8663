import { expect, test, type Page } from '@playwright/test';
import { MENU_GROUPS, pagesOf } from '../app/lib/site-map';

// The header menu (SPEC §2, §4, §9): collapsed behind a toggle below 991 px, open at 991 px and
// wider, following resizes; submenus are keyboard-operable disclosure buttons.

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('at 390 px the menu is collapsed behind a working toggle', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/timings');
  const toggle = menu(page).getByRole('button', { name: 'Menu' });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(menu(page).getByRole('button', { name: 'About' })).toBeHidden();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await menu(page).getByRole('button', { name: 'Facilities' }).click();
  await menu(page).getByRole('link', { name: 'Library' }).click();
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Library');
  // A link closes the mobile menu.
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(menu(page).getByRole('button', { name: 'About' })).toBeHidden();
});

test('at 1280 px the menu is open, and it follows resizes', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/sitemap'); // not the home page: its notification dialog covers the menu
  const toggle = menu(page).getByRole('button', { name: 'Menu' });
  await expect(toggle).toBeHidden();
  for (const group of ['About', 'Academics', 'Admission', 'Student Corner', 'Facilities', 'Gallery']) {
    await expect(menu(page).getByRole('button', { name: group })).toBeVisible();
  }
  await expect(menu(page).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contactUs');
  await expect(menu(page).getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/');
  await expect(menu(page).getByRole('link', { name: 'F.M Studio' })).toHaveAttribute('href', '/');

  await page.setViewportSize({ width: 990, height: 800 });
  await expect(toggle).toBeVisible();
  await expect(menu(page).getByRole('button', { name: 'About' })).toBeHidden();
  await page.setViewportSize({ width: 991, height: 800 });
  await expect(toggle).toBeHidden();
  await expect(menu(page).getByRole('button', { name: 'About' })).toBeVisible();
});

test('every listed page is reachable from the menu', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/sitemap');
  for (const group of MENU_GROUPS) {
    const pages = pagesOf(group);
    if (group === 'Contact Us') continue;
    await menu(page).getByRole('button', { name: group }).click();
    for (const p of pages) {
      await expect(menu(page).getByRole('link', { name: p.title, exact: true })).toHaveAttribute('href', p.path);
    }
  }
});

test('submenus work by keyboard: Enter, Space, Escape returns focus; outside click closes', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/sitemap');
  const about = menu(page).getByRole('button', { name: 'About' });
  await about.focus();
  await page.keyboard.press('Enter');
  await expect(about).toHaveAttribute('aria-expanded', 'true');
  const patrons = menu(page).getByRole('link', { name: 'Our Patrons' });
  await expect(patrons).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(menu(page).getByRole('link', { name: 'About Us' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(about).toHaveAttribute('aria-expanded', 'false');
  await expect(patrons).toBeHidden();
  await expect(about).toBeFocused();

  await page.keyboard.press('Space');
  await expect(about).toHaveAttribute('aria-expanded', 'true');
  // Opening another group closes the first.
  await menu(page).getByRole('button', { name: 'Gallery' }).click();
  await expect(about).toHaveAttribute('aria-expanded', 'false');
  await page.getByRole('heading', { level: 1 }).click();
  await expect(menu(page).getByRole('button', { name: 'Gallery' })).toHaveAttribute('aria-expanded', 'false');
});

test('a route change scrolls to the top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto('/sitemap');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Careers' }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Careers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Careers' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('no horizontal scroll at 320 px on the home page and an inner page', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  for (const path of ['/', '/timings', '/sitemap']) {
    await page.goto(path);
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0], path).toBeLessThanOrEqual(widths[1]!);
  }
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/timings');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('submenus open on hover at 1280 px and the whole menu is listed at 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/sitemap');
    await expect(menu(page).getByRole('link', { name: 'Library' })).toBeHidden();
    await menu(page).getByRole('button', { name: 'Facilities' }).hover();
    await expect(menu(page).getByRole('link', { name: 'Library' })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 800 });
    await page.reload();
    await expect(menu(page).getByRole('button', { name: 'Menu' })).toBeHidden();
    await expect(menu(page).getByRole('link', { name: 'School Timings' })).toBeVisible();
  });
});
