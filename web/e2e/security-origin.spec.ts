import net from 'node:net';
import { expect, test } from '@playwright/test';
import { control, expectStored, fill, storedSubmissions, validEntry } from './alumni-form';

// Cross-site posts, request targets, HTML caching and the map's referrer, in Chromium against the
// production build (api/src/origin.ts, api/src/request-target.ts; docs/decisions/0040).

const SUCCESS = 'Your Form Submitted Successfully.';
const REFUSED = 'came from a page on another site';
const ATTACKER = 'http://evil.example';
const unique = (label: string) => `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The fields the alumni form posts, as a foreign page would write them into its own form. */
function formFields(entry: Record<string, string>): string {
  return Object.entries(entry)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value.replaceAll('"', '&quot;').replaceAll('\n', '&#10;')}">`)
    .join('');
}

test('a page on another site cannot post the alumni form; the same form on the site itself is stored', async ({ page, baseURL }) => {
  // Loopback is a trusted proxy: a client address of its own keeps clear of other specs' rate limit.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.93' });
  const stolen = validEntry(unique('xsite'));
  const fetched = validEntry(unique('xfetch'));
  // The attacker's page, served by Playwright under a foreign origin: a plain form that posts to
  // the site's action, and a no-cors fetch straight to the API (neither needs a CORS preflight).
  await page.route(`${ATTACKER}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!DOCTYPE html><html lang="en"><title>Win a prize</title><body>
      <form id="f" method="post" action="${baseURL}/alumni">${formFields(stolen)}<button>Claim</button></form>
      <script>fetch(${JSON.stringify(`${baseURL}/api/form/STHSM/alumni`)}, { method: 'POST', mode: 'no-cors',
        body: new URLSearchParams(${JSON.stringify(fetched)}) }).then(() => { document.title = 'sent'; }, () => { document.title = 'failed'; });</script>
      </body></html>`,
    }),
  );
  await page.goto(`${ATTACKER}/prize`);
  await expect(page).toHaveTitle(/sent|failed/);
  const [refusal] = await Promise.all([
    page.waitForResponse((r) => r.url() === `${baseURL}/alumni` && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Claim' }).click(),
  ]);
  expect(refusal.status()).toBe(403);
  await expect(page.getByText(REFUSED)).toBeVisible();
  expect(storedSubmissions(stolen.email)).toHaveLength(0);
  expect(storedSubmissions(fetched.email)).toHaveLength(0);

  // The site's own page: Chromium sends Origin and Sec-Fetch-Site: same-origin; the site's action
  // then posts the form on to the API over loopback (no Origin), and it is stored.
  const own = validEntry(unique('own'));
  await page.goto('/alumni');
  await fill(page, own);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toHaveText(SUCCESS);
  await expect(control(page, 'name')).toHaveValue('');
  expectStored(own);
});

/** One raw HTTP/1.1 exchange: the request target exactly as written (a browser or fetch would fix it). */
function raw(port: number, head: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(10_000, () => socket.destroy(new Error('time-out')));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
    });
    socket.write(head);
  });
}

test('"//host" and absolute-form targets are 400 before the site sees them; so is a malformed Host', async ({ baseURL }) => {
  const port = Number(new URL(baseURL ?? '').port);
  const entry = validEntry(unique('target'));
  const body = new URLSearchParams(entry).toString();
  for (const target of ['//evil.example/alumni', 'http://evil.example/alumni', '/\\evil.example/alumni', '/.//evil.example/alumni']) {
    const res = await raw(
      port,
      `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${ATTACKER}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(res.status, target).toBe(400);
    expect(res.text, target).toContain('The request target must be a path on this server');
  }
  expect(storedSubmissions(entry.email)).toHaveLength(0);
  for (const host of ['exa mple', '[::1', 'x@y', '']) {
    const res = await raw(port, `GET /about-us HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expect(res.status, `Host "${host}"`).toBe(400);
  }
});

test('HTML says Cache-Control: private, no-cache, also when replayed from the page cache', async ({ request }) => {
  for (const path of ['/', '/about-us']) {
    const first = await request.get(path);
    const again = await request.get(path);
    for (const res of [first, again]) expect(res.headers()['cache-control'], path).toBe('private, no-cache');
    // The same entry answered twice: the server's own cache still replays the page.
    expect(again.headers().etag, path).toBe(first.headers().etag);
    expect(again.headers().etag, path).toMatch(/^"p-/);
  }
});

test("the footer map learns the site's origin only, never the page's path or search terms", async ({ page, baseURL }) => {
  const referrers: string[] = [];
  await page.route('https://www.openstreetmap.org/**', async (route) => {
    referrers.push((await route.request().headerValue('referer')) ?? '(none)');
    await route.fulfill({ contentType: 'text/html', body: '<!DOCTYPE html><title>Map</title><p>map</p>' });
  });
  await page.goto('/news?q=private+search+words');
  await page.getByTitle(/Map showing the location of/).scrollIntoViewIfNeeded();
  await expect.poll(() => referrers.length).toBeGreaterThan(0);
  expect(referrers).toEqual([`${baseURL}/`]);
});
