import { expect, test, type Page } from '@playwright/test';
import { LANGUAGES } from '@sthsm/contract/languages';
import { addStaff, signIn } from './admin-helpers';
import { axeViolations } from './support/axe';
import { englishLeft, everyPublicPath, firstItem } from './support/i18n';
import { onOwnServer } from './support/own-server';

// Issue 35 in Urdu, written right to left. The school turns Urdu on in its settings (as
// admin-settings.spec.ts turns Hindi off and on), on a server of this spec's own: on the suite's
// server every page's language switcher would offer Urdu to the other specs. Then every public
// route of the page table is in Urdu (lang ur-IN, dir rtl, no English interface word left), the
// school's English text in it runs left to right (dir="ltr", so its words, numbers and phone
// numbers keep their order), the layout is mirrored and nothing sticks out sideways at 320 and
// 1280 px (right to left, what sticks out on the right is cut off rather than scrolled to, so the
// boxes are measured too), and /ur and /ur/about-us are axe-clean.
//
// E2E_URDU_OFFSET moves its server (E2E_PORT + 45) for a run that must keep to a few ports.
const OFFSET = Number(process.env.E2E_URDU_OFFSET ?? 45);
const { base, dataDir } = onOwnServer({ offset: OFFSET, name: 'urdu' });
const TAG = LANGUAGES.ur.tag;

const urduPaths = (page: Page) => everyPublicPath(page, 'ur');

/**
 * The school's English text whose direction is not left to right (it would be laid out right to
 * left: "+91 98765 43210" as "43210 98765 +91"), and phone numbers likewise: one line each.
 */
function notLeftToRight(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (!parent || !text || parent.closest('script, style, noscript, template')) continue;
      const english = (parent.closest('[lang]')?.getAttribute('lang') ?? '').toLowerCase().startsWith('en');
      const phone = parent.closest('a[href^="tel:"]') !== null && /\d/.test(text);
      if ((english || phone) && parent.closest('[dir]')?.getAttribute('dir') !== 'ltr') found.push(`not dir=ltr: ${text.slice(0, 60)}`);
    }
    return found;
  });
}

/**
 * What is wider than the window: the page's scroll width, and (right to left, where what sticks
 * out on the right is cut off, not scrolled to) any box past either edge that no scroll box of its
 * own holds, and that is more than a pixel (the form's hidden trap field is one pixel, far out).
 */
function sideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) found.push(`scrollWidth ${document.documentElement.scrollWidth} > ${width}`);
    const held = new Map<Element, boolean>();
    const inScrollBox = (el: Element): boolean => {
      const parent = el.parentElement;
      if (!parent || parent === document.body) return false;
      const known = held.get(parent);
      if (known !== undefined) return known;
      const style = getComputedStyle(parent);
      const answer = style.overflowX !== 'visible' || style.position === 'fixed' || inScrollBox(parent);
      held.set(parent, answer);
      return answer;
    };
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || (box.left >= -1 && box.right <= width + 1)) continue;
      if (getComputedStyle(el).position === 'fixed' || inScrollBox(el)) continue;
      found.push(`${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}: ${Math.round(box.left)}–${Math.round(box.right)}`);
      if (found.length > 5) break;
    }
    return found;
  });
}

test('the school adds Urdu in its settings: /ur is served', async ({ page }) => {
  test.setTimeout(90_000);
  expect((await page.request.get(`${base}/ur`)).status()).toBe(404);
  await signIn(page, addStaff('admin', { dataDir }), undefined, `${base}/admin/login`);
  await page.goto(`${base}/admin/settings`);
  await expect(page.getByLabel('Language 3').getByRole('option', { name: 'Urdu (اردو)' })).toHaveCount(1);
  await page.getByLabel('Language 3').selectOption('ur');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
  await expect.poll(async () => (await page.request.get(`${base}/ur`)).status()).toBe(200);
});

test('every public page in Urdu: lang ur-IN, dir rtl, no English interface word, the school’s English left to right, nothing sideways at 320 and 1280 px', async ({
  page,
}) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const paths = await urduPaths(page);
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.setViewportSize({ width: 1280, height: 900 });
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator('html'), path).toHaveAttribute('lang', TAG);
    await expect(page.locator('html'), path).toHaveAttribute('dir', 'rtl');
    const wrong = [...(await englishLeft(page, { locale: 'ur' })), ...(await notLeftToRight(page))];
    wrong.push(...(await sideways(page)).map((s) => `1280 px: ${s}`));
    await page.setViewportSize({ width: 320, height: 800 });
    wrong.push(...(await sideways(page)).map((s) => `320 px: ${s}`));
    if (wrong.length) found[path] = wrong;
  }
  expect(found).toEqual({});
});

test('the layout is mirrored: crest on the right, the menu from right to left, breadcrumbs from the right, back arrows pointing right', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/ur/news');
  const crest = await page.locator('.brand__link').boundingBox();
  expect(crest).not.toBeNull();
  expect(1280 - (crest!.x + crest!.width)).toBeLessThan(80);
  const items = page.locator('.menu > li');
  const first = await items.first().boundingBox();
  const last = await items.last().boundingBox();
  expect(first!.x).toBeGreaterThan(last!.x);
  const crumbs = page.locator('.breadcrumb > li');
  expect((await crumbs.first().boundingBox())!.x).toBeGreaterThan((await crumbs.last().boundingBox())!.x);
  const search = await page.locator('.site-search').boundingBox();
  expect(search!.x).toBeLessThan(640);
  // The back link's arrow (← in the text) is turned round to point to the start of the line.
  await page.goto(await firstItem(page, 'ur', '/news', 'news/item'));
  const arrow = page.locator('.back-link > [aria-hidden="true"]');
  await expect(arrow).toHaveCSS('transform', 'matrix(-1, 0, 0, 1, 0, 0)');

  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/ur');
  const toggle = await page.locator('.menu-toggle').boundingBox();
  expect(toggle!.x).toBeGreaterThan(195);
});

test('right to left, Next shows the next announcement and the arrow keys move through the house tabs the other way', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/ur/news');
  const strip = page.locator('.announcements');
  const count = strip.locator('.announcements__count');
  await expect(count).toHaveText(/^1 \/ \d+$/);
  await strip.getByRole('button', { name: 'روکیں اعلانات' }).click();
  await strip.getByRole('button', { name: 'اگلا اعلان' }).click();
  await expect(count).toHaveText(/^2 \/ \d+$/);
  // The second announcement is the one in view: the list scrolled to the left, not nowhere.
  const shown = strip.locator('.announcements__item').nth(1);
  await expect
    .poll(async () => {
      const [item, list] = [await shown.boundingBox(), await strip.locator('.announcements__list').boundingBox()];
      return item && list ? Math.abs(item.x - list.x) : Infinity;
    })
    .toBeLessThan(2);

  await page.goto('/ur/house');
  const tabs = page.getByRole('tab');
  await tabs.first().focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.nth(1)).toBeFocused();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(0)).toBeFocused();
});

for (const width of [390, 1280]) {
  test(`axe: /ur and /ur/about-us at ${width} px have no violations`, async ({ page }) => {
    // Two whole pages scanned: on a busy machine axe alone may take most of the default 30 s.
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const violations: string[] = [];
    for (const path of ['/ur', '/ur/about-us']) {
      await page.goto(path);
      violations.push(...(await axeViolations(page, `${path} at ${width} px`)));
    }
    expect(violations).toEqual([]);
  });
}
