import { expect, test } from '@playwright/test';
import type { SchoolNotification } from '@sthsm/contract';
import { offlineBaseURL } from '../../playwright.config';
import { apiList, carousel, skipNotificationModal } from './home-helpers';

// The pop-up notification modal (SPEC §2, §4) and the home page with the API unreachable (SPEC §8).

test.describe('notification modal', () => {
  test('opens once by itself, closes by Escape, and does not reopen on return to /', async ({ page, request }) => {
    const [first] = await apiList<SchoolNotification>(request, '/api/notification/STHSM');
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: first!.title })).toBeVisible();
    await expect(dialog.getByRole('link', { name: /View attachment/ }).first()).toHaveAttribute('href', /^\/api\/image\//);
    await expect(dialog.getByRole('button', { name: 'Close notifications' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('main').getByRole('link', { name: 'View all news' }).click();
    await expect(page).toHaveURL(/\/news$/);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/'); // a full load in the same session
    await expect(page.getByRole('button', { name: /Notices/ })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(dialog).toBeHidden();
  });

  test('reopened by Notices, traps focus, and gives focus back on Escape, close and backdrop', async ({ page }) => {
    await skipNotificationModal(page);
    await page.goto('/');
    const notices = page.getByRole('button', { name: /Notices/ });
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    await expect(dialog).toBeHidden();

    await notices.click();
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      // The page behind a modal dialog is inert: focus stays in the dialog (or the browser's own UI).
      expect(
        await page.evaluate(
          () => !document.activeElement || document.activeElement === document.body || !!document.activeElement.closest('dialog'),
        ),
      ).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(notices).toBeFocused();

    await notices.press('Enter');
    await dialog.getByRole('button', { name: 'Close notifications' }).click();
    await expect(dialog).toBeHidden();
    await expect(notices).toBeFocused();

    await notices.click();
    await page.mouse.click(5, 5); // the backdrop
    await expect(dialog).toBeHidden();
    await expect(notices).toBeFocused();
  });
});

test.describe('with the API unreachable', () => {
  test.use({ baseURL: offlineBaseURL });

  test('the home page answers 200 with every SPEC §8 placeholder', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('No current news updates available.', { exact: true })).toBeVisible();

    const events = carousel(page, 'Upcoming events');
    await expect(events.getByRole('heading', { name: 'Event Title' })).toBeVisible();
    await expect(events.getByText('Stay Tuned For More Updates', { exact: true })).toBeVisible();

    await expect(carousel(page, "Today's birthdays").getByRole('heading', { name: 'Student Name' })).toBeVisible();
    for (const name of ['Class X toppers', 'Class XII toppers']) {
      const toppers = carousel(page, name);
      await expect(toppers.getByText('100%')).toBeVisible();
      await expect(toppers.locator('img')).toHaveAttribute('src', /trophy\.png/); // decorative: alt=""
    }

    const gallery = page.getByRole('region', { name: 'Gallery', exact: true });
    await expect(gallery.getByRole('heading', { name: 'News Heading' })).toBeVisible();
    await expect(gallery.getByText('Stay connected for more updates!', { exact: true })).toBeVisible();

    // The principal message shows nothing: its heading and link, no message.
    const principal = page.getByRole('region', { name: 'Principal Message', exact: true });
    await expect(principal.getByRole('link', { name: "Read the principal's message" })).toBeVisible();
    await expect(principal.getByRole('article')).toHaveCount(0);

    // No notifications came back: no modal and no Notices button.
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Notices/ })).toHaveCount(0);
  });
});
