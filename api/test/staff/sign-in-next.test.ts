import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../helpers.ts';
import { createStaff, PASSWORD } from './staff-helpers.ts';
import { startSiteSignIn, type SiteSignIn } from './site-sign-in.ts';

// No open redirect after signing in (issue 39): the site's real sign-in form (/admin/login, its
// action calling this API over loopback) follows `next` only to a path inside the staff area; a
// `next` naming another host — or that a browser would resolve to one — sends the person to /admin.
// The function itself, with every form: web/app/lib/admin-api.server.test.ts.

let s: SiteSignIn;
let email: string;
beforeAll(async () => {
  s = await startSiteSignIn();
  email = (await createStaff(s.t.db, { role: 'editor' })).email;
}, 60_000);
afterAll(() => s?.close());

const signInWith = (next: string) => s.postForm({ from: '127.0.0.6' }, { email, password: PASSWORD, next });

describe(`where the sign-in form goes afterwards (${engine})`, { timeout: 60_000 }, () => {
  it('a next on another host, protocol-relative or with a backslash goes to /admin', async () => {
    for (const next of ['https://evil.example/admin', '//evil.example', '/\\evil.example', '\\\\evil.example', 'javascript:alert(1)']) {
      const res = await signInWith(next);
      expect(res.status, `next=${JSON.stringify(next)}: ${JSON.stringify(res.action)}`).toBe(302);
      expect(res.location, `next=${JSON.stringify(next)}`).toBe('/admin');
      expect(res.cookies.join('\n')).toMatch(/staff_session=/);
    }
  });

  it('a path inside the staff area is followed as written', async () => {
    const res = await signInWith('/admin/news?x=1');
    expect(res.status).toBe(302);
    expect(res.location).toBe('/admin/news?x=1');
  });
});
