import { expect, test, type Locator, type Page } from '@playwright/test';

// Keyboard-only journeys (Tab, Shift+Tab, Enter, Space, arrows, Escape; no mouse):
// skip link, menu, house tabs, news filters, album and lightbox, the notices modal and the
// alumni form. Every element that takes focus on the way must show a visible focus indicator.

let stops = 0;

/** Fails unless the focused element shows an outline or a box-shadow. */
async function expectVisibleFocus(page: Page): Promise<void> {
  const focus = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { ok: false, what: 'nothing focused' };
    const s = getComputedStyle(el);
    const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
    const shadow = s.boxShadow !== 'none';
    return { ok: outline || shadow, what: `${el.localName}.${el.className} "${(el.textContent ?? '').trim().slice(0, 30)}"` };
  });
  expect(focus.ok, `visible focus on ${focus.what}`).toBe(true);
  stops += 1;
}

/** Presses Tab (or Shift+Tab) until `target` has focus, checking the focus ring at every stop. */
async function tabTo(page: Page, target: Locator, { back = false, max = 120 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectVisibleFocus(page);
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${target} not reached with ${max} Tab presses`);
}

test.afterEach(() => {
  const testInfo = test.info();
  console.log(`keyboard journey "${testInfo.title}": ${testInfo.status}, ${stops} focus stops with a visible focus indicator`);
  stops = 0;
});

test('skip link: the first Tab shows it, Enter moves focus to the main content', async ({ page }) => {
  await page.goto('/timings');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
  // The next Tab lands inside the main content, past the header and menu.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.querySelector('#main')?.contains(document.activeElement))).toBe(true);
});

test('menu at 390 px: open it, open a group, follow a link, all by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/timings');
  const menu = page.getByRole('navigation', { name: 'Main' });
  const toggle = menu.getByRole('button', { name: 'Menu' });
  await tabTo(page, toggle);
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const about = menu.getByRole('button', { name: 'About' });
  await tabTo(page, about);
  await page.keyboard.press('Space');
  await expect(about).toHaveAttribute('aria-expanded', 'true');
  const patrons = menu.getByRole('link', { name: 'Our Patrons' });
  await tabTo(page, patrons);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/patrons$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Patrons');
});

test('house tabs: arrows move between the four houses', async ({ page }) => {
  await page.goto('/house');
  const tabs = page.getByRole('tablist', { name: 'School houses' }).getByRole('tab');
  await tabTo(page, tabs.first());
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toBeFocused();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expectVisibleFocus(page);
  await expect(page.getByRole('tabpanel')).toContainText(/truth/i);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.nth(3)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText(/service/i);
});

test('news: search and year filter by keyboard', async ({ page }) => {
  await page.goto('/news');
  const list = page.getByRole('list', { name: 'News' });
  const summary = page.locator('output.filters__summary');
  const all = await summary.textContent();
  const year = page.getByRole('combobox', { name: 'Year', exact: true });
  await tabTo(page, year);
  await page.keyboard.press('ArrowDown');
  await expect(year).not.toHaveValue('All');
  await expect(summary).not.toHaveText(all ?? '');
  await expect(summary).toContainText('Showing');
  await page.keyboard.press('ArrowUp');
  await expect(year).toHaveValue('All');
  const search = page.getByPlaceholder('Search Here..');
  await tabTo(page, search);
  await page.keyboard.type('zzzz-no-such-news');
  await page.keyboard.press('Enter');
  await expect(list.getByRole('listitem')).toHaveCount(0);
});

test('gallery: open an album and page through the lightbox, Escape returns focus', async ({ page }) => {
  await page.goto('/gallery');
  const view = page
    .getByRole('list', { name: 'Albums' })
    .getByRole('link', { name: /^View Album/ })
    .first();
  await tabTo(page, view);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/SubGallery\?id=/);
  // The gallery loads no React (docs/decisions/0075): the album is a full page load, starting at the top.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const photos = page.getByRole('list', { name: / photos$/ }).getByRole('link');
  await tabTo(page, photos.first());
  const total = await photos.count();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`1 / ${total}`, { exact: true })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByText(`2 / ${total}`, { exact: true })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByText(`1 / ${total}`, { exact: true })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByText(`${total} / ${total}`, { exact: true })).toBeVisible();
  // The toolbar is reachable by Tab inside the dialog.
  await tabTo(page, dialog.getByRole('button', { name: 'Close' }), { max: 40 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(photos.first()).toBeFocused();
});

test('notices modal: opens with focus inside, Escape dismisses it', async ({ page }) => {
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog).toBeVisible();
  const close = dialog.getByRole('button', { name: 'Close notifications' });
  await expect(close).toBeFocused();
  await expectVisibleFocus(page);
  // The page behind the modal is inert: focus stays in the dialog (or the browser's own UI).
  let inside = 0;
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() =>
      document.activeElement?.closest('dialog') ? 'dialog' : document.activeElement === document.body ? 'browser' : 'page',
    );
    expect(where).not.toBe('page');
    if (where === 'dialog') {
      await expectVisibleFocus(page);
      inside += 1;
    }
  }
  expect(inside).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
