import { expect, test, type Page } from '@playwright/test';
import { addOperator, addStaff, signIn } from './admin-helpers';
import { axeViolations } from './support/axe';
import { onOwnServer } from './support/own-server';
import { slowPhone } from './support/slow-phone';

// An emergency alert from the staff area to every public page (issue 34), by an editor at 390 px on
// Chromium, by role and visible text: the form, the question before sending (in view, focused), the
// banner on the home page and on inner pages, and End now taking it down; the same with plain form
// posts (no JavaScript); axe on the staff page and on a page with the banner. On a server of its own
// (E2E_PORT + 24): a banner on the shared server would be on every other spec's pages.

const { dataDir } = onOwnServer({ offset: 24, name: 'alerts' });

const banner = (page: Page) => page.getByRole('region', { name: 'Emergency alert' });

async function sendAlert(page: Page, message: string) {
  await page.goto('/admin');
  const staffArea = page.getByRole('navigation', { name: 'Staff area' });
  await staffArea.getByText('Menu', { exact: true }).click();
  await staffArea.getByRole('link', { name: 'Emergency alert' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Emergency alert' })).toBeVisible();
  await page.getByLabel('Alert', { exact: true }).fill(message);
  await page.getByLabel('Link', { exact: true }).fill('/news');
  await page.getByRole('button', { name: 'Review and send' }).click();
  const question = page.getByRole('heading', { name: 'Send this alert now?' });
  await expect(question).toBeInViewport();
  await expect(page.getByText(message, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Send alert now' }).click();
  const sent = page.getByText('Alert sent: it is on every page now, and subscribers are being notified.');
  await expect(sent).toBeInViewport();
}

for (const javaScriptEnabled of [true, false]) {
  test(`an editor sends an alert, it is on every page, and End now takes it down ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, addStaff('editor', { dataDir }));
    const message = `School closed today after heavy rain (${javaScriptEnabled ? 'with' : 'without'} script). Stay safe at home.`;
    await sendAlert(page, message);

    const visitor = await context.browser()?.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
    const site = await visitor!.newPage();
    for (const path of ['/', '/news', '/about-us', '/Events']) {
      await site.goto(path);
      await expect(banner(site), path).toContainText(message);
      // First on the page, above the header: in view without scrolling.
      await expect(banner(site), path).toBeInViewport();
    }
    await banner(site).getByRole('link', { name: 'Read more' }).click();
    await expect(site).toHaveURL(/\/news$/);

    await page.getByRole('button', { name: 'End now' }).click();
    await expect(page.getByText('Alert ended: it is no longer on the website.')).toBeInViewport();
    await site.goto('/');
    await expect(site.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(banner(site)).toHaveCount(0);
    await visitor!.close();
    await context.close();
  });
}

test('an alert typed on a slow phone before the page has started is sent as typed', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, addStaff('editor', { dataDir }));
  await slowPhone(page);
  await page.goto('/admin/alerts', { waitUntil: 'commit' });
  await page.getByLabel('Alert', { exact: true }).fill('Buses leave at 11:00 today.');
  await page.getByRole('button', { name: 'Review and send' }).click();
  await expect(page.getByRole('heading', { name: 'Send this alert now?' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Buses leave at 11:00 today.', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Change it' }).click();
  await expect(page.getByLabel('Alert', { exact: true })).toHaveValue('Buses leave at 11:00 today.');
});

test('a two-line alert is refused with the message under Alert and the typed text kept', async ({ page }) => {
  await signIn(page, addStaff('editor', { dataDir }));
  await page.goto('/admin/alerts');
  await page.getByLabel('Link', { exact: true }).fill('javascript:alert(1)');
  await page.getByLabel('Alert', { exact: true }).fill('Gate closed');
  await page.getByRole('button', { name: 'Review and send' }).click();
  await expect(page.getByRole('alert')).toContainText('Some fields need attention. Nothing was sent.');
  await expect(page.getByText('The link must be a page of this website (starting with /) or an https:// address.').first()).toBeVisible();
  await expect(page.getByLabel('Alert', { exact: true })).toHaveValue('Gate closed');
});

test('no axe violation on the alert page, its question, and a public page with the banner, at 390 and 1280 px', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, addStaff('editor', { dataDir }));
  const found: string[] = [];
  await page.goto('/admin/alerts');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    found.push(...(await axeViolations(page, `alerts @${width}`)));
  }
  await page.getByLabel('Alert', { exact: true }).fill('Exams postponed by one day.');
  await page.getByRole('button', { name: 'Review and send' }).click();
  await expect(page.getByRole('heading', { name: 'Send this alert now?' })).toBeVisible();
  found.push(...(await axeViolations(page, 'alert question')));
  await page.getByRole('button', { name: 'Send alert now' }).click();
  await expect(page.getByText('Alert sent: it is on every page now, and subscribers are being notified.')).toBeVisible();
  await page.goto('/');
  await expect(banner(page)).toContainText('Exams postponed by one day.');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    found.push(...(await axeViolations(page, `home with banner @${width}`)));
  }
  // The staff page still lists it, with End now.
  await page.goto('/admin/alerts');
  await page.getByRole('button', { name: 'End now' }).first().click();
  await expect(page.getByText('Alert ended: it is no longer on the website.')).toBeVisible();
  expect(found).toEqual([]);
});

test('Notify subscribers on a news item: ticked and published, the box gives way to what became of the send', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, addStaff('editor', { dataDir }));
  await page.goto('/admin/news/new');
  await page.getByLabel('Title', { exact: true }).fill(`Half-yearly results on the notice board ${Date.now().toString(36)}`);
  await page.getByLabel('Description', { exact: true }).fill('Parents may collect report cards on Saturday.');
  const notify = page.getByRole('checkbox', { name: 'Notify subscribers' });
  await expect(notify).not.toBeChecked();
  await notify.check();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Saved.', { exact: true })).toBeInViewport();
  await expect(page.getByRole('checkbox', { name: 'Notify subscribers' })).toHaveCount(0);
  // Queued with the publish; the send job (every 5 s) reports it done, with no subscriber on this server.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/^Subscribers were notified on .*: 0 delivered\.$/)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
});

test('a platform operator sends one alert to every school', async ({ page }) => {
  await signIn(page, addOperator(dataDir));
  await page.goto('/admin/alerts');
  await page.getByLabel('Alert', { exact: true }).fill('Statewide holiday tomorrow: every school is closed.');
  await page.getByRole('checkbox', { name: 'Send to every school on this server (platform operators)' }).check();
  await page.getByRole('button', { name: 'Review and send' }).click();
  await expect(page.getByText('the subscribers of every school on this server')).toBeVisible();
  await page.getByRole('button', { name: 'Send alert now' }).click();
  await expect(page.getByText('Alert sent: it is on every page now, and subscribers are being notified.')).toBeVisible();
  await expect(page.getByText('sent by the platform to every school')).toBeVisible();
  await page.goto('/');
  await expect(banner(page)).toContainText('Statewide holiday tomorrow: every school is closed.');
  await page.goto('/admin/alerts');
  await page.getByRole('button', { name: 'End now' }).first().click();
  await expect(page.getByText('Alert ended: it is no longer on the website.')).toBeVisible();
});
