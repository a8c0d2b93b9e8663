import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { addStaff, signIn } from './admin-helpers';
import { axeBuilder } from './support/axe';

// The dashboard as a daily tool (issue 30 item 7), at 390 px, by role and visible text: a
// contributor submits a news item; an editor sees it waiting with who submitted it, approves it
// and it is on the public site; another is sent back with a note and the contributor's dashboard
// says so, with the note; a refusal's message is in view and focused; and without JavaScript the
// same Approve works as a plain form post.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });
// Two people, several page loads and a public page each: generous on a busy machine, still bounded.
test.describe.configure({ timeout: 120_000 });

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A signed-in person in a context of their own (JavaScript as the test's). */
async function person(browser: Browser, role: 'editor' | 'contributor', javaScriptEnabled = true) {
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled });
  const page = await context.newPage();
  const email = addStaff(role);
  await signIn(page, email);
  return { page, email, close: () => context.close() };
}

/** A contributor's new news item, submitted for review through its form. */
async function submitNews(page: Page, title: string): Promise<void> {
  await page.goto('/admin/news/new');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description').fill('Written by a contributor for review.');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page).toHaveURL(/\/admin\/news\/(?!new)[^/?]+/);
}

/** The dashboard's line of one item waiting for review. */
function waiting(page: Page, title: string): Locator {
  return page.getByRole('region', { name: 'Waiting for review' }).getByRole('listitem').filter({ hasText: title });
}

/** The focused element's text, and whether it is inside the screen. */
async function focusedInView(page: Page): Promise<{ text: string; inView: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { text: '', inView: false };
    const box = el.getBoundingClientRect();
    return { text: el.textContent ?? '', inView: box.top >= 0 && box.top < window.innerHeight && box.bottom > 0 };
  });
}

test('an editor sees a submitted item with who submitted it, approves it, and it is public', async ({ page, browser }) => {
  const title = `Dashboard approve ${stamp()}`;
  const contributor = await person(browser, 'contributor');
  try {
    await submitNews(contributor.page, title);
    await contributor.page.goto('/admin');
    const mine = contributor.page.getByRole('region', { name: 'Your items waiting for review' });
    await expect(mine.getByRole('listitem').filter({ hasText: title })).toContainText('submitted by you');
    // A contributor decides nothing here: no Approve, no Send back.
    await expect(contributor.page.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
    await expect(contributor.page.getByText('Send back with a note')).toHaveCount(0);

    await signIn(page, addStaff('editor'));
    const line = waiting(page, title);
    await expect(line).toContainText(/News item · submitted by Contributor \d+ on \d{1,2} \w{3} \d{4}/);
    await line.getByRole('button', { name: /^Approve/ }).click();
    const message = page.getByRole('status').filter({ hasText: `Approved: “${title}” is published` });
    await expect(message).toBeVisible();
    // The message is focused and on screen, not somewhere above.
    await expect.poll(async () => (await focusedInView(page)).text).toContain(`Approved: “${title}”`);
    expect((await focusedInView(page)).inView).toBe(true);
    await expect(waiting(page, title)).toHaveCount(0);

    const visitor = await browser.newContext();
    try {
      const anonymous = await visitor.newPage();
      await anonymous.goto(`/news?q=${encodeURIComponent(title)}`);
      await expect(anonymous.getByText(title).first()).toBeVisible();
    } finally {
      await visitor.close();
    }

    // The contributor is told.
    await contributor.page.goto('/admin');
    const told = contributor.page.getByRole('region', { name: 'Recently reviewed' }).getByRole('listitem').filter({ hasText: title });
    await expect(told).toContainText(/Approved by Editor \d+/);
  } finally {
    await contributor.close();
  }
});

test('an item sent back with a note: the contributor’s dashboard shows the note', async ({ page, browser }) => {
  const title = `Dashboard send back ${stamp()}`;
  const note = `Please add the date of the match (${stamp()}).`;
  const contributor = await person(browser, 'contributor');
  try {
    await submitNews(contributor.page, title);

    await signIn(page, addStaff('editor'));
    const line = waiting(page, title);
    await line.getByText('Send back with a note').click();
    await line.getByLabel(/^Note for Contributor \d+/).fill(note);
    await line.getByRole('button', { name: 'Send back', exact: true }).click();
    await expect(page.getByRole('status')).toContainText(`“${title}” was sent back to Contributor`);
    await expect.poll(async () => (await focusedInView(page)).text).toContain('was sent back');
    expect((await focusedInView(page)).inView).toBe(true);
    await expect(waiting(page, title)).toHaveCount(0);

    await contributor.page.goto('/admin');
    const told = contributor.page.getByRole('region', { name: 'Recently reviewed' }).getByRole('listitem').filter({ hasText: title });
    await expect(told).toContainText(/Sent back by Editor \d+/);
    await expect(told).toContainText(note);
    const draft = contributor.page.getByRole('region', { name: 'Your drafts' }).getByRole('listitem').filter({ hasText: title });
    await expect(draft).toContainText('sent back with a note');
    await draft.getByRole('link', { name: title }).click();
    await expect(contributor.page.getByText(note)).toBeVisible();
  } finally {
    await contributor.close();
  }
});

test('a refused Approve says why, in view and focused, and changes nothing', async ({ page, browser }) => {
  const title = `Dashboard changed meanwhile ${stamp()}`;
  const contributor = await person(browser, 'contributor');
  try {
    await submitNews(contributor.page, title);
    await signIn(page, addStaff('editor'));
    const line = waiting(page, title);
    await expect(line).toBeVisible();

    // The contributor saves the item again while the editor's dashboard shows the older version.
    await contributor.page.getByLabel('Description').fill('A later text the editor has not seen.');
    await contributor.page.getByRole('button', { name: 'Submit for review' }).click();
    // Saved as version 2 (the typed text is in the field before the save lands: waiting only for it
    // let Approve reach the server first, once, under load).
    await expect(contributor.page.getByText(/^Status: .* · version 2$/)).toBeVisible();
    await expect(contributor.page.getByLabel('Description')).toHaveValue('A later text the editor has not seen.');

    await line.getByRole('button', { name: /^Approve/ }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'This item was changed after this page was loaded' });
    await expect(alert).toBeVisible();
    await expect.poll(async () => (await focusedInView(page)).text).toContain('This item was changed after this page was loaded');
    expect((await focusedInView(page)).inView).toBe(true);
    // Still waiting, with the newer version once the list has been read again: Approve now works.
    await expect(waiting(page, title).locator('input[name="version"]').first()).toHaveValue('2');
    await waiting(page, title)
      .getByRole('button', { name: /^Approve/ })
      .click();
    await expect(page.getByRole('status')).toContainText(`Approved: “${title}”`);
  } finally {
    await contributor.close();
  }
});

for (const width of [390, 1280]) {
  test(`axe: the dashboard with work on it at ${width} px has no WCAG 2.2 AA violation and fits the screen`, async ({ page, browser }) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const title = `Dashboard axe ${width} ${stamp()}`;
    const contributor = await person(browser, 'contributor');
    const found: string[] = [];
    const check = async (what: string) => {
      await page.waitForLoadState('networkidle');
      const results = await axeBuilder(page).analyze();
      found.push(...results.violations.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 0) found.push(`${what}: ${overflow}px wider than the screen`);
    };
    try {
      await submitNews(contributor.page, title);
      await contributor.page.goto('/admin');
      await expect(contributor.page.getByRole('region', { name: 'Your items waiting for review' })).toContainText(title);
      await signIn(page, addStaff('admin'));
      const line = waiting(page, title);
      await line.getByText('Send back with a note').click();
      await expect(line.getByLabel(/^Note for/)).toBeVisible();
      await check('dashboard, send-back form open');
      await line.getByLabel(/^Note for/).fill('Needs a photo.');
      await line.getByRole('button', { name: 'Send back', exact: true }).click();
      await expect(page.getByRole('status')).toContainText('was sent back');
      await check('dashboard after Send back');
      await contributor.page.goto('/admin');
      await expect(contributor.page.getByRole('region', { name: 'Recently reviewed' })).toContainText('Needs a photo.');
      await contributor.page.setViewportSize({ width, height: 900 });
      const own = await axeBuilder(contributor.page).analyze();
      found.push(...own.violations.map((v) => `contributor's dashboard: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`));
    } finally {
      await contributor.close();
    }
    expect(found).toEqual([]);
  });
}

test('an administrator sees the toppers and birthdays not linked to a consent record, and gets to them', async ({ page }) => {
  // The demo's seeded toppers and birthdays name children without a link to the register (as an import brings them).
  await signIn(page, addStaff('admin'));
  await page.goto('/admin');
  const region = page.getByRole('region', { name: 'Not linked to a consent record' });
  await expect(region.getByRole('paragraph')).toHaveText(/^\d+ toppers? .*name a child without a link to the child’s consent record/);
  await region.getByRole('link', { name: 'Toppers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Toppers' })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Approve on the dashboard is a plain form post: the item is published and the message is at the top', async ({ page, browser }) => {
    const title = `Dashboard approve no script ${stamp()}`;
    const contributor = await person(browser, 'contributor', false);
    try {
      await submitNews(contributor.page, title);
      await signIn(page, addStaff('editor'));
      await waiting(page, title)
        .getByRole('button', { name: /^Approve/ })
        .click();
      const message = page.getByRole('status').filter({ hasText: `Approved: “${title}” is published` });
      await expect(message).toBeVisible();
      await expect(message).toBeInViewport();
      await expect(waiting(page, title)).toHaveCount(0);

      const visitor = await browser.newContext({ javaScriptEnabled: false });
      try {
        const anonymous = await visitor.newPage();
        await anonymous.goto(`/news?q=${encodeURIComponent(title)}`);
        await expect(anonymous.getByText(title).first()).toBeVisible();
      } finally {
        await visitor.close();
      }
    } finally {
      await contributor.close();
    }
  });

  test('Send back with a note works without JavaScript too', async ({ page, browser }) => {
    const title = `Dashboard send back no script ${stamp()}`;
    const contributor = await person(browser, 'contributor', false);
    try {
      await submitNews(contributor.page, title);
      await signIn(page, addStaff('editor'));
      const line = waiting(page, title);
      await line.getByText('Send back with a note').click();
      await line.getByLabel(/^Note for Contributor \d+/).fill('Shorter, please.');
      await line.getByRole('button', { name: 'Send back', exact: true }).click();
      await expect(page.getByRole('status')).toContainText(`“${title}” was sent back`);
      await contributor.page.goto('/admin');
      await expect(
        contributor.page.getByRole('region', { name: 'Recently reviewed' }).getByRole('listitem').filter({ hasText: title }),
      ).toContainText('Shorter, please.');
    } finally {
      await contributor.close();
    }
  });
});
