import { createECDH, randomBytes } from 'node:crypto';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test, type Page } from '@playwright/test';
import { SUBSCRIBE_ERRORS } from '@sthsm/contract/subscriptions';
import { axeViolations } from './support/axe';
import { onOwnServerThatMails } from './support/mailing-server';

// Parents hear from the school (/subscribe): by e-mail with double opt-in, on a server of its own
// (E2E_PORT + 23) that mails through an SMTP server in this process; and by this browser's
// notifications. Chromium here cannot reach a real push service, so PushManager's subscribe and
// getSubscription are replaced with a subscription of real keys; the API stores it as it would any.

const OFFSET = 23;
const SCHOOL = 'St. Thomas Higher Secondary School';
const mailing = onOwnServerThatMails({ offset: OFFSET, name: 'subscribe' });
/** Every e-mail the server sent, quoted-printable undone. */
const caught = () => mailing.mails();

const unique = (tag: string) => `parent.${tag}.${Date.now().toString(36)}@example.org`;

/** The path of the confirmation link in the newest e-mail to `to`. */
async function confirmLink(to: string): Promise<string> {
  const pattern = /https?:\/\/[^\s"<>]+(\/subscribe\/confirm\?token=[A-Za-z0-9_-]{43})/;
  const mails = () => caught().filter((m) => m.to.includes(to) && pattern.test(m.text));
  await expect.poll(() => mails().length, { timeout: 15_000 }).toBeGreaterThan(0);
  return pattern.exec(mails().at(-1)!.text)![1]!;
}

function pushRows(): Array<{ endpoint: string; topics: string }> {
  const db = new DatabaseSync(path.join(mailing.server().dataDir, 'school.db'), { readOnly: true });
  try {
    return db.prepare("SELECT endpoint, topics FROM subscriptions WHERE channel = 'push'").all() as Array<{
      endpoint: string;
      topics: string;
    }>;
  } finally {
    db.close();
  }
}

async function subscribeWithMouse(page: Page, email: string) {
  await page.goto('/subscribe');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Subscribe by e-mail' }).click();
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Check your inbox' })).toBeVisible();
}

test('at 390 px, by keyboard alone: two topics and the weekly digest, the answer in view', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/subscribe');
  await expect(page).toHaveTitle(`Subscribe to News | ${SCHOOL}`);
  // No React: the page's one module is its island.
  expect(await page.locator('script[src]').evaluateAll((els) => els.map((e) => e.getAttribute('src')))).toEqual([
    expect.stringMatching(/^\/assets\/island-subscribe-[\w-]+\.js$/),
  ]);
  const email = unique('keys');
  const emailBox = page.getByRole('textbox', { name: 'Email' });
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  for (let i = 0; !(await emailBox.evaluate((el) => el === document.activeElement)); i++) {
    expect(i, 'Email reached by Tab').toBeLessThan(5);
    await page.keyboard.press('Tab');
  }
  await page.keyboard.type(email);
  // Notices (off), Events, News (off), Results; then How often: down twice to the weekly digest.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'One e-mail a week, on Saturday' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Subscribe by e-mail' })).toBeFocused();
  await page.keyboard.press('Enter');
  const answer = page.getByRole('main').getByRole('status').filter({ hasText: 'Check your inbox' });
  await expect(answer).toHaveText(`Check your inbox: we have sent a link to confirm your subscription to ${email}.`);
  await expect(answer).toBeFocused();
  await expect(answer).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('sent-390.png') });
  // The confirmation says what was chosen.
  await page.goto(await confirmLink(email));
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByText('You are subscribed.')).toBeVisible();
  const topics = page.getByRole('main').getByRole('list').filter({ hasText: 'Emergency alerts' });
  await expect(topics.getByRole('listitem')).toHaveText(['Events', 'Results and toppers', 'Emergency alerts']);
  await expect(page.getByText('One e-mail a week, on Saturday')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('an invalid address keeps what was typed and says why under Email', async ({ page }) => {
    await page.goto('/subscribe');
    await expect(page.getByText('Browser notifications need JavaScript and a browser that supports them.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn on notifications' })).toBeHidden();
    const sent = caught().length;
    await page.getByRole('textbox', { name: 'Email' }).fill('asha@');
    await page.getByRole('checkbox', { name: 'News' }).uncheck();
    await page.getByRole('radio', { name: 'One e-mail a day (only on days with news)' }).check();
    await page.getByRole('button', { name: 'Subscribe by e-mail' }).click();
    const emailBox = page.getByRole('textbox', { name: 'Email' });
    await expect(emailBox).toHaveValue('asha@');
    await expect(emailBox).toHaveAttribute('aria-invalid', 'true');
    await expect(emailBox).toHaveAccessibleDescription(new RegExp(SUBSCRIBE_ERRORS.email.replace(/[.]/g, '\\.')));
    await expect(page.getByRole('main').getByRole('alert').filter({ hasText: 'Please correct 1 field' })).toBeInViewport();
    await expect(page.getByRole('checkbox', { name: 'News' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Events' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'One e-mail a day (only on days with news)' })).toBeChecked();
    expect(caught().length).toBe(sent);
  });

  test('the e-mail link confirms only when pressed; manage changes to daily, then unsubscribes', async ({ page, request }) => {
    const email = unique('links');
    await subscribeWithMouse(page, email);
    const confirm = await confirmLink(email);
    const opened = await page.goto(confirm);
    expect(opened?.headers()['cache-control']).toBe('no-store');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm Your Subscription' })).toBeVisible();
    // Opened twice (as a mail scanner would): still the button, and the link still works after.
    await page.goto(confirm);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect(page.getByText('You are subscribed.')).toBeVisible();
    // The answer links to the manage page, as every e-mail to a subscriber does.
    const manage = (await page.getByRole('link', { name: 'Change or stop your subscription' }).getAttribute('href')) ?? '';
    expect(manage).toMatch(/^\/subscribe\/manage\?token=[A-Za-z0-9_-]{43}$/);
    // Used up: a second press says so, with the way back.
    await page.goto(confirm);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText('expired or was already used');
    await expect(page.getByRole('main').getByRole('link', { name: 'Subscribe again' })).toHaveAttribute('href', '/subscribe');

    await page.goto(manage);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Your Subscription' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole('radio', { name: 'One e-mail a day (only on days with news)' }).check();
    await page.getByRole('button', { name: 'Save choices' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Your choices are saved.');
    await page.goto(manage);
    await expect(page.getByRole('radio', { name: 'One e-mail a day (only on days with news)' })).toBeChecked();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      `You are unsubscribed. You will get no more e-mail from ${SCHOOL}.`,
    );
    await page.goto(manage);
    await expect(page.getByRole('main').getByRole('alert')).toContainText('expired or was already used');

    // Only /subscribe is in the sitemap; its links' pages are not.
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain('/subscribe</loc>');
    expect(sitemap).not.toContain('/subscribe/');
  });
});

test('/sw.js only shows notifications: no fetch handler, no caches', async ({ request }) => {
  const response = await request.get('/sw.js');
  expect(response.headers()['content-type']).toBe('text/javascript; charset=utf-8');
  expect(response.headers()['cache-control']).toBe('no-cache');
  const source = await response.text();
  expect(source).toContain("addEventListener('push'");
  expect(source).toContain('showNotification');
  expect(source).toContain("addEventListener('notificationclick'");
  expect(source).not.toMatch(/['"]fetch['"]|onfetch|caches\./);
});

test('notifications: turned on with the chosen topics, on again after a reload, then off', async ({ page, context }) => {
  const ecdh = createECDH('prime256v1');
  const subscription = {
    endpoint: `https://fcm.googleapis.com/fcm/send/test-${randomBytes(8).toString('hex')}`,
    keys: { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
  await context.grantPermissions(['notifications']);
  // A push service's answer, remembered across loads as the browser would.
  await page.addInitScript((fake) => {
    const make = () => ({
      endpoint: fake.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true },
      toJSON: () => ({ endpoint: fake.endpoint, expirationTime: null, keys: fake.keys }),
      unsubscribe: async () => {
        localStorage.removeItem('fake-push');
        return true;
      },
    });
    PushManager.prototype.subscribe = async function () {
      localStorage.setItem('fake-push', '1');
      return make() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (localStorage.getItem('fake-push') ? make() : null) as unknown as PushSubscription | null;
    };
  }, subscription);
  await page.goto('/subscribe');
  const section = page.getByRole('region', { name: 'Notifications in this browser' });
  await expect(section.getByRole('status')).toContainText('turn notifications on');
  await section.getByRole('checkbox', { name: 'Events' }).uncheck();
  await section.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(section.getByRole('status')).toHaveText('Notifications are on in this browser.');
  const registered = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null);
  expect(registered).toMatch(/\/sw\.js$/);
  expect(pushRows()).toEqual([{ endpoint: subscription.endpoint, topics: expect.not.stringContaining('events') }]);
  await page.reload();
  await expect(section.getByRole('status')).toHaveText('Notifications are on in this browser.');
  await section.getByRole('button', { name: 'Turn off notifications' }).click();
  await expect(section.getByRole('status')).toHaveText('Notifications are off in this browser.');
  await expect(section.getByRole('button', { name: 'Turn on notifications' })).toBeVisible();
  await expect.poll(() => pushRows().length).toBe(0);
});

for (const width of [390, 1280]) {
  test(`/subscribe has no axe violations at ${width} px, with and without an error`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/subscribe');
    await expect(page.getByRole('region', { name: 'Notifications in this browser' }).getByRole('status')).not.toContainText(
      'need JavaScript',
    );
    expect(await axeViolations(page, `/subscribe ${width}`)).toEqual([]);
    await page.getByRole('button', { name: 'Subscribe by e-mail' }).click();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(page, `/subscribe ${width} with an error`)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`subscribe-${width}.png`), fullPage: true });
  });
}
