import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool } from '../factories.ts';
import { startTestApp, type TestApp } from '../helpers.ts';
import { as, auditActions, createStaff, ORIGIN, PASSWORD, signIn } from './staff-helpers.ts';

// STAFF.md "Sessions and requests": idle expiry 12 hours, absolute 7 days (the clock is pinned
// and moved), revocation by an administrator, and the cookie's flags over HTTPS.

let t: TestApp;
let clock = new Date('2025-08-14T05:30:00.000Z');
const HOUR = 3_600_000;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeAll(async () => {
  t = await startTestApp({}, () => clock);
  await createSchool(t.db);
});
afterAll(() => t.close());

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } });

describe('session expiry', () => {
  it('ends after 12 hours without a request', async () => {
    const who = await signIn(t.app, await createStaff(t.db));
    advance(11 * HOUR);
    expect((await me(who.cookie)).statusCode).toBe(200);
    // The request above counts as activity: 12 hours from it, not from sign-in.
    advance(12 * HOUR - 1000);
    expect((await me(who.cookie)).statusCode).toBe(200);
    advance(12 * HOUR);
    expect((await me(who.cookie)).statusCode).toBe(401);
  });

  it('ends 7 days after sign-in however active', async () => {
    const who = await signIn(t.app, await createStaff(t.db));
    for (let h = 0; h < 7 * 24 - 6; h += 6) {
      advance(6 * HOUR);
      expect((await me(who.cookie)).statusCode, `after ${h + 6} hours`).toBe(200);
    }
    advance(6 * HOUR);
    const res = await me(who.cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatch(/Sign in/);
  });

  it('tells the site when the session will end', async () => {
    const who = await signIn(t.app, await createStaff(t.db));
    const body = (await me(who.cookie)).json();
    expect(Date.parse(body.session.expiresAt) - clock.getTime()).toBe(12 * HOUR);
  });
});

describe('DELETE /api/admin/{code}/staff/{userId}/sessions', () => {
  it('signs a staff member out everywhere; the audit log records who did it', async () => {
    const admin = await signIn(t.app, await createStaff(t.db, { role: 'admin' }));
    const person = await createStaff(t.db, { role: 'editor' });
    const phone = await signIn(t.app, person, '10.7.0.1');
    const laptop = await signIn(t.app, person, '10.7.0.2');
    const res = await as(t.app, admin)('DELETE', `/api/admin/STHSM/staff/${person.id}/sessions`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    expect((await me(phone.cookie)).statusCode).toBe(401);
    expect((await me(laptop.cookie)).statusCode).toBe(401);
    expect((await me(admin.cookie)).statusCode).toBe(200);
    const row = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'session.revoked').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ school_code: 'STHSM', target: person.email, after: '{"sessionsEnded":2}' });
    expect(await auditActions(t.db, 'STHSM')).toContain('session.revoked');
  });

  it('a password change ends the person\u2019s other sessions', async () => {
    const person = await createStaff(t.db, { role: 'editor' });
    const first = await signIn(t.app, person);
    const second = await signIn(t.app, person);
    const res = await as(t.app, first)('POST', '/api/admin/me/password?school=STHSM', {
      currentPassword: PASSWORD,
      newPassword: 'a brand new passphrase',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, otherSessionsEnded: 1 });
    expect((await me(second.cookie)).statusCode).toBe(401);
    expect((await me(first.cookie)).statusCode).toBe(200);
    const weak = await as(t.app, first)('POST', '/api/admin/me/password', {
      currentPassword: 'a brand new passphrase',
      newPassword: 'qwertyuiop',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toMatch(/most common/);
  });
});

describe('the cookie over HTTPS', () => {
  it('is Secure and named __Host- when a trusted proxy says https, and only that name is read', async () => {
    const person = await createStaff(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: person.email, password: PASSWORD },
      headers: { origin: 'https://school.example.org', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'school.example.org' },
    });
    expect(res.statusCode).toBe(200);
    const cookie = [res.headers['set-cookie']].flat().join('\n');
    expect(cookie).toMatch(/^__Host-staff_session=[^;]+; Max-Age=604800; Path=\/; HttpOnly; Secure; SameSite=Lax$/m);
    const value = cookie.split(';')[0]!.split('=')[1]!;
    const https = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'school.example.org' };
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { ...https, cookie: `__Host-staff_session=${value}` } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { ...https, cookie: `staff_session=${value}` } })).statusCode,
    ).toBe(401);
  });

  it('ignores X-Forwarded-Proto from an untrusted client', async () => {
    const person = await createStaff(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: person.email, password: PASSWORD },
      headers: { origin: ORIGIN, 'x-forwarded-proto': 'https' },
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(200);
    expect([res.headers['set-cookie']].flat().join()).toMatch(/^staff_session=/);
  });
});
