import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addStaff, signIn, staffNavLink, totpCode } from './admin-helpers';
import { onOwnServer } from './support/own-server';
import { axeBuilder } from './support/axe';

// The school settings page (/admin/settings, STAFF.md). On the suite's server: administrators only,
// axe-clean at 390 and 1280 px, errors under their fields with the typed values kept, with and
// without JavaScript, by keyboard. Refused saves only there: they change nothing other specs read.
//
// The saving journey runs on a server of its own (the same build and code, the caches at their
// production lives: JSON 15 s, pages 30 s), so changing STHSM's phone number cannot disturb the
// other specs: the admin changes it in the form and the next load of /, /contactUs and
// /school-information shows it, on a second server on the same database within a second or two,
// while DEMO2's pages (demo2.localhost, same server) keep their number and even their cached copy.

const OLD = '+91 00000 00101';
const NEW = '+91 98765 00199';
const DEMO2_PHONE = '+91 00000 00201';

async function axe(page: Page, what: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const results = await axeBuilder(page).analyze();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  return [
    ...results.violations.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    ...(overflow > 0 ? [`${what}: ${overflow}px wider than the screen`] : []),
  ];
}

/** Sets up two-factor sign-in on Your account, computing the app's code from the key shown. */
async function turnOnTwoFactor(page: Page) {
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secret = (await page.locator('.admin-secret code').innerText()).replaceAll(' ', '');
  await page.getByLabel('Code from the app').fill(totpCode(secret, new Date()));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByText('Two-factor sign-in is on.')).toBeVisible();
}

test.describe('on the suite server', () => {
  for (const width of [390, 1280]) {
    test(`axe: the settings page, empty and with errors, at ${width} px`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await signIn(page, addStaff('admin'));
      // On a phone through the header's Menu.
      await (await staffNavLink(page, 'Settings')).click();
      await expect(page.getByRole('heading', { level: 1, name: 'School settings' })).toBeVisible();
      await expect(page).toHaveTitle(/^School settings · Staff area · /);
      const found = await axe(page, `settings @${width}`);
      await page.getByLabel('Phone 1 number').fill('call the office');
      await page.getByLabel('Website (optional)', { exact: true }).fill('javascript:alert(1)');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted fields.');
      found.push(...(await axe(page, `settings with errors @${width}`)));
      expect(found).toEqual([]);
    });
  }

  test('errors stand under their fields with the typed values kept; the summary links lead there by keyboard', async ({ page }) => {
    await signIn(page, addStaff('admin'));
    await page.goto('/admin/settings');
    const phone = page.getByLabel('Phone 1 number');
    await expect(phone).toHaveValue(OLD);
    await phone.fill('call the office');
    await page.getByLabel('Motto').fill('A motto typed but not saved');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted fields.');
    const message = 'Phone number must be a telephone number of 7 to 15 digits, like +91 98765 43210.';
    await expect(phone).toHaveValue('call the office');
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveAccessibleDescription(message);
    await expect(page.getByLabel('Motto')).toHaveValue('A motto typed but not saved');
    // The summary has the focus; its link takes the keyboard to the field.
    const link = page.getByRole('link', { name: `Phone 1 number: ${message}` });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(phone).toBeFocused();
    // Nothing was saved: the public page still has the old number.
    expect(await (await page.request.get('/contactUs')).text()).toContain(OLD);
  });

  test('leaving with unsaved changes asks first: for another staff page, and for closing the tab', async ({ page }) => {
    await signIn(page, addStaff('admin'));
    await page.goto('/admin/settings');
    const motto = page.getByLabel('Motto');
    await motto.click();
    await page.keyboard.type(' (typed, not saved)');
    const typed = await motto.inputValue();
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    const staffArea = page.getByRole('navigation', { name: 'Staff area' });
    await staffArea.getByRole('link', { name: 'Audit log' }).click();
    await expect.poll(() => asked).toEqual(['You have unsaved changes to the school settings. Leave this page and lose them?']);
    // Staying keeps the page and what was typed.
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(motto).toHaveValue(typed);
    // Closing the tab gets the browser's own question (answered "Leave": the page closes).
    const closing = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.accept();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await closing).toBe('beforeunload');
  });

  test('works without JavaScript: a refused post keeps the values and says why', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
    const page = await context.newPage();
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(addStaff('admin'));
    await page.getByLabel('Password').fill('e2e staff passphrase');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.goto('/admin/settings');
    await page.getByLabel('School name').fill('');
    await page.getByLabel('Affiliated since').fill('1900');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted fields.');
    await expect(page.getByLabel('School name')).toHaveAccessibleDescription('School name is required.');
    await expect(page.getByLabel('Affiliated since')).toHaveValue('1900');
    await expect(page.getByLabel('Affiliated since')).toHaveAccessibleDescription(
      'Affiliated since cannot be before the year of establishment.',
    );
    await context.close();
  });

  test('editors have no settings link and get "Not allowed" at /admin/settings', async ({ page }) => {
    await signIn(page, addStaff('editor'));
    await expect(page.getByRole('navigation', { name: 'Staff area' }).getByRole('link', { name: 'Settings' })).toHaveCount(0);
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
    await expect(page.getByText('Only administrators of this school can do this.')).toBeVisible();
  });
});

test.describe('saving, on a server of its own', () => {
  // Beside the suite's servers (playwright.config.ts), with the caches at their default (production)
  // lives; and a second server on its database, as another server behind a balancer would be.
  const { port, base, dataDir, secondBase } = onOwnServer({ offset: 9, name: 'settings', serial: true, secondOffset: 13 });
  const PAGES = ['/', '/contactUs', '/school-information'];

  /** A page as served for a host name (the host table maps demo2.localhost to DEMO2). */
  async function get(request: APIRequestContext, p: string, host = `127.0.0.1:${port}`, server = base) {
    const response = await request.get(`${server}${p}`, { headers: { host } });
    expect(response.status(), `${server} ${host}${p}`).toBe(200);
    return { html: await response.text(), etag: response.headers().etag ?? '' };
  }

  /**
   * A page once it is replayed from the page cache: the same ETag twice. (A render during which the
   * API was slow is not kept, so on a busy machine the first answer may not be the cached one.)
   */
  async function cached(request: APIRequestContext, p: string, host = `127.0.0.1:${port}`, server = base) {
    let last = await get(request, p, host, server);
    await expect
      .poll(async () => {
        const next = await get(request, p, host, server);
        const same = next.etag !== '' && next.etag === last.etag;
        last = next;
        return same;
      }, `${server} ${host}${p} is cached`)
      .toBe(true);
    return last;
  }

  /** The profile as stored now (past the JSON cache). */
  const stored = async () => (await (await fetch(`${base}/api/school/STHSM`, { headers: { 'cache-control': 'no-cache' } })).json()).profile;

  test('a phone number changed in /admin/settings shows at once on /, /contactUs and /school-information, also on another server; DEMO2 is unchanged', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const demo2Host = `demo2.localhost:${port}`;
    const secondHost = new URL(secondBase).host;
    // Both schools' pages are in the page cache of both servers (a second request is the same cached entry).
    for (const [server, host] of [
      [base, `127.0.0.1:${port}`],
      [secondBase, secondHost],
    ] as const) {
      for (const p of PAGES) expect((await cached(request, p, host, server)).html, `${server}${p}`).toContain(OLD);
    }
    const demo2Before = await cached(request, '/contactUs', demo2Host);
    expect(demo2Before.html).toContain(DEMO2_PHONE);

    await signIn(page, addStaff('admin', { dataDir }), undefined, `${base}/admin/login`);
    await page.getByRole('link', { name: /^School settings/ }).click();
    await expect(page).toHaveURL(`${base}/admin/settings`);
    await page.getByLabel('Phone 1 number').fill(NEW);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toHaveText(
      'Settings saved (1 change). The public site shows them now.',
    );
    await expect(page.getByLabel('Phone 1 number')).toHaveValue(NEW);

    // "At once" (docs/staff.md, School settings): the very next load of each page on this server has the new
    // number, not after the caches' lives (15 s + 30 s). One request each, no waiting.
    for (const p of PAGES) {
      const { html } = await get(request, p);
      expect(html, `${p}: the next load after the save`).toContain(NEW);
      expect(html, p).not.toContain(OLD);
    }
    // The other server learns of it through the school's counter, read at most once a second
    // (docs/decisions/0061): within an ordinary expect time-out, far inside the caches' lives.
    for (const p of PAGES) {
      await expect.poll(async () => (await get(request, p, secondHost, secondBase)).html.includes(NEW), `${secondBase}${p}`).toBe(true);
    }

    // The other school: same number, and the very same cached page (its cache entry was kept).
    const demo2After = await get(request, '/contactUs', demo2Host);
    expect(demo2After.html).toContain(DEMO2_PHONE);
    expect(demo2After.html).not.toContain(NEW);
    expect(demo2After.etag).toBe(demo2Before.etag);

    // And a visitor sees it where people look for it.
    await page.goto(`${base}/contactUs`);
    await expect(page.getByRole('main').getByRole('link', { name: NEW })).toHaveAttribute('href', 'tel:+919876500199');
    await expect(page.getByRole('banner').getByText(NEW)).toBeVisible();

    // The audit log has the change, before and after.
    await page.goto(`${base}/admin/audit`);
    const row = page.getByRole('row').filter({ hasText: 'School settings changed' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`phones.0.number: ${OLD} → phones.0.number: ${NEW}`);
  });

  test('the school chooses its languages: without Hindi and Bengali their pages are gone and its pages offer no other language; with them they are back', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, addStaff('admin', { dataDir }), undefined, `${base}/admin/login`);
    await page.goto(`${base}/admin/settings`);
    const second = page.getByLabel('Language 2');
    const third = page.getByLabel('Language 3');
    await expect(second).toHaveValue('hi');
    await expect(third).toHaveValue('bn');
    // The list offers the languages whose words are written, beside None.
    await expect(second.getByRole('option')).toHaveText(['None', 'Hindi (हिन्दी)', 'Bengali (বাংলা)', 'Urdu (اردو)']);
    await second.selectOption('');
    await third.selectOption('');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
    expect((await request.get(`${base}/hi/news`)).status()).toBe(404);
    expect((await request.get(`${base}/bn/news`)).status()).toBe(404);
    expect((await stored()).languages).toBeUndefined();
    await page.goto(`${base}/news`);
    await expect(page.getByRole('navigation', { name: 'Languages' })).toHaveCount(0);
    await expect(page.locator('link[hreflang]')).toHaveCount(0);

    await page.goto(`${base}/admin/settings`);
    await page.getByLabel('Language 2').selectOption('hi');
    await page.getByLabel('Language 3').selectOption('bn');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
    expect((await stored()).languages).toEqual(['hi', 'bn']);
    await page.goto(`${base}/hi/news`);
    await expect(page.getByRole('heading', { level: 1, name: 'समाचार' })).toBeVisible();
    await page.goto(`${base}/bn/news`);
    await expect(page.getByRole('heading', { level: 1, name: 'খবর' })).toBeVisible();
  });

  test('a conflicting save keeps what was typed, brings in the other edit and lists the field both changed', async ({ browser }) => {
    test.setTimeout(90_000);
    const email = addStaff('admin', { dataDir });
    const open = async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, email, undefined, `${base}/admin/login`);
      await page.goto(`${base}/admin/settings`);
      return { context, page };
    };
    const a = await open();
    const b = await open();
    await a.page.getByLabel('Motto').fill('Motto saved first');
    await a.page.getByLabel('Tagline').fill('Tagline saved first');
    await a.page.getByRole('button', { name: 'Save settings' }).click();
    await expect(a.page.getByRole('status').filter({ hasText: 'Settings saved' })).toHaveText(
      'Settings saved (2 changes). The public site shows them now.',
    );

    await b.page.getByLabel('Tagline').fill('Tagline typed second');
    await b.page.getByLabel('Phone 2 label').fill('Front desk');
    await b.page.getByRole('button', { name: 'Save settings' }).click();
    await expect(b.page.getByRole('alert')).toHaveText(
      'Someone else saved the school settings after you opened them. Nothing was overwritten: check their changes and save again.',
    );
    await expect(b.page.getByLabel('Motto')).toHaveValue('Motto saved first');
    await expect(b.page.getByLabel('Tagline')).toHaveValue('Tagline typed second');
    await expect(b.page.getByLabel('Phone 2 label')).toHaveValue('Front desk');
    await expect(b.page.getByText('Their changes are now in the form:')).toBeVisible();
    await expect(
      b.page.getByRole('listitem').filter({ hasText: 'Tagline: saved “Tagline saved first”, yours “Tagline typed second”' }),
    ).toBeVisible();
    // Nothing of B's was stored yet.
    expect((await stored()).tagline).toBe('Tagline saved first');

    await b.page.getByRole('button', { name: 'Save settings' }).click();
    await expect(b.page.getByRole('status').filter({ hasText: 'Settings saved' })).toHaveText(
      'Settings saved (2 changes). The public site shows them now.',
    );
    const profile = await stored();
    expect(profile.motto).toBe('Motto saved first');
    expect(profile.tagline).toBe('Tagline typed second');
    expect(profile.phones[1].label).toBe('Front desk');
    await a.context.close();
    await b.context.close();
  });

  test('a save that meets an ended session loses nothing: after signing in again the typed values are offered back', async ({ page }) => {
    test.setTimeout(60_000);
    const email = addStaff('admin', { dataDir });
    await signIn(page, email, undefined, `${base}/admin/login`);
    await page.goto(`${base}/admin/settings`);
    await page.getByLabel('Vacation').fill('Typed before the session ended');
    // The session ends (signed out elsewhere, or expired) before the save.
    await page.context().clearCookies();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fsettings/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('e2e staff passphrase');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${base}/admin/settings`);
    const offer = page.getByRole('region', { name: 'Unsaved changes' });
    await expect(offer).toBeVisible();
    await expect(page.getByLabel('Vacation')).not.toHaveValue('Typed before the session ended');
    await offer.getByRole('button', { name: 'Restore my changes' }).click();
    await expect(page.getByLabel('Vacation')).toHaveValue('Typed before the session ended');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toHaveText(
      'Settings saved (1 change). The public site shows them now.',
    );
    expect((await stored()).vacation).toBe('Typed before the session ended');
    // Saved: nothing is offered any more.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'School settings' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Unsaved changes' })).toHaveCount(0);
  });

  // Last: once the school requires two-factor sign-in, new administrators of this server are sent to set it up.
  test('when the school requires two-factor sign-in, an administrator without it is sent to set it up', async ({ browser }) => {
    test.setTimeout(90_000);
    const bossContext = await browser.newContext();
    const boss = await bossContext.newPage();
    await signIn(boss, addStaff('admin', { dataDir }), undefined, `${base}/admin/login`);
    await boss.goto(`${base}/admin/account`);
    await turnOnTwoFactor(boss);
    await boss.goto(`${base}/admin/staff`);
    await boss.getByLabel('Require two-factor sign-in for administrators').check();
    await boss.getByRole('button', { name: 'Save security setting' }).click();
    await expect(boss.getByRole('status')).toHaveText('Administrators must now use two-factor sign-in.');

    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, addStaff('admin', { dataDir }), undefined, `${base}/admin/login`);
    await expect(page).toHaveURL(`${base}/admin/account`);
    await expect(page.getByText(/requires administrators to use two-factor sign-in\. Set it up below/)).toBeVisible();
    await page.goto(`${base}/admin/settings`);
    await expect(page).toHaveURL(`${base}/admin/account`);
    await turnOnTwoFactor(page);
    await page.goto(`${base}/admin/settings`);
    await expect(page.getByRole('heading', { level: 1, name: 'School settings' })).toBeVisible();
    await bossContext.close();
    await context.close();
  });
});
