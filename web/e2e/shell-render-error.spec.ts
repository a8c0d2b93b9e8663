import { expect, test } from '@playwright/test';

// SPEC §2/§8: a render error shows a screen titled 'Unexpected Application Error!' with a way home.
// A broken data answer during client-side navigation is the real-world way to get one.
test('a failed page render shows "Unexpected Application Error!" with a way home', async ({ page }) => {
  await page.goto('/sitemap');
  await page.waitForFunction(() => '__reactRouterRouteModules' in window);
  await page.route('**/about-us.data*', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'broken' }));
  await page.getByRole('main').getByRole('link', { name: 'About Us', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page).toHaveTitle('Unexpected Application Error!');
  const home = page.getByRole('link', { name: 'Go to the home page' });
  await expect(home).toBeVisible();
  await page.unrouteAll();
  await home.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toHaveCount(0);
});
