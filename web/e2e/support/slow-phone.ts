import type { Page } from '@playwright/test';

// A cheap phone for the tests that act before the page has started (the developers' guide: "a
// control that works only after hydration is a bug"): the CPU six times slower and every script
// held back, so the visitor's first gestures land on the server HTML.

export const SCRIPT_DELAY_MS = 1_500;
/** Generous time-outs for what happens once the slowed page has started. */
export const STARTED = { timeout: 20_000 };

/** Slows the CPU six times and holds every script back, so the visitor acts before hydration. */
export async function slowPhone(page: Page): Promise<{ held: () => number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  let held = 0;
  await page.route('**/assets/**/*.js', async (route) => {
    held += 1;
    await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
    await route.continue();
  });
  return { held: () => held };
}

/**
 * Holds back the scripts matching `glob` (after slowPhone's delay) until `release()`: the test then
 * acts on a page whose script has certainly not run. Call release in a `finally` too.
 */
export async function holdScript(page: Page, glob: string): Promise<{ release: () => void }> {
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
