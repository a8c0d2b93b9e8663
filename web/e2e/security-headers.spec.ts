import { expect, test, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';

// The security headers on real responses of the real server (site pages, the 404 page,
// API JSON, an image, the OpenAPI document, a static file), the nonce on every script, HSTS and
// Secure cookies over HTTPS, and no CSP violation while pages really run in Chromium.

interface Album {
  _id: string;
  category: string;
  attachments: string[];
}

async function firstAlbum(request: APIRequestContext): Promise<Album> {
  const albums = (await (await request.get('/api/gallery/all/STHSM')).json()) as Album[];
  const album = albums.find((a) => a.category === 'PhotoGallery' && a.attachments.length >= 2);
  if (!album) throw new Error('the seed has an album with photos');
  return album;
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((p) => p[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

let checked = 0;
function expectHeader(response: APIResponse, name: string, expected: string | RegExp, what: string): void {
  const value = response.headers()[name];
  expect(value, `${what}: ${name}`).toBeDefined();
  if (typeof expected === 'string') expect(value, `${what}: ${name}`).toBe(expected);
  else expect(value, `${what}: ${name}`).toMatch(expected);
  checked += 1;
}

/** The headers every response carries, HTML or not. */
function expectCommonHeaders(response: APIResponse, what: string, corp = 'same-origin'): void {
  expectHeader(response, 'x-content-type-options', 'nosniff', what);
  expectHeader(response, 'referrer-policy', 'strict-origin-when-cross-origin', what);
  expectHeader(response, 'permissions-policy', /camera=\(\).*geolocation=\(\).*microphone=\(\)/, what);
  expectHeader(response, 'cross-origin-opener-policy', 'same-origin', what);
  expectHeader(response, 'cross-origin-resource-policy', corp, what);
  expectHeader(response, 'x-frame-options', 'DENY', what);
  expect(response.headers()['strict-transport-security'], `${what}: no HSTS over plain HTTP`).toBeUndefined();
  const csp = directives(response.headers()['content-security-policy'] ?? '');
  // Images answer with the media store's own sandboxing policy (api/src/media/send.ts).
  if (corp === 'same-origin') expect(csp.get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
  else expect(csp.has('sandbox'), `${what}: sandbox`).toBe(true);
  checked += 2;
}

/** A page: nonce-only scripts, every <script> carrying this response's nonce. Returns the nonce. */
async function expectPagePolicy(response: APIResponse, what: string): Promise<string> {
  expectCommonHeaders(response, what);
  const csp = directives(response.headers()['content-security-policy'] ?? '');
  const scriptSrc = csp.get('script-src') ?? [];
  const nonce = scriptSrc.find((s) => s.startsWith("'nonce-"))?.slice(7, -1) ?? '';
  expect(nonce, `${what}: a nonce in script-src`).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(scriptSrc, `${what}: no unsafe script sources`).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('frame-src')).toEqual(['https://www.openstreetmap.org', 'https://www.youtube-nocookie.com', 'https://www.youtube.com']);
  checked += 8;
  const html = await response.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length, `${what}: has scripts`).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, `${what}: every script carries the nonce`).toContain(`nonce="${nonce}"`);
  return nonce;
}

test('pages, the 404 page, API JSON, images, OpenAPI and static files carry every security header', async ({ request }) => {
  const nonces = new Set<string>();
  for (const path of ['/', '/about-us', '/no-such-page-here']) {
    const response = await request.get(path, { headers: { 'x-csp-nonce': 'AAAAAAAAAAAAAAAAAAAAAA==' } });
    expect(response.status(), path).toBe(path.startsWith('/no-') ? 404 : 200);
    const nonce = await expectPagePolicy(response, path);
    expect(nonce, 'a client cannot choose the nonce').not.toBe('AAAAAAAAAAAAAAAAAAAAAA==');
    nonces.add(nonce);
  }
  expect(nonces.size, 'a fresh nonce per response').toBe(3);

  const album = await firstAlbum(request);
  const resources: Array<[string, number, string]> = [
    ['/api/news/STHSM', 200, 'same-origin'],
    ['/api/openapi.json', 200, 'same-origin'],
    ['/api/no-such-route', 404, 'same-origin'],
    [`/api/image/${album.attachments[0]}`, 200, 'cross-origin'],
    ['/trophy.png', 200, 'same-origin'],
    ['/api/school/STHSM/icon/32.png', 200, 'same-origin'],
  ];
  for (const [path, status, corp] of resources) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(status);
    expectCommonHeaders(response, path, corp);
    const csp = directives(response.headers()['content-security-policy'] ?? '');
    expect(csp.get('default-src'), `${path}: default-src`).toEqual(["'none'"]);
  }
  console.log(`security headers: ${3 + resources.length} responses, ${checked} header checks passed`);
});

test('over HTTPS (a trusted proxy) responses add HSTS and upgrade-insecure-requests', async ({ request }) => {
  const https = { 'x-forwarded-proto': 'https' };
  for (const path of ['/', '/api/news/STHSM']) {
    const response = await request.get(path, { headers: https });
    expect(response.headers()['strict-transport-security'], path).toBe('max-age=63072000; includeSubDomains');
  }
  const page = await request.get('/', { headers: https });
  expect(page.headers()['content-security-policy']).toContain('upgrade-insecure-requests');
});

// Bots are never counted, so never get the cookie: speak as a person's browser.
const BROWSER_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

test('the visitor cookie is HttpOnly and SameSite always, and Secure over HTTPS', async ({ playwright, baseURL }) => {
  // Loopback is a trusted proxy: a client address of its own keeps clear of other specs' rate limit.
  // Each post comes from a fresh cookie jar, or the first cookie would stop the second count.
  const post = async (proto: string, ip: string) =>
    (await playwright.request.newContext({ baseURL })).post('/api/visitor', {
      data: { schoolcode: 'STHSM' },
      headers: { 'x-forwarded-proto': proto, 'x-forwarded-for': ip, 'user-agent': BROWSER_UA },
    });
  const plain = await post('http', '198.51.100.71');
  expect(plain.status()).toBe(200);
  const plainCookie = plain.headers()['set-cookie'] ?? '';
  expect(plainCookie).toMatch(/HttpOnly/i);
  expect(plainCookie).toMatch(/SameSite=(Lax|Strict)/i);
  expect(plainCookie).not.toMatch(/Secure/i);
  const secure = await post('https', '198.51.100.72');
  const secureCookie = secure.headers()['set-cookie'] ?? '';
  expect(secureCookie).toMatch(/HttpOnly/i);
  expect(secureCookie).toMatch(/SameSite=(Lax|Strict)/i);
  expect(secureCookie).toMatch(/;\s*Secure/i);
});

/** Records CSP violations (DOM events and console reports) from the first script on. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { cspViolation: (t: string) => void }).cspViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} on ${location.pathname}`,
      );
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

test('pages run in Chromium without a CSP violation: home, gallery, album with lightbox, alumni, contact', async ({ page, request }) => {
  const violations = await watchCsp(page);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  let pages = 0;
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  // Hydrated: the notification modal opens by itself (a script ran under the policy).
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  pages += 1;

  for (const path of ['/gallery', '/alumni', '/contactUs', '/VideoGallery']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    pages += 1;
  }
  const album = await firstAlbum(request);
  await page.goto(`/SubGallery?id=${album._id}`);
  await page.waitForLoadState('networkidle');
  await page
    .getByRole('list', { name: / photos$/ })
    .getByRole('link')
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await page.waitForLoadState('networkidle');
  pages += 1;
  // Client-side navigation too: loader data and route chunks under the policy.
  await page.keyboard.press('Escape');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Parent Portal' }).click();
  await expect(page).toHaveURL(/parent-portal/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  console.log(`CSP in Chromium: ${pages} pages + lightbox + client navigation, violations: ${violations.length}`);
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
});

test('the harness sees a violation: an injected inline script is blocked and reported', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/about-us');
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.ran = true';
    document.body.append(s);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { ran?: boolean }).ran)).toBeUndefined();
});
