import { expect, test, type Page } from '@playwright/test';

// Information pages load no React (docs/decisions/0074): no module scripts or preloads, one inline
// script with the response's nonce, and the shell still works through it. Widget pages keep React.

const moduleScripts = (page: Page) => page.locator('script[type="module"], link[rel="modulepreload"]');
const menu = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('an information page ships no React, only the shell script with the CSP nonce', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  const response = await page.goto('/about-us');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(moduleScripts(page)).toHaveCount(0);
  expect(scripts).toEqual([]);
  const nonce = /'nonce-([^']+)'/.exec(response?.headers()['content-security-policy'] ?? '')?.[1];
  expect(nonce).toBeTruthy();
  const inline = page.locator('body > script:not([type])');
  await expect(inline).toHaveCount(1);
  // Browsers hide a nonce from the DOM attribute; the property still holds it.
  expect(await inline.evaluate((el) => (el as HTMLScriptElement).nonce)).toBe(nonce);
});

test('the home page and the staff sign-in keep React', async ({ page }) => {
  for (const path of ['/', '/admin/login']) {
    await page.goto(path);
    expect(await moduleScripts(page).count()).toBeGreaterThan(0);
  }
});

test('without React the menu opens, closes with Escape and returns focus (390 px)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/privacy');
  const toggle = menu(page).getByRole('button', { name: 'Menu' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const about = menu(page).getByRole('button', { name: 'About' });
  await about.click();
  await expect(about).toHaveAttribute('aria-expanded', 'true');
  await expect(menu(page).getByRole('link', { name: 'About Us', exact: true })).toBeVisible();
  // Opening another group closes the first.
  await menu(page).getByRole('button', { name: 'Facilities' }).click();
  await expect(about).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Escape');
  await expect(menu(page).getByRole('button', { name: 'Facilities' })).toBeFocused();
  await expect(menu(page).getByRole('link', { name: 'Library' })).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  await expect(about).toBeHidden();
});

test('without React a click outside closes an open submenu (1280 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/contactUs');
  const about = menu(page).getByRole('button', { name: 'About' });
  await about.click();
  await expect(menu(page).getByRole('link', { name: 'About Us', exact: true })).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(about).toHaveAttribute('aria-expanded', 'false');
  await expect(menu(page).getByRole('link', { name: 'About Us', exact: true })).toBeHidden();
});
