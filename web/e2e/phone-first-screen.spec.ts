import { expect, test, type Page } from '@playwright/test';
import { skipNotificationModal } from './home-helpers';

// Issue 17, the first screen on a phone: header and announcements compact; the announcements one
// at a time, whole, with their own pause control; reduced motion is not a wall of text; the desktop
// menu never wraps between 991 and 1280 px; Primary Wing tables say they scroll; house pictures in
// their house's colour. Time is Playwright's fake clock: no waiting, no timing assertions.

interface Highlight {
  description: string;
}

const distance = (a: number[], b: number[]) => Math.hypot(...a.map((v, i) => v - b[i]!));
/** A colour scaled so its brightest channel is 1: compares hue, not lightness. */
const normal = (c: number[]) => {
  const max = Math.max(...c, 1);
  return c.map((v) => v / max);
};

const strip = (page: Page) => page.getByRole('region', { name: 'Announcements' });
const counter = (page: Page) => strip(page).locator('.announcements__count');

async function highlights(page: Page): Promise<Highlight[]> {
  const answer = await page.request.get('/api/highlight/STHSM');
  return ((await answer.json()) as Highlight[]).filter((h) => h.description.trim());
}

/** The announcement wholly inside the strip's box (its text not cut), by visible geometry. */
async function shownAnnouncement(page: Page): Promise<string> {
  return strip(page)
    .locator('.announcements__list')
    .evaluate((list) => {
      const box = list.getBoundingClientRect();
      const inside = [...list.children].filter((item) => {
        const r = item.getBoundingClientRect();
        return r.left >= box.left - 1 && r.right <= box.right + 1;
      });
      return inside.map((item) => (item as HTMLElement).innerText.trim()).join(' | ');
    });
}

test.describe('at 390 × 844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('header and announcements take under a third of the screen, and the page never scrolls sideways', async ({ page }) => {
    await skipNotificationModal(page);
    await page.goto('/');
    const bottom = await strip(page).evaluate((el) => el.getBoundingClientRect().bottom);
    console.log(`first screen: header + announcements end at ${Math.round(bottom)} px of 844 (${Math.round((bottom / 844) * 100)}%)`);
    expect(bottom).toBeLessThan(844 / 3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The numbers are still there for assistive technology and as links.
    await expect(page.locator('.topbar').getByRole('link', { name: /call/ }).first()).toBeVisible();
  });

  test('one announcement at a time, whole; the next comes in turn; hover, focus and Pause hold it', async ({ page }) => {
    const all = await highlights(page);
    expect(all.length).toBeGreaterThan(2);
    await page.clock.install();
    await skipNotificationModal(page);
    await page.goto('/sitemap');
    await expect(counter(page)).toHaveText(`1 / ${all.length}`);
    await expect(strip(page).getByRole('button', { name: 'Pause announcements' })).toBeEnabled();
    await expect.poll(() => shownAnnouncement(page)).toContain(all[0]!.description);
    // The item's whole text is on screen, not cut off.
    const firstItem = strip(page).getByRole('listitem').first();
    expect(await firstItem.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);

    await page.clock.runFor(5_100);
    await expect(counter(page)).toHaveText(`2 / ${all.length}`);
    await expect.poll(() => shownAnnouncement(page)).toContain(all[1]!.description);

    // Held while the pointer is on it.
    await strip(page).hover();
    await page.clock.runFor(12_000);
    await expect(counter(page)).toHaveText(`2 / ${all.length}`);
    await page.getByRole('heading', { level: 1 }).hover();
    await page.clock.runFor(5_100);
    await expect(counter(page)).toHaveText(`3 / ${all.length}`);

    // Its own Pause: nothing moves until Play.
    await strip(page).getByRole('button', { name: 'Pause announcements' }).click();
    await page.getByRole('heading', { level: 1 }).hover();
    await page.keyboard.press('Escape');
    await page.locator('body').focus();
    await page.clock.runFor(20_000);
    await expect(counter(page)).toHaveText(`3 / ${all.length}`);
    await expect(strip(page).getByRole('button', { name: 'Play announcements' })).toBeVisible();
    // Previous and Next step by hand.
    await strip(page).getByRole('button', { name: 'Next announcement' }).click();
    await expect(counter(page)).toHaveText(`4 / ${all.length}`);
    await strip(page).getByRole('button', { name: 'Previous announcement' }).click();
    await strip(page).getByRole('button', { name: 'Previous announcement' }).click();
    await expect(counter(page)).toHaveText(`2 / ${all.length}`);
  });

  test('with reduced motion: one announcement, nothing moves by itself, the buttons step', async ({ page }) => {
    const all = await highlights(page);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await skipNotificationModal(page);
    await page.goto('/sitemap');
    await expect(strip(page).getByRole('button', { name: 'Play announcements' })).toBeVisible();
    const height = await strip(page).evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBeLessThan(130);
    await page.clock.runFor(20_000);
    await expect(counter(page)).toHaveText(`1 / ${all.length}`);
    await strip(page).getByRole('button', { name: 'Next announcement' }).click();
    await expect(counter(page)).toHaveText(`2 / ${all.length}`);
    await expect.poll(() => shownAnnouncement(page)).toContain(all[1]!.description);
  });

  test('Primary Wing tables say they scroll sideways, and each can be scrolled by keyboard', async ({ page }) => {
    await page.goto('/primary-wing');
    const wraps = page.locator('.table-wrap');
    expect(await wraps.count()).toBeGreaterThan(0);
    for (const wrap of await wraps.all()) {
      const scrolls = await wrap.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      const hint = wrap.locator('xpath=preceding-sibling::p[contains(@class, "table-hint")][1]');
      if (scrolls) await expect(hint).toBeVisible();
      else await expect(hint).toBeHidden();
      await expect(wrap).toHaveAttribute('tabindex', '0');
      if (scrolls) {
        await wrap.focus();
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => wrap.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      }
    }
  });
});

test('the Primary Wing table hint is not shown where the tables fit (1280 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/primary-wing');
  await expect(page.locator('.table-hint').first()).toBeHidden();
});

for (const width of [991, 1024, 1100, 1180, 1279, 1280]) {
  test(`the desktop menu stays on one row at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/sitemap');
    const items = page.getByRole('navigation', { name: 'Main' }).locator('.menu > li');
    const tops = await items.evaluateAll((lis) => lis.map((li) => Math.round(li.getBoundingClientRect().top)));
    expect(tops.length).toBeGreaterThan(5);
    expect(new Set(tops).size, `menu rows at ${width} px`).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test('each house picture is painted in its own colour', async ({ page, request }) => {
  await page.goto('/house');
  const houses: Array<[string, [number, number, number]]> = [
    ['mary', [0x1d, 0x4e, 0xd8]],
    ['antony', [0xea, 0xb3, 0x08]],
    ['joseph', [0x15, 0x80, 0x3d]],
    ['teresa', [0xb9, 0x1c, 0x1c]],
  ];
  const averages: number[][] = [];
  for (const [id] of houses) {
    const src = await page.locator(`#house-panel-${id} img`).getAttribute('src');
    const bytes = (await (await request.get(src ?? '')).body()).toString('base64');
    averages.push(
      await page.evaluate(async (data) => {
        const image = new Image();
        image.src = `data:image/jpeg;base64,${data}`;
        await image.decode();
        const canvas = new OffscreenCanvas(32, 32);
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0, image.width, image.height * 0.6, 0, 0, 32, 32); // above the caption band
        const pixels = context.getImageData(0, 0, 32, 32).data;
        const sum = [0, 0, 0];
        for (let i = 0; i < pixels.length; i += 4) for (let c = 0; c < 3; c++) sum[c]! += pixels[i + c]!;
        return sum.map((v) => v / (pixels.length / 4));
      }, bytes),
    );
  }
  // Each picture is nearest in colour to its own house's swatch.
  for (const [i, [id]] of houses.entries()) {
    const nearest = houses
      .map(([other, swatch]) => [other, distance(normal(averages[i]!), normal(swatch))] as const)
      .sort((a, b) => a[1] - b[1])[0]![0];
    expect(nearest, `${id} picture colour`).toBe(id);
  }
});
