import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_FAILED } from '@sthsm/contract/staff';
import { createSchool } from '../factories.ts';
import { startTestApp, type TestApp } from '../helpers.ts';
import { as, auditActions, createStaff, ORIGIN, PASSWORD, sessionCookieOf, signIn } from './staff-helpers.ts';

// STAFF.md "Getting in": the exact messages, no user enumeration, lockout per account (5) and per
// address (20) for 15 minutes with 429 + Retry-After, sign-out ending the session — and every
// password kept out of answers and log lines. The clock is pinned and moved by hand.

let t: TestApp;
let clock = new Date('2025-08-14T05:30:00.000Z');
const logLines: string[] = [];
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const MINUTE = 60_000;

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'trace' }, () => clock, {
    logStream: {
      write: (line) => {
        logLines.push(line);
      },
    },
  });
  await createSchool(t.db);
});
afterAll(() => t.close());

const post = (email: string, password: string, remoteAddress = '10.1.0.1', school?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/session',
    payload: { email, password, ...(school ? { school } : {}) },
    headers: { origin: ORIGIN },
    remoteAddress,
  });

/** A failed sign-in's answer and its quickest of three tries (one try alone swings with the machine's load). */
async function timed(email: string) {
  let fastest = Infinity;
  let res = await post(email, 'wrong password 1', '10.1.0.2');
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    res = await post(email, `wrong password ${i + 2}`, '10.1.0.2');
    fastest = Math.min(fastest, performance.now() - started);
  }
  return { res, ms: fastest };
}

describe('POST /api/admin/session', () => {
  it('signs in with the right password: 200, an HttpOnly SameSite=Lax Path=/ cookie, no password in the answer', async () => {
    const person = await createStaff(t.db, { role: 'editor' });
    const res = await post(person.email.toUpperCase(), PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ signedIn: true, user: { email: person.email, twoFactorEnabled: false } });
    const cookie = [res.headers['set-cookie']].flat().join('\n');
    expect(cookie).toMatch(/^staff_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toContain(PASSWORD);
  });

  it('answers the same 401 message for an unknown e-mail and a wrong password, in similar time', async () => {
    const person = await createStaff(t.db);
    const wrong = await timed(person.email);
    const unknown = await timed('nobody@example.org');
    expect(wrong.res.statusCode).toBe(401);
    expect(unknown.res.statusCode).toBe(401);
    expect(wrong.res.json()).toEqual({ error: SIGN_IN_FAILED });
    expect(unknown.res.json()).toEqual({ error: SIGN_IN_FAILED });
    // Both spend one scrypt check (tens of ms); neither answers in a fraction of the other's time.
    expect(unknown.ms).toBeGreaterThan(wrong.ms / 3);
    expect(wrong.ms).toBeGreaterThan(unknown.ms / 3);
  });

  it('refuses a sign-in from a foreign Origin (login CSRF) with 403', async () => {
    const person = await createStaff(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: person.email, password: PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('locks an account after 5 failures within 15 minutes: 429, Retry-After, a message saying when; open again after 15 minutes', async () => {
    const person = await createStaff(t.db);
    for (let i = 0; i < 5; i++) {
      // From different addresses: the account's own count locks it.
      expect((await post(person.email, `wrong-${i}-password`, `10.2.0.${i + 1}`)).statusCode).toBe(401);
      advance(MINUTE);
    }
    const locked = await post(person.email, PASSWORD, '10.2.0.50');
    expect(locked.statusCode).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBe(14 * 60);
    expect(locked.json()).toEqual({ error: 'Too many failed sign-in attempts. Try again in 14 minutes.' });
    advance(14 * MINUTE - 1000);
    expect((await post(person.email, PASSWORD, '10.2.0.51')).statusCode).toBe(429);
    advance(1000);
    expect((await post(person.email, PASSWORD, '10.2.0.52')).statusCode).toBe(200);
    const actions = await auditActions(t.db, 'STHSM');
    expect(actions).toContain('session.sign_in_failed');
    expect(actions).toContain('session.sign_in_refused');
  });

  it('4 failures then a success start the count again', async () => {
    const person = await createStaff(t.db);
    for (let i = 0; i < 4; i++) {
      await post(person.email, `wrong-${i}-password`, '10.3.0.1');
      advance(1000);
    }
    expect((await post(person.email, PASSWORD, '10.3.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      advance(1000);
      expect((await post(person.email, `again-${i}-password`, '10.3.0.1')).statusCode).toBe(401);
    }
    advance(1000);
    expect((await post(person.email, PASSWORD, '10.3.0.1')).statusCode).toBe(200);
  });

  it('locks an address after 20 failures (any accounts) within 15 minutes', async () => {
    const ip = '10.4.0.1';
    for (let i = 0; i < 20; i++) expect((await post(`guess${i}@example.org`, 'wrong password', ip)).statusCode).toBe(401);
    const someone = await createStaff(t.db);
    const locked = await post(someone.email, PASSWORD, ip);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await post(someone.email, PASSWORD, '10.4.0.2')).statusCode).toBe(200);
    advance(15 * MINUTE);
  });

  it('rejects a malformed body with 400 and a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: 'not an address', password: '' },
      headers: { origin: ORIGIN },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/email/i);
  });
});

describe('DELETE /api/admin/session (sign out)', () => {
  it('ends the session on the server: the old cookie is refused afterwards, and the audit log says so', async () => {
    const person = await createStaff(t.db);
    const who = await signIn(t.app, person);
    expect((await as(t.app, who)('GET', '/api/admin/me')).statusCode).toBe(200);
    const out = await as(t.app, who)('DELETE', '/api/admin/session?school=STHSM');
    expect(out.statusCode).toBe(200);
    expect([out.headers['set-cookie']].flat().join()).toMatch(/staff_session=;/);
    const after = await as(t.app, who)('GET', '/api/admin/me');
    expect(after.statusCode).toBe(401);
    expect(await auditActions(t.db, 'STHSM')).toContain('session.signed_out');
  });

  it('needs the CSRF token (403, still signed in)', async () => {
    const person = await createStaff(t.db);
    const who = await signIn(t.app, person);
    const res = await as(t.app, { cookie: who.cookie, csrf: 'x'.repeat(43) })('DELETE', '/api/admin/session');
    expect(res.statusCode).toBe(403);
    expect((await as(t.app, who)('GET', '/api/admin/me')).statusCode).toBe(200);
  });
});

describe('passwords are never logged or returned', () => {
  it('no log line and no answer holds a password that was sent', async () => {
    const person = await createStaff(t.db, { password: 'log-canary-password-1' });
    const responses = [
      await post(person.email, 'log-canary-password-1'),
      await post(person.email, 'log-canary-wrong-pass'),
      await post('nobody@example.org', 'log-canary-unknown-1'),
    ];
    const cookie = sessionCookieOf(responses[0]!);
    responses.push(await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } }));
    const everything = [...logLines, ...responses.map((r) => r.body + JSON.stringify(r.headers))].join('\n');
    expect(logLines.length).toBeGreaterThan(5);
    expect(everything).not.toMatch(/log-canary/);
    expect(everything).not.toMatch(/\$scrypt|password_hash/);
  });
});
