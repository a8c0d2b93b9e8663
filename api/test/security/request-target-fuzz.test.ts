import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseCacheOf } from '../../src/cache.ts';
import { engine } from '../helpers.ts';
import { pool, rawRequest } from './raw-http.ts';
import { API_PATHS, FOREIGN_NAMES, requestTargetPayloads, SITE_PATHS } from './request-target-payloads.ts';
import { startSiteServer, VALID_FORM_ENCODED, type SiteServer } from './site-server.ts';

// The request-target fuzz class (api/src/request-target.ts, api/src/origin.ts, decision 0040):
// every generated target that tries to name another host, as GET (with our Host and a foreign
// one) and as a form POST (from a foreign page, and from the site's own page), over a raw socket
// to the whole server (API, response cache, page cache, React Router's real handler):
// never a 5xx, never a same-origin pass for a foreign page, never a cache entry under a foreign key.

const EVIL_ORIGIN = 'http://evil.example';
const CONCURRENCY = 16;
const REFUSALS = new Set([400, 403, 414, 431]);

let s: SiteServer;
beforeAll(async () => {
  // Generous form limits: the site's own posts must be judged by the target rule, not rate-limited.
  s = await startSiteServer(2, { FORM_RATE_LIMIT_PER_MINUTE: '100000', VISITOR_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => s?.close());

type Variant = 'GET' | 'GET foreign Host' | 'POST from a foreign page' | 'POST from the site';

function head(variant: Variant, target: string): Buffer {
  const host = variant === 'GET foreign Host' ? 'evil.example' : `127.0.0.1:${s.port}`;
  const lines = [`${variant.startsWith('GET') ? 'GET' : 'POST'} ${target} HTTP/1.1`, `Host: ${host}`, 'Connection: close'];
  let body = '';
  if (variant.startsWith('POST')) {
    const origin = variant === 'POST from a foreign page' ? EVIL_ORIGIN : s.origin;
    const site = variant === 'POST from a foreign page' ? 'cross-site' : 'same-origin';
    body = target.includes('/api/visitor') ? 'schoolcode=STHSM' : VALID_FORM_ENCODED;
    lines.push(
      `Origin: ${origin}`,
      `Sec-Fetch-Site: ${site}`,
      'Content-Type: application/x-www-form-urlencoded',
      `Content-Length: ${body.length}`,
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`, 'utf8');
}

/** A cache key of ours: a path (not "//"), on a route that renders or answers 200. */
const OWN_PAGE_KEY = /^\/(?:news|alumni)?\/?(?:\?[^#]*)?$/;
const OWN_JSON_KEY = /^\/api\/news\/STHSM(?:\?[^#]*)?$/;
const pathOf = (key: string) => key.split('?')[0] ?? '';

describe(`request-target fuzz (${engine})`, () => {
  it('GET and POST on site and API routes: never 5xx, never a same-origin pass, never a foreign cache key', async () => {
    const targets = requestTargetPayloads([...SITE_PATHS, ...API_PATHS]);
    const variants: Variant[] = ['GET', 'GET foreign Host', 'POST from a foreign page', 'POST from the site'];
    const jobs = targets.flatMap((target) => variants.map((variant) => ({ target, variant })));
    const alumniBefore = await s.alumniCount();
    const visitorsBefore = (await s.t.app.inject({ url: '/api/visitor/STHSM' })).json()[0].visitor as number;

    const statuses: Record<Variant, Record<number, number>> = {
      GET: {},
      'GET foreign Host': {},
      'POST from a foreign page': {},
      'POST from the site': {},
    };
    const serverErrors: string[] = [];
    const foreignPasses: string[] = [];
    const run = (batch: typeof jobs) =>
      pool(batch, CONCURRENCY, async ({ target, variant }) => {
        const res = await rawRequest(s.port, head(variant, target), 10_000);
        statuses[variant][res.status] = (statuses[variant][res.status] ?? 0) + 1;
        if (res.status >= 500 || res.status === 0) serverErrors.push(`${variant} ${JSON.stringify(target.slice(0, 80))} → ${res.status}`);
        if (variant === 'POST from a foreign page' && !REFUSALS.has(res.status))
          foreignPasses.push(`${JSON.stringify(target.slice(0, 80))} → ${res.status}`);
      });
    const started = Date.now();
    // Reads first, then the caches are inspected: the site's own successful posts empty them (0018).
    await run(jobs.filter((j) => j.variant.startsWith('GET')));
    const pageKeys = s.pages.keys();
    const jsonKeys = responseCacheOf(s.t.app)?.keys() ?? [];
    await run(jobs.filter((j) => j.variant.startsWith('POST')));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);

    const alumniAfter = await s.alumniCount();
    const visitorsAfter = (await s.t.app.inject({ url: '/api/visitor/STHSM' })).json()[0].visitor as number;
    const foreignActions = s.site.actions.filter((a) => new URL(a.url).origin !== s.origin || a.origin !== s.origin);
    const foreignRenders = s.site.renders.filter((u) => new URL(u).origin !== s.origin);
    const ownScope = s.pageKey('');
    const foreignKeys = [
      ...pageKeys.filter((k) => !k.startsWith(ownScope) || !OWN_PAGE_KEY.test(k.slice(ownScope.length))),
      ...jsonKeys.filter((k) => !OWN_JSON_KEY.test(k)),
    ].concat(
      [...pageKeys.map((k) => k.slice(ownScope.length)), ...jsonKeys].filter((k) => FOREIGN_NAMES.some((name) => pathOf(k).includes(name))),
    );

    console.log(
      `[request-target fuzz ${engine}] ${targets.length} targets × ${variants.length} variants = ${jobs.length} requests in ${seconds} s; ` +
        `5xx or no answer ${serverErrors.length}, foreign-page POSTs passed ${foreignPasses.length}, actions run from the site's own page ${s.site.actions.length} ` +
        `(foreign URL or Origin ${foreignActions.length}), renders on a foreign origin ${foreignRenders.length}, ` +
        `page-cache keys ${pageKeys.length} / JSON-cache keys ${jsonKeys.length} (foreign ${foreignKeys.length}); ` +
        `statuses ${JSON.stringify(statuses)}`,
    );
    expect(serverErrors).toEqual([]);
    expect(foreignPasses).toEqual([]);
    expect(foreignActions).toEqual([]);
    expect(foreignRenders).toEqual([]);
    expect(foreignKeys).toEqual([]);
    expect(targets.length).toBeGreaterThanOrEqual(1_500);
    // The harness reached both caches (a fuzz that caches nothing would prove nothing about keys).
    expect(pageKeys.length).toBeGreaterThan(0);
    expect(jsonKeys.length).toBeGreaterThan(0);
    // The foreign page stored nothing; only the site's own posts to the API itself could.
    const ownApiPosts = statuses['POST from the site'][201] ?? 0;
    expect(alumniAfter - alumniBefore).toBeLessThanOrEqual(ownApiPosts);
    expect(visitorsAfter - visitorsBefore).toBeLessThanOrEqual(statuses['POST from the site'][200] ?? 0);
  }, 240_000);
});
