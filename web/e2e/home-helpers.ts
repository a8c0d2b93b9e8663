import type { APIRequestContext, Locator, Page } from '@playwright/test';

// Shared by the home-*.spec.ts files: seeded data read from the API itself (so the tests follow
// the seed), and measurements of moving content.

export const SEEN_KEY = 'sthsm:notifications-seen';

/** Marks the notification modal as already shown this session, for tests about other sections. */
export async function skipNotificationModal(page: Page): Promise<void> {
  await page.addInitScript((key) => sessionStorage.setItem(key, '1'), SEEN_KEY);
}

export async function apiList<T>(request: APIRequestContext, path: string): Promise<T[]> {
  const response = await request.get(path);
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}`);
  return (await response.json()) as T[];
}

/** A carousel region by its accessible name (the Carousel's aria-label). */
export function carousel(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** Slides lying entirely inside the carousel's viewport (a px of rounding allowed). */
export async function visibleSlideCount(region: Locator): Promise<number> {
  return region
    .locator('.swiper')
    .first()
    .evaluate((viewport) => {
      const box = viewport.getBoundingClientRect();
      return [...viewport.querySelectorAll('.swiper-slide')].filter((slide) => {
        const r = slide.getBoundingClientRect();
        return r.width > 0 && r.left >= box.left - 2 && r.right <= box.right + 2;
      }).length;
    });
}

/** The horizontal offset of a carousel's slide strip. */
export async function stripOffset(region: Locator): Promise<number> {
  return region
    .locator('.swiper-wrapper')
    .first()
    .evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41);
}

/** The vertical offset of the news ticker's moving list. */
export async function tickerOffset(page: Page): Promise<number> {
  return page
    .getByRole('region', { name: 'Latest news headlines' })
    .locator('.news-ticker__track')
    .evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m42);
}

/** Waits until Swiper has taken over the carousel (loaded after hydration, set up once the carousel comes near the screen). */
export async function swiperReady(region: Locator): Promise<void> {
  await region.scrollIntoViewIfNeeded();
  await region.locator('.swiper.swiper-initialized').first().waitFor({ state: 'attached' });
}
