import type { Page } from '@playwright/test';

// A cheap phone for the tests that act before the page has started (the developers' guide: "a
// control that works only after hydration is a bug"): the CPU six times slower and every script
// held back, so the visitor's first gestures land on the server HTML.

export const SCRIPT_DELAY_MS = 1_500;
/** Generous time-outs for what happens once the slowed page has started. */
export const STARTED = { timeout: 20_000 };

/**
 * Slows the CPU six times and holds every script back, so the visitor acts before hydration.
 * `fast()` ends both once the gesture before hydration is made: the rest of a journey on a slowed
 * phone (every page's scripts held again) would spend the test's time on the emulation.
 */
export async function slowPhone(page: Page): Promise<{ held: () => number; fast: () => Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  let held = 0;
  const scripts = '**/assets/**/*.js';
  await page.route(scripts, async (route) => {
    held += 1;
    await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
    await route.continue();
  });
  const fast = async () => {
    await page.unroute(scripts);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  };
  return { held: () => held, fast };
}

/**
 * Holds back the scripts matching `glob` (after slowPhone's delay) until `release()`: the test then
 * acts on a page whose script has certainly not run. Call release in a `finally` too.
 */
export async function holdScript(page: Page, glob: string | RegExp): Promise<{ release: () => void }> {
  const gate = Promise.withResolvers<void>();
  await page.route(glob, async (route) => {
    await gate.promise;
    await route.fallback();
  });
  return { release: () => gate.resolve() };
}

/** Resolves once React Router has hydrated the page. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => '__reactRouterRouteModules' in window && document.readyState === 'complete', undefined, STARTED);
}

/**
 * Resolves once the page has started: loaded (its deferred modules, an island's too, have run), and
 * hydrated where it loads React. A page without React (docs/decisions/0074–0076) has started once loaded.
 */
export async function started(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.readyState === 'complete' && (!('__reactRouterContext' in window) || '__reactRouterRouteModules' in window),
    undefined,
    STARTED,
  );
}

/** Whether the page loads React Router and React (false on the pages of docs/decisions/0074–0076). */
export async function loadsReact(page: Page): Promise<boolean> {
  return page.evaluate(() => '__reactRouterContext' in window);
}
