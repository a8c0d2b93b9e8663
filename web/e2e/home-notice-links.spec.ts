import { expect, test } from '@playwright/test';
import type { SchoolNotification } from '@sthsm/contract';
import { apiList } from './home-helpers';

// Issue 17: a notification's "More details" that leads to a page of this site opens it in the same
// tab; a link to another site still opens in a new tab and says so.

test('"More details" opens a page of the site in the same tab, another site in a new tab', async ({ page, request }) => {
  const notices = await apiList<SchoolNotification>(request, '/api/notification/STHSM');
  const internal = notices.find((n) => n.url.startsWith('/'));
  const external = notices.find((n) => /^https?:/.test(n.url));
  expect(internal, 'the seed has a notice linking to a page of the site').toBeDefined();
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog).toBeVisible();
  if (external) {
    const away = dialog.getByRole('link', { name: `More details about ${external.title} (opens in a new tab)` });
    await expect(away).toHaveAttribute('target', '_blank');
    await expect(away).toHaveAttribute('href', external.url);
  }
  const here = dialog.getByRole('link', { name: `More details about ${internal!.title}`, exact: true });
  await expect(here).not.toHaveAttribute('target', /.*/);
  const pagesBefore = page.context().pages().length;
  await here.click();
  await expect(page).toHaveURL(new RegExp(`${internal!.url}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(page.context().pages()).toHaveLength(pagesBefore);
});
