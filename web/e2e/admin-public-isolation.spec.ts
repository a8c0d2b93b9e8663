import { expect, test, type APIRequestContext } from '@playwright/test';
import { gzipSync } from 'node:zlib';

// The public pages never load the staff area's JavaScript or CSS (STAFF.md), and the home page's
// first-load JavaScript did not grow with it: 124.7 KB gzipped in 16 files on main before the staff
// area; 125.6 KB with the public features that came with it and the pages' hydration switch (issues
// 17–19); 2.3 KB, one file, since the home page loads no React but its island (decision 0078),
// measured the same way as below. Staff code must add nothing to it.

const HOME_FIRST_LOAD_KB_BEFORE = 2.3;

/** Scripts and stylesheets a page's HTML asks for (the first-load-js.ts rules, plus CSS). */
async function assetsOf(request: APIRequestContext, path: string): Promise<{ html: string; scripts: string[]; styles: string[] }> {
  const html = await (await request.get(path)).text();
  const scripts = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g)) scripts.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]+type="module"[^>]*src="([^"]+)"/g)) scripts.add(m[1]!);
  for (const m of html.matchAll(/import\(?\s*"([^"]+\.js)"/g)) scripts.add(m[1]!);
  const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  return { html, scripts: [...scripts], styles };
}

test('/ and an information page reference no staff chunk or stylesheet', async ({ request }) => {
  const admin = await assetsOf(request, '/admin/login');
  const home = await assetsOf(request, '/');
  const info = await assetsOf(request, '/about-us');
  const publicAssets = new Set([...home.scripts, ...home.styles, ...info.scripts, ...info.styles]);
  // What only the staff area loads: its route modules, components and stylesheet.
  const staffOnly = [...admin.scripts, ...admin.styles].filter((a) => !publicAssets.has(a));
  expect(staffOnly.length).toBeGreaterThanOrEqual(4);
  expect(staffOnly.some((a) => a.endsWith('.css'))).toBe(true);
  for (const page of [home, info]) {
    for (const asset of staffOnly) expect(page.html).not.toContain(asset);
    expect(page.html).not.toMatch(/routes\/admin/);
  }
  console.log(`staff-only assets (${staffOnly.length}): ${staffOnly.join(' ')}`);
});

test('the home page\u2019s first-load JavaScript did not grow', async ({ request }) => {
  const { scripts } = await assetsOf(request, '/');
  let total = 0;
  for (const href of scripts) total += gzipSync(Buffer.from(await (await request.get(href)).body()), { level: 9 }).length;
  const kb = Math.round((total / 1024) * 10) / 10;
  console.log(`first-load JS of /: ${kb} KB gz in ${scripts.length} files (before the staff area: ${HOME_FIRST_LOAD_KB_BEFORE} KB)`);
  // In tenths of a KB, as integers: 125.6 + 0.1 is 125.69999… in floating point.
  expect(Math.round(kb * 10)).toBeLessThanOrEqual(Math.round(HOME_FIRST_LOAD_KB_BEFORE * 10) + 1);
});
