// Prints the first-load JavaScript of a page: every script the server's HTML asks for before
// anything else happens (modulepreload links, module scripts and the entry's import() calls),
// each gzipped at level 9, and the total against the budget.
// Usage: node web/scripts/first-load-js.ts [url]   (default http://127.0.0.1:3000/)
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 100;
const pageUrl = new URL(process.argv[2] ?? 'http://127.0.0.1:3000/');
const html = await (await fetch(pageUrl)).text();

const found = new Set<string>();
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g)) found.add(m[1]!);
for (const m of html.matchAll(/<script[^>]+type="module"[^>]*src="([^"]+)"/g)) found.add(m[1]!);
for (const m of html.matchAll(/import\(?\s*"([^"]+\.js)"/g)) found.add(m[1]!);

let total = 0;
const rows: Array<[string, number, number]> = [];
for (const href of found) {
  const body = Buffer.from(await (await fetch(new URL(href, pageUrl))).arrayBuffer());
  const gz = gzipSync(body, { level: 9 }).length;
  total += gz;
  rows.push([href, body.length, gz]);
}
rows.sort((a, b) => b[2] - a[2]);
for (const [href, raw, gz] of rows) console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB gz ${(raw / 1024).toFixed(1).padStart(8)} KB  ${href}`);
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB gz total in ${rows.length} files for ${pageUrl.pathname} (budget ${BUDGET_KB} KB)`);
process.exitCode = total / 1024 <= BUDGET_KB ? 0 : 1;
