import { expect, test } from '@playwright/test';
import { addStaff, signIn } from './admin-helpers';
import { axeViolations } from './support/axe';
import { onOwnServer } from './support/own-server';

// Moving in from the staff area (/admin/import), on Chromium by role and label: an administrator
// finds it in the staff menu, and a source address inside this network is refused with the reason
// in view and the address kept (the server reads only from public addresses; docs/decisions/0137).
// The import itself, from a local source, is tested through the API (api/test/import). On a server
// of its own (E2E_PORT + 20).

const { dataDir } = onOwnServer({ offset: 20, name: 'import' });

const REFUSED = 'The source address must be a public internet address, not one inside this network.';

test('a private source address is refused with its reason in view, the address kept', async ({ page }) => {
  await signIn(page, addStaff('admin', { dataDir }));
  await page.getByRole('navigation', { name: 'Staff area' }).getByRole('link', { name: 'Move in' }).click();
  await expect(page).toHaveURL(/\/admin\/import$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Move in from your current site' })).toBeVisible();
  // Nothing to import before a dry run.
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0);

  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 800 });
    const address = width === 390 ? 'http://127.0.0.1:9/api' : 'http://localhost/api';
    await page.getByLabel('Source address').fill(address);
    await page.getByRole('button', { name: 'Dry run' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(REFUSED);
    await expect(alert).toBeInViewport();
    await expect(page.getByLabel('Source address')).toHaveValue(address);
    expect(await axeViolations(page, `/admin/import at ${width} px`)).toEqual([]);
    if (width === 390) await page.screenshot({ path: test.info().outputPath('import-390.png') });
  }
});

test('works by keyboard and without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, addStaff('admin', { dataDir }));
  await page.goto('/admin/import');
  await page.getByLabel('Source address').fill('http://169.254.169.254/latest');
  await page.getByLabel('Source address').press('Enter');
  await expect(page.getByRole('alert')).toHaveText(REFUSED);
  await expect(page.getByLabel('Source address')).toHaveValue('http://169.254.169.254/latest');
  await context.close();
});
