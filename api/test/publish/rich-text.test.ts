import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownVectors, xssVectors } from '../../../web/e2e/fixtures/xss-vectors.ts';
import { createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { as, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';

// Every vector of the project's XSS corpus (web/e2e/fixtures/xss-vectors.ts) saved into the
// rich-text field (the principal's message) comes back, and reaches the public API, inert: only the
// editor's tags, no handler, no script, no dangerous URL.

let t: TestApp;
let editor: Signed;

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db);
  editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
});
afterAll(() => t.close());

const ALLOWED_TAG = /^<\/?(p|br|h2|h3|h4|ul|ol|li|blockquote|pre|code|hr|strong|em|s|u|a)(\s|>|\/>)/;

describe(`rich text (${engine})`, () => {
  it('sanitizes every XSS vector to the editor\u2019s tags on save', async () => {
    const all = xssVectors();
    expect(all.length).toBeGreaterThan(300);
    // Our own vectors one per save; the Big List of Naughty Strings 20 to a save (the whole corpus in ~200 requests).
    const own = new Set(ownVectors());
    const rest = all.filter((v) => !own.has(v));
    const vectors = [...own, ...Array.from({ length: Math.ceil(rest.length / 20) }, (_, i) => rest.slice(i * 20, i * 20 + 20).join('\n'))];
    for (const vector of vectors) {
      const res = await as(t.app, editor)('POST', '/api/admin/STHSM/content/principal-message', {
        message: `<p>Safe</p>${vector}`,
        intent: 'publish',
      });
      expect(res.statusCode, vector).toBe(201);
      const stored: string = res.json().item.fields.message;
      // Text that merely reads like code is inert; every tag is one of the editor's, with no handler or dangerous URL.
      for (const tag of stored.match(/<[^>]*>/g) ?? []) {
        expect(tag, vector).toMatch(ALLOWED_TAG);
        expect(tag, vector).not.toMatch(/\son\w+\s*=|style=/i);
        // A link goes where a browser would take it: only to http, https, mailto or tel.
        const href = /\shref="([^"]*)"/.exec(tag)?.[1];
        if (href !== undefined) {
          const target = new URL(href.replaceAll('&amp;', '&'), 'https://school.example/page');
          expect(['http:', 'https:', 'mailto:', 'tel:'], `${vector} → ${href}`).toContain(target.protocol);
        }
      }
    }
    const published = (await t.app.inject({ url: '/api/PrincipalMessage/STHSM' })).json() as Array<{ message: string }>;
    expect(published).toHaveLength(vectors.length);
    for (const { message } of published) expect(message).not.toMatch(/<script|<img|<svg|<iframe|<[^>]*\son\w+\s*=/i);
  });

  it('keeps what the editor makes, and refuses a message that is empty once sanitized', async () => {
    const html =
      '<h2>Welcome</h2><p>Dear <strong>parents</strong>, <em>students</em> and <u>staff</u>, <s>old</s> <a href="https://example.org/x">read</a>.</p><ul><li>a</li></ul><ol start="2"><li>b</li></ol><blockquote><p>q</p></blockquote><pre><code>x</code></pre><hr />';
    const res = await as(t.app, editor)('POST', '/api/admin/STHSM/content/principal-message', { message: html });
    expect(res.json().item.fields.message).toBe(
      html.replace('<a href="https://example.org/x">', '<a href="https://example.org/x" rel="noopener noreferrer">'),
    );
    const empty = await as(t.app, editor)('POST', '/api/admin/STHSM/content/principal-message', { message: '<script>alert(1)</script>' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ message: 'Message is required.' });
  });
});
