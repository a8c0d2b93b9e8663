import { expect, test } from '@playwright/test';

// SPEC §2/§8: a render error shows a screen titled 'Unexpected Application Error!' with a way home.
// A broken data answer during client-side navigation is the real-world way to get one; it starts on
// the 'Page not found' screen, which loads React (the visitor pages do not, decisions 0074–0078).
test('a failed page render shows "Unexpected Application Error!" with a way home', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.waitForFunction(() => '__reactRouterRouteModules' in window);
  await page.route('**/about-us.data*', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'broken' }));
  const menu = page.getByRole('navigation', { name: 'Main' });
  await menu.getByRole('button', { name: 'About' }).click();
  await menu.getByRole('link', { name: 'About Us', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page).toHaveTitle('Unexpected Application Error!');
  const home = page.getByRole('link', { name: 'Go to the home page' });
  await expect(home).toBeVisible();
  await page.unrouteAll();
  await home.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toHaveCount(0);
});
