// The bench's settings, from the environment (docs/speed.md "npm run bench"), and its budget.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = path.join(ROOT, 'node_modules', '.bin');
const env = process.env;
export const QUICK = env.BENCH_QUICK === '1';
export const PORT = Number(env.BENCH_PORT ?? 3400);
export const NGINX_PORT = PORT + 1;
export const LH_RUNS = Number(env.BENCH_LH_RUNS ?? (QUICK ? 1 : 5));
export const WRK_SECONDS = Number(env.BENCH_WRK_SECONDS ?? (QUICK ? 3 : 15));
export const LOAD_SECONDS = Number(env.BENCH_LOAD_SECONDS ?? (QUICK ? 5 : 60));
export const LOAD_CONNECTIONS = Number(env.BENCH_LOAD_CONNECTIONS ?? 200);
export const WRK_CONNECTIONS = 50;
export const CHROME_PATH = env.CHROME_PATH ?? '/usr/bin/chromium';
export const BUILD_DIR = env.BENCH_BUILD_DIR ?? 'build-bench';
export const REPORT_DIR = path.join(ROOT, '.cache', 'lighthouse');
export const WATCHDOG_MS = 45 * 60_000;
export const ORIGIN = `http://127.0.0.1:${PORT}`;
export const NGINX_ORIGIN = `http://127.0.0.1:${NGINX_PORT}`;
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/**
 * The performance budget (issue 18; docs/performance.md): Lighthouse mobile 100 in every category,
 * LCP within 10% of the page's own no-JS copy measured in the same run, TBT ≤ 50 ms, CLS ≤ 0.01;
 * cached API reads ≥ 0.5× and cached pages ≥ 0.35× nginx `gzip_static` on the same bytes, p99 ≤ 10
 * ms. The first-load JS budget (gzip) is per page, and exceeding it fails `npm run bench`.
 */
export const BUDGET = { score: 100, lcpVsNoJs: 1.1, cls: 0.01, tbtMs: 50, apiRatio: 0.5, ssrRatio: 0.35, p99Ms: 10 };

/** First-load JS (gzip, every script the HTML references) a page may ask for, in KB. */
export function jsBudgetKb(page: string): number {
  // No visitor page loads React (docs/decisions/0074–0078): at most an island (the home page's
  // carousels, ticker and notices; the alumni form's checks; the photos' lightbox on first press).
  // The home page keeps the issue's larger budget for its carousels' Swiper, loaded after first paint.
  return page === '/' ? 90 : 50;
}
