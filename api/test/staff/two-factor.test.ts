import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/staff/totp.ts';
import { createSchool } from '../factories.ts';
import { startTestApp, type TestApp } from '../helpers.ts';
import { as, auditActions, createStaff, ORIGIN, PASSWORD, sessionCookieOf, signIn } from './staff-helpers.ts';

// Optional TOTP two-factor sign-in with single-use backup codes, and an admin's rule that the
// school's administrators must use it. The clock is pinned so codes are known.

let t: TestApp;
const clock = new Date('2025-08-14T05:30:00.000Z');

beforeAll(async () => {
  t = await startTestApp({}, () => clock);
  await createSchool(t.db);
});
afterAll(() => t.close());

const signInStep = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/session', payload: { email, password: PASSWORD }, headers: { origin: ORIGIN } });
const codeStep = (challenge: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/session/two-factor', payload: { challenge, code }, headers: { origin: ORIGIN } });

describe('turning two-factor sign-in on', () => {
  it('setup → a correct code turns it on and answers 10 backup codes once', async () => {
    const person = await createStaff(t.db, { role: 'editor' });
    const who = await signIn(t.app, person);
    const setup = await as(t.app, who)('POST', '/api/admin/me/two-factor/setup?school=STHSM');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json();
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/St\.%20Thomas%20Demo%20School:.+secret=[A-Z2-7]+/);
    expect((await as(t.app, who)('POST', '/api/admin/me/two-factor/enable', { code: '000000' })).statusCode).toBe(400);
    const enabled = await as(t.app, who)('POST', '/api/admin/me/two-factor/enable?school=STHSM', { code: await totpCode(secret, clock) });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().backupCodes).toHaveLength(10);
    expect(await auditActions(t.db, 'STHSM')).toContain('account.two_factor_enabled');
  });
});

describe('signing in with two-factor on', () => {
  it('asks for a code after the password; a right code signs in, a wrong one does not', async () => {
    const person = await createStaff(t.db, { twoFactor: true });
    const first = await signInStep(person.email);
    expect(first.json()).toMatchObject({ signedIn: false, twoFactorRequired: true });
    expect(first.headers['set-cookie']).toBeUndefined();
    const { challenge } = first.json();
    const wrong = await codeStep(challenge, '000000');
    expect(wrong.statusCode).toBe(401);
    const right = await codeStep(challenge, await totpCode(person.totpSecret!, clock));
    expect(right.statusCode).toBe(200);
    expect(sessionCookieOf(right)).toMatch(/^staff_session=/);
    // The challenge is spent.
    expect((await codeStep(challenge, await totpCode(person.totpSecret!, clock))).statusCode).toBe(401);
  });

  it('a backup code works once', async () => {
    const person = await createStaff(t.db, { twoFactor: true });
    const code = person.backupCodes![0]!;
    expect((await codeStep((await signInStep(person.email)).json().challenge, code.toUpperCase())).statusCode).toBe(200);
    expect((await codeStep((await signInStep(person.email)).json().challenge, code)).statusCode).toBe(401);
  });
});

describe('PUT /api/admin/{code}/security', () => {
  it('once required, an administrator without two-factor is refused school pages until they turn it on', async () => {
    const boss = await createStaff(t.db, { role: 'admin', twoFactor: true });
    const challenge = (await signInStep(boss.email)).json().challenge;
    const bossCookie = sessionCookieOf(await codeStep(challenge, await totpCode(boss.totpSecret!, clock)));
    const csrf = (await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: bossCookie } })).json().csrfToken;
    const res = await as(t.app, { cookie: bossCookie, csrf })('PUT', '/api/admin/STHSM/security', { requireAdminTwoFactor: true });
    expect(res.statusCode).toBe(200);
    const plainAdmin = await signIn(t.app, await createStaff(t.db, { role: 'admin' }));
    const refused = await as(t.app, plainAdmin)('GET', '/api/admin/STHSM/staff');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/two-factor/);
    // Editors are not affected; their own account pages still work for the admin.
    const editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
    expect((await as(t.app, editor)('GET', '/api/admin/STHSM')).statusCode).toBe(200);
    expect((await as(t.app, plainAdmin)('POST', '/api/admin/me/two-factor/setup')).statusCode).toBe(200);
    const row = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'settings.security_updated').executeTakeFirstOrThrow();
    expect(JSON.parse(row.before!)).toEqual({ requireAdminTwoFactor: false });
    expect(JSON.parse(row.after!)).toEqual({ requireAdminTwoFactor: true });
    await as(t.app, { cookie: bossCookie, csrf })('PUT', '/api/admin/STHSM/security', { requireAdminTwoFactor: false });
  });
});
