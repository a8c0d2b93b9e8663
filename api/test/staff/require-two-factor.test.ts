import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRequireAdminTwoFactor } from '../../src/repositories/school-security.ts';
import { createSchool } from '../factories.ts';
import { totpCode } from '../../src/staff/totp.ts';
import { NOW, startTestApp, type TestApp } from '../helpers.ts';
import { as, createStaff, ORIGIN, sessionCookieOf, signIn } from './staff-helpers.ts';

// When a school requires two-factor sign-in of its administrators, GET /api/admin/me says so per
// school (`twoFactorRequired`), so the site can send such an administrator to set it up at sign-in.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
});
afterAll(() => t.close());

const membershipsOf = async (who: { cookie: string; csrf: string }) =>
  (await as(t.app, who)('GET', '/api/admin/me')).json().memberships as Array<{ code: string; role: string; twoFactorRequired: boolean }>;

describe('GET /api/admin/me and a school that requires two-factor sign-in for administrators', () => {
  it('marks the membership of an administrator without two-factor, and no one else', async () => {
    const person = await createStaff(t.db, { school: 'STHSM', role: 'admin' });
    // The same person is an editor of another school that requires it too.
    const { insertMembership } = await import('../../src/repositories/staff-users.ts');
    await insertMembership(t.db, { userId: person.id, schoolCode: 'OTHER', role: 'editor', at: '2025-08-01T00:00:00.000Z' });
    const admin = await signIn(t.app, person);
    const secured = await createStaff(t.db, { school: 'STHSM', role: 'admin', twoFactor: true });
    const step = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: secured.email, password: secured.password },
      headers: { origin: ORIGIN },
    });
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session/two-factor',
      payload: { challenge: step.json().challenge, code: await totpCode(secured.totpSecret!, NOW) },
      headers: { origin: ORIGIN },
    });
    const withTwoFactor = { cookie: sessionCookieOf(done), csrf: '' };
    const editor = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'editor' }));

    expect((await membershipsOf(admin)).map((m) => [m.code, m.twoFactorRequired]).sort()).toEqual([
      ['OTHER', false],
      ['STHSM', false],
    ]);
    await setRequireAdminTwoFactor(t.db, 'STHSM', true);
    await setRequireAdminTwoFactor(t.db, 'OTHER', true);
    expect((await membershipsOf(admin)).map((m) => [m.code, m.twoFactorRequired]).sort()).toEqual([
      ['OTHER', false],
      ['STHSM', true],
    ]);
    expect((await membershipsOf(editor)).map((m) => m.twoFactorRequired)).toEqual([false]);
    expect((await membershipsOf(withTwoFactor)).map((m) => m.twoFactorRequired)).toEqual([false]);
    // …and the API refuses that administrator the school's routes meanwhile.
    expect((await as(t.app, admin)('GET', '/api/admin/STHSM/settings')).statusCode).toBe(403);
  });
});
