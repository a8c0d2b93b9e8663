import { afterEach, describe, expect, it } from 'vitest';
import { engine } from '../helpers.ts';
import { startSiteSignIn, type SiteSignIn } from './site-sign-in.ts';

// TRUST_PROXY means one thing to both halves: only the API parses it (api/src/config.ts); the site
// reads no TRUST_PROXY of its own and hands on the address api/src/site.ts resolved with the API's
// reading. So for every form, the address the API counts a visitor by — here the
// per-address sign-in count — is the one that form names. The visitor's connection comes from
// 127.0.0.5 (a proxy on this machine) saying "198.51.100.9, 10.1.2.3": the client, then another proxy.

let s: SiteSignIn | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const FORMS: Array<[setting: string, counted: string, why: string]> = [
  ['loopback', '10.1.2.3', 'the loopback hop is believed, the proxy it names is not'],
  ['10.0.0.0/8', '198.51.100.9', 'loopback (always kept in a list) and 10.0.0.0/8 are believed'],
  ['on', '198.51.100.9', 'every hop is believed: the first address written'],
  ['1', '10.1.2.3', 'one hop is believed'],
  ['2', '198.51.100.9', 'two hops are believed: the proxy on this machine and the one it names'],
  ['off', '127.0.0.1', 'nothing forwarded is believed, not even the site: every visitor is the server itself'],
];

describe(`each TRUST_PROXY form, through the site's sign-in form (${engine})`, { timeout: 90_000 }, () => {
  it.each(FORMS)('TRUST_PROXY=%s counts the visitor as %s (%s)', async (setting, counted) => {
    s = await startSiteSignIn({ TRUST_PROXY: setting });
    const res = await s.postForm(
      { from: '127.0.0.5', forwardedFor: '198.51.100.9, 10.1.2.3' },
      { email: 'nobody@example.org', password: 'wrong password' },
    );
    expect(res.status).toBe(401);
    const rows = await s.t.db.selectFrom('staff_sign_in_attempts').select('ip').execute();
    expect(rows.map((r) => r.ip)).toEqual([counted]);
  });
});
