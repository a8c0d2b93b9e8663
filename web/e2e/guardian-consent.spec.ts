import { expect, test, type Browser, type Page } from '@playwright/test';
import { addStaff, signIn } from './admin-helpers';
import { axeViolations } from './support/axe';
import { onOwnServerThatMails } from './support/mailing-server';
import { ownServerPort } from './support/own-server';

// Verifiable parental consent by e-mail (issue 37; docs/decisions/0151) in the browser: an editor
// asks a child's guardian by keyboard at 390 px; the guardian opens the e-mailed link with
// JavaScript off (390 and 1280 px), answers yes to two purposes and no to the third, then
// withdraws one with its button; the register says how each consent was verified. On a server of
// its own (E2E_PORT + 26) that mails through an SMTP server in this process: the shared server
// sends no e-mail.

const OFFSET = 26;
const mailing = onOwnServerThatMails({ offset: OFFSET, name: 'guardian-consent' });

const tag = () =>
  Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6);

/** The path of the consent link in the newest e-mail to `to`. */
async function consentLink(to: string): Promise<string> {
  const pattern = /https?:\/\/[^\s"<>]+(\/consent\/[A-Za-z0-9_-]{43})/;
  return mailing.linkIn(to, pattern);
}

/** Records a child and asks their guardian by keyboard at 390 px; answers the child's page and the guardian's address. */
async function askGuardian(page: Page): Promise<{ childPage: string; email: string; first: string }> {
  const t = tag();
  const first = `Nila${t}`;
  const email = `guardian.${t}@example.org`;
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, addStaff('editor', { dataDir: mailing.server().dataDir }));
  await page.goto('/admin/children');
  await page.getByLabel('Name', { exact: true }).fill(`${first} Testchild`);
  await page.getByLabel('Class', { exact: true }).fill('VI-B');
  await page.getByRole('button', { name: 'Record child' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${first} Testchild` })).toBeVisible();

  // By keyboard: the guardian's name and address typed, Tab past the three purposes (all asked), the end date, Enter.
  await page.getByLabel('Guardian’s name').focus();
  await page.keyboard.type('Pat Example');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Guardian’s email address')).toBeFocused();
  await page.keyboard.type(email);
  for (const label of ['Birthday on the site', 'Results on the site', 'Photos on the site']) {
    await page.keyboard.press('Tab');
    await expect(page.getByRole('checkbox', { name: label })).toBeFocused();
    await expect(page.getByRole('checkbox', { name: label })).toBeChecked();
  }
  const nextYear = new Date().getUTCFullYear() + 1;
  await page.getByLabel('Consent would end on').fill(`${nextYear}-03-31`);
  await page.getByLabel('Consent would end on').press('Enter');
  const sent = page.getByText(`E-mail sent to ${email}.`);
  await expect(sent).toBeVisible();
  await expect(sent).toBeInViewport();
  await expect(page.getByRole('paragraph').filter({ hasText: 'Waiting for the guardian:' })).toContainText(email);
  return { childPage: page.url(), email, first };
}

async function guardianPage(browser: Browser, width: number, link: string, javaScriptEnabled = false) {
  const context = await browser.newContext({
    javaScriptEnabled,
    viewport: { width, height: 900 },
    baseURL: `http://127.0.0.1:${ownServerPort(OFFSET)}`,
  });
  const page = await context.newPage();
  await page.goto(link);
  return { context, page };
}

for (const width of [390, 1280]) {
  test(`the guardian confirms two of three purposes and withdraws one, with JavaScript off at ${width} px`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const { childPage, email, first } = await askGuardian(page);
    const link = await consentLink(email);
    const guardian = await guardianPage(browser, width, link);
    const g = guardian.page;
    // axe-core runs as a script: it scans the same server pages in a context with JavaScript on
    // (the page loads no script of its own, so it is the same page).
    const scanner = await guardianPage(browser, width, link, true);
    const scan = async (what: string, path = link) => {
      await scanner.page.goto(path);
      return axeViolations(scanner.page, `${what} at ${width}`);
    };
    try {
      await expect(g.getByRole('heading', { level: 1, name: 'Consent for Your Child' })).toBeVisible();
      await expect(g.getByText(`before showing ${first} (class VI-B)`)).toBeVisible();
      expect(await g.content()).not.toContain('Testchild');
      // No React and nothing of the staff area: no scripts of its own, no staff stylesheet.
      const assets = await g.evaluate(() => ({
        scripts: [...document.querySelectorAll('script[src]')].map((s) => s.getAttribute('src') ?? ''),
        styles: [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href') ?? ''),
      }));
      expect(assets.scripts).toEqual([]);
      expect(assets.styles.filter((href) => /admin/.test(href))).toEqual([]);
      expect(await scan('consent form')).toEqual([]);

      // Sending with one purpose unanswered: a plain message, nothing recorded.
      await g.getByRole('group', { name: 'Birthday on the site' }).getByLabel('Yes, I agree').check();
      await g.getByRole('button', { name: 'Send my answer' }).click();
      await expect(g.getByRole('alert')).toContainText('Please answer yes or no for each purpose');
      await scanner.page.getByRole('button', { name: 'Send my answer' }).click();
      await expect(scanner.page.getByRole('alert')).toContainText('Please answer yes or no for each purpose');
      expect(await axeViolations(scanner.page, `refused answer at ${width}`)).toEqual([]);

      await g.getByRole('group', { name: 'Birthday on the site' }).getByLabel('Yes, I agree').check();
      await g.getByRole('group', { name: 'Results on the site' }).getByLabel('Yes, I agree').check();
      await g.getByRole('group', { name: 'Photos on the site' }).getByLabel('No').check();
      await g.getByRole('button', { name: 'Send my answer' }).click();
      await expect(g.getByRole('status')).toContainText('Thank you. Your answer is recorded.');
      await expect(g.getByRole('button', { name: 'Withdraw consent: Birthday on the site' })).toBeVisible();
      await expect(g.getByRole('button', { name: 'Withdraw consent: Results on the site' })).toBeVisible();
      await expect(g.getByRole('button', { name: /Photos on the site/ })).toHaveCount(0);
      expect(await scan('in effect')).toEqual([]);

      // The same link, later: one button withdraws.
      await g.goto(link);
      await g.getByRole('button', { name: 'Withdraw consent: Results on the site' }).click();
      await expect(g.getByRole('status')).toContainText('Consent withdrawn: results on the site. It has taken effect now.');
      await expect(g.getByRole('button', { name: /Results on the site/ })).toHaveCount(0);
      expect(await scan('after withdrawing')).toEqual([]);

      // A forged link changes nothing and says so.
      await g.goto(`/consent/${'A'.repeat(43)}`);
      await expect(g.getByRole('alert')).toContainText('This link is not valid any more');
      expect(await scan('a link not valid', `/consent/${'A'.repeat(43)}`)).toEqual([]);
    } finally {
      await guardian.context.close();
      await scanner.context.close();
    }

    // The register: how each consent was verified, and who withdrew.
    await page.goto(childPage);
    await expect(page.getByRole('row', { name: /Birthday on the site/ })).toContainText(`Confirmed by the guardian`);
    await expect(page.getByRole('row', { name: /Birthday on the site/ })).toContainText(`to ${email}`);
    await expect(page.getByRole('row', { name: /Results on the site/ })).toContainText('by the guardian');
    await expect(page.getByRole('row', { name: /Photos on the site/ })).toContainText('Not given');
  });
}
