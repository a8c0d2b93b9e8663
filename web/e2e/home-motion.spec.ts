import { expect, test, type Page } from '@playwright/test';
import { carousel, skipNotificationModal, stripOffset, swiperReady, tickerOffset, visibleSlideCount } from './home-helpers';

// Moving content of the home page (SPEC §9, WCAG 2.2.2): slides per view by width, autoplay,
// pausing on hover, focus and by the visible button, and stillness under reduced motion.

const AUTOPLAY_CYCLE_MS = 2000 + 1000; // delay + transition speed

test.beforeEach(async ({ page }) => {
  await skipNotificationModal(page);
});

async function pausedCount(page: Page, name: string): Promise<number> {
  const region = carousel(page, name);
  await swiperReady(region);
  await region.getByRole('button', { name: `Pause ${name}` }).click();
  await expect(region.getByRole('button', { name: `Play ${name}` })).toBeVisible();
  await page.waitForTimeout(1100); // let a transition under way finish
  return visibleSlideCount(region);
}

for (const [width, events, toppers] of [
  [1440, 3, 2],
  [1280, 3, 1],
  [900, 2, 1],
  [390, 1, 1],
] as const) {
  test(`at ${width} px events show ${events} slides and toppers ${toppers}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    expect(await pausedCount(page, 'Upcoming events')).toBe(events);
    expect(await pausedCount(page, 'Class X toppers')).toBe(toppers);
    expect(await pausedCount(page, 'Class XII toppers')).toBe(toppers);
    expect(await pausedCount(page, 'School photos')).toBe(1);
  });
}

test('the server HTML shows the first slides at their final widths', async ({ browser }) => {
  // Without JavaScript nothing hydrates and Swiper never loads: the widths come from the HTML alone.
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/');
  expect(await visibleSlideCount(carousel(page, 'Upcoming events'))).toBe(3);
  expect(await visibleSlideCount(carousel(page, 'Class X toppers'))).toBe(1);
  expect(await visibleSlideCount(carousel(page, 'School photos'))).toBe(1);
  await context.close();
});

test('carousels autoplay, pause while hovered, and stop with their pause button', async ({ page }) => {
  await page.goto('/');
  const slider = carousel(page, 'School photos');
  await swiperReady(slider);
  const start = await stripOffset(slider);
  await expect.poll(() => stripOffset(slider), { timeout: AUTOPLAY_CYCLE_MS + 2000 }).not.toBe(start);

  const events = carousel(page, 'Upcoming events');
  await swiperReady(events);
  await events.getByRole('group').first().hover();
  await page.waitForTimeout(1100);
  const hovered = await stripOffset(events);
  await page.waitForTimeout(AUTOPLAY_CYCLE_MS);
  expect(await stripOffset(events)).toBe(hovered);

  await page.mouse.move(0, 0);
  await slider.getByRole('button', { name: 'Pause School photos' }).click();
  await page.waitForTimeout(1100);
  const paused = await stripOffset(slider);
  await page.waitForTimeout(AUTOPLAY_CYCLE_MS);
  expect(await stripOffset(slider)).toBe(paused);
  await slider.getByRole('button', { name: 'Play School photos' }).click();
  await expect.poll(() => stripOffset(slider), { timeout: AUTOPLAY_CYCLE_MS + 2000 }).not.toBe(paused);
});

test('keyboard focus inside a carousel pauses it', async ({ page }) => {
  await page.goto('/');
  const events = carousel(page, 'Upcoming events');
  await swiperReady(events);
  await events
    .getByRole('group')
    .first()
    .evaluate((slide) => {
      slide.setAttribute('tabindex', '-1');
      (slide as HTMLElement).focus();
    });
  await page.waitForTimeout(1100);
  const focused = await stripOffset(events);
  await page.waitForTimeout(AUTOPLAY_CYCLE_MS);
  expect(await stripOffset(events)).toBe(focused);
});

/**
 * A pause follows the pointer or the button once the page has handled it (later on a busy
 * machine): waits until the ticker stands (it fails if it never does); the caller then checks that
 * it keeps standing.
 */
async function tickerStops(page: Page) {
  await expect
    .poll(async () => {
      const before = await tickerOffset(page);
      await page.waitForTimeout(150);
      return (await tickerOffset(page)) === before;
    })
    .toBe(true);
}

test('the news ticker moves up about 67 px/s and pauses on hover and by its button', async ({ page }) => {
  await page.goto('/');
  const ticker = page.getByRole('region', { name: 'Latest news headlines' });
  const toggle = page.getByRole('button', { name: 'Pause news ticker' });
  await expect(toggle).toBeVisible();
  await page.mouse.move(0, 0);

  const y0 = await tickerOffset(page);
  await page.waitForTimeout(1000);
  const moved = y0 - (await tickerOffset(page));
  expect(moved).toBeGreaterThan(40);
  expect(moved).toBeLessThan(95);

  await ticker.hover();
  await tickerStops(page);
  const hovered = await tickerOffset(page);
  await page.waitForTimeout(800);
  expect(await tickerOffset(page)).toBe(hovered);

  await toggle.click(); // the pointer leaves the list for the button
  await expect(page.getByRole('button', { name: 'Play news ticker' })).toBeVisible();
  await tickerStops(page);
  const paused = await tickerOffset(page);
  await page.waitForTimeout(800);
  expect(await tickerOffset(page)).toBe(paused);

  await page.getByRole('button', { name: 'Play news ticker' }).click();
  await page.waitForTimeout(800);
  expect(await tickerOffset(page)).toBeLessThan(paused - 20);
});

test('nothing moves when the visitor prefers reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const regions = ['School photos', 'Upcoming events', 'Class X toppers', 'Class XII toppers'].map((name) => carousel(page, name));
  for (const region of regions) await swiperReady(region);
  await expect(carousel(page, 'School photos').getByRole('button', { name: 'Play School photos' })).toBeVisible();
  await expect(page.getByRole('button', { name: /news ticker/ })).toHaveCount(0);
  const before = await Promise.all([...regions.map(stripOffset), tickerOffset(page)]);
  await page.waitForTimeout(AUTOPLAY_CYCLE_MS + 500);
  const after = await Promise.all([...regions.map(stripOffset), tickerOffset(page)]);
  expect(after).toEqual(before);
  // Still, the headlines stay reachable: the list scrolls by keyboard.
  await expect(page.getByRole('region', { name: 'Latest news headlines' })).toHaveCSS('overflow-y', 'auto');
});
