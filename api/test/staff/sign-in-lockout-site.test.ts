import { afterEach, describe, expect, it } from 'vitest';
import { SIGN_IN_FAILED } from '@sthsm/contract/staff';
import { engine } from '../helpers.ts';
import { createStaff, PASSWORD } from './staff-helpers.ts';
import { startSiteSignIn, type SiteSignIn, type Visitor } from './site-sign-in.ts';

// STAFF.md "Getting in": 20 failures from one address lock sign-in from that address — that
// address only. Tested through the site's sign-in form (/admin/login), which is how staff sign
// in: the site's action calls the API over loopback, so unless it hands on the visitor's address
// (the one api/src/site.ts resolved), every visitor counts as 127.0.0.1 and one stranger locks
// out every staff member of every school.

let s: SiteSignIn | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const ADDRESS_LIMIT = 20;

/** Visitor 1 fails 20 times (a new e-mail each time, so no account lock plays a part) and is locked. */
async function lockOut(site: SiteSignIn, stranger: Visitor) {
  for (let i = 0; i < ADDRESS_LIMIT; i++) {
    const res = await site.postForm(stranger, { email: `guess${i}@example.org`, password: 'wrong password' });
    expect(res.status, `failure ${i + 1}`).toBe(401);
    expect(res.action?.error).toBe(SIGN_IN_FAILED);
  }
  const locked = await site.postForm(stranger, { email: 'guess-last@example.org', password: 'wrong password' });
  expect(locked.status).toBe(429);
  expect(locked.action?.error).toMatch(/^Too many failed sign-in attempts\. Try again in 15 minutes\.$/);
}

async function attemptAddresses(site: SiteSignIn): Promise<string[]> {
  const rows = await site.t.db.selectFrom('staff_sign_in_attempts').select('ip').distinct().execute();
  return rows.map((r) => r.ip).sort();
}

describe(`the per-address sign-in lock, through the site's /admin/login form (${engine})`, { timeout: 90_000 }, () => {
  it('two visitors on their own addresses: the one who failed 20 times is locked, the other signs in', async () => {
    s = await startSiteSignIn();
    const staff = await createStaff(s.t.db, { role: 'admin' });
    await lockOut(s, { from: '127.0.0.2' });
    const signedIn = await s.postForm({ from: '127.0.0.3' }, { email: staff.email, password: PASSWORD });
    expect(signedIn.status, `visitor 2 answered ${JSON.stringify(signedIn.action)}`).toBe(302);
    expect(signedIn.location).toBe('/admin');
    expect(signedIn.cookies.join('\n')).toMatch(/staff_session=/);
    // The API counted each visitor under their own address, never the site's.
    expect(await attemptAddresses(s)).toEqual(['127.0.0.2', '127.0.0.3']);
    // And visitor 1 is still locked, whoever they try.
    expect((await s.postForm({ from: '127.0.0.2' }, { email: staff.email, password: PASSWORD })).status).toBe(429);
  });

  it('two visitors behind a reverse proxy on this machine (a trusted hop): the same, by the address the proxy named', async () => {
    s = await startSiteSignIn({ TRUST_PROXY: 'loopback' });
    const staff = await createStaff(s.t.db, { role: 'editor' });
    await lockOut(s, { from: '127.0.0.4', forwardedFor: '203.0.113.7' });
    const signedIn = await s.postForm({ from: '127.0.0.4', forwardedFor: '198.51.100.9' }, { email: staff.email, password: PASSWORD });
    expect(signedIn.status, `visitor 2 answered ${JSON.stringify(signedIn.action)}`).toBe(302);
    expect(signedIn.cookies.join('\n')).toMatch(/staff_session=/);
    expect(await attemptAddresses(s)).toEqual(['198.51.100.9', '203.0.113.7']);
  });
});
