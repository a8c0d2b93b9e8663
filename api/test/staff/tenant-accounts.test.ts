import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { insertMembership } from '../../src/repositories/staff-users.ts';
import { createSchool } from '../factories.ts';
import { startTestApp, type TestApp } from '../helpers.ts';
import { as, createStaff, ORIGIN, PASSWORD, signIn, type Signed } from './staff-helpers.ts';

// One school's administrator is a stranger to every other school (docs/security.md): joining a
// school is the person's own act, a link one school made never opens another, and an invitation's
// answer never tells whether the address has an account elsewhere. Runs on both engines.

let t: TestApp;
let adminA: Signed;
let adminB: Signed;

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Other School' });
  adminA = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'admin' }));
  adminB = await signIn(t.app, await createStaff(t.db, { school: 'OTHER', role: 'admin' }));
});
afterAll(() => t.close());

const tokenOf = (link: string) => link.split('/').pop() as string;
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: { origin: ORIGIN } });
const invite = (who: Signed, school: string, email: string, role = 'editor') =>
  as(t.app, who)('POST', `/api/admin/${school}/staff`, { email, role });
const schoolsOf = async (who: Signed) =>
  ((await as(t.app, who)('GET', '/api/admin/me')).json().memberships as Array<{ code: string }>).map((m) => m.code).sort();
/** What an invitation's answer tells its sender: status, fields and which of them are set. */
const shapeOf = (res: LightMyRequestResponse) => {
  const body = res.json() as Record<string, unknown>;
  return {
    status: res.statusCode,
    fields: Object.keys(body).sort(),
    set: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === null ? null : typeof v])),
  };
};

describe('joining a school is the person’s own act', () => {
  it('an account one school’s admin claimed ahead of time never gets another school’s role', async () => {
    const first = await invite(adminA, 'STHSM', 'teacher@schoolb.example', 'contributor');
    // School A's admin chooses the password of the address they invited.
    const claimed = await post('/api/admin/set-password', { token: tokenOf(first.json().link), password: 'chosen by school a admin' });
    expect(claimed.statusCode).toBe(200);
    // Later school B, whose teacher it is, invites the same address.
    const second = await invite(adminB, 'OTHER', 'teacher@schoolb.example', 'admin');
    expect(second.statusCode).toBe(201);
    const attacker = await signIn(t.app, { email: 'teacher@schoolb.example', password: 'chosen by school a admin' });
    expect(await schoolsOf(attacker)).toEqual(['STHSM']);
    expect((await as(t.app, attacker)('GET', '/api/admin/OTHER/staff')).statusCode).toBe(403);
  });

  it('a link one school issued never grants another school’s membership', async () => {
    const fromA = await invite(adminA, 'STHSM', 'shared@example.org', 'contributor');
    await invite(adminB, 'OTHER', 'shared@example.org', 'admin');
    const used = await post('/api/admin/set-password', { token: tokenOf(fromA.json().link), password: 'a long new password' });
    expect(used.statusCode).toBe(200);
    const person = await signIn(t.app, { email: 'shared@example.org', password: 'a long new password' });
    expect(await schoolsOf(person)).toEqual(['STHSM']);
  });

  it('answers an invitation the same whether or not the address has an account elsewhere', async () => {
    const elsewhere = await createStaff(t.db, { school: 'OTHER', role: 'editor' });
    const known = await invite(adminA, 'STHSM', elsewhere.email);
    const unknown = await invite(adminA, 'STHSM', 'nobody-yet@example.org');
    expect(shapeOf(known)).toEqual(shapeOf(unknown));
    expect(known.json().link).toMatch(/\/admin\/set-password\/[A-Za-z0-9_-]{43}$/);
    // Nothing was granted: the person still works for the other school only.
    expect(await schoolsOf(await signIn(t.app, elsewhere))).toEqual(['OTHER']);
  });

  it('someone with an account joins by signing in and accepting the link; nobody else can', async () => {
    const person = await createStaff(t.db, { school: 'OTHER', role: 'editor' });
    const token = tokenOf((await invite(adminA, 'STHSM', person.email, 'contributor')).json().link);
    // Holding the link is not enough to choose the password of an existing account.
    const takeover = await post('/api/admin/set-password', { token, password: 'taken over by the link' });
    expect(takeover.statusCode).toBe(409);
    expect(takeover.json().error).toMatch(/Sign in/);
    const stranger = await signIn(t.app, await createStaff(t.db, { school: 'OTHER', role: 'admin' }));
    const wrong = await as(t.app, stranger)('POST', '/api/admin/invitations/accept', { token });
    expect(wrong.statusCode).toBe(403);
    expect(await schoolsOf(stranger)).toEqual(['OTHER']);

    const self = await signIn(t.app, person);
    const accepted = await as(t.app, self)('POST', '/api/admin/invitations/accept', { token });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ school: { code: 'STHSM' }, role: 'contributor' });
    expect(await schoolsOf(self)).toEqual(['OTHER', 'STHSM']);
    expect((await as(t.app, self)('POST', '/api/admin/invitations/accept', { token })).statusCode).toBe(404);
  });

  it('an invitation withdrawn, or a person removed, leaves their link dead', async () => {
    const sent = await invite(adminA, 'STHSM', 'removed.soon@example.org');
    const list = (await as(t.app, adminA)('GET', '/api/admin/STHSM/staff')).json().members as Array<{ id: string; email: string }>;
    const pending = list.find((m) => m.email === 'removed.soon@example.org');
    expect((await as(t.app, adminA)('DELETE', `/api/admin/STHSM/staff/${pending?.id}`)).statusCode).toBe(200);
    const token = tokenOf(sent.json().link);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/links/${token}` })).statusCode).toBe(404);
    expect((await post('/api/admin/set-password', { token, password: 'too late a password' })).statusCode).toBe(404);

    // A reset link an admin was shown stops working when that person leaves the school.
    const member = await createStaff(t.db, { school: 'STHSM', role: 'editor' });
    const reset = await as(t.app, adminA)('POST', `/api/admin/STHSM/staff/${member.id}/reset-link`);
    expect(reset.json().link).toMatch(/set-password/);
    expect((await as(t.app, adminA)('DELETE', `/api/admin/STHSM/staff/${member.id}`)).statusCode).toBe(200);
    expect(
      (await post('/api/admin/set-password', { token: tokenOf(reset.json().link), password: 'password after leaving' })).statusCode,
    ).toBe(404);
    expect((await signIn(t.app, member)).cookie).toMatch(/staff_session=/);
  });
});

describe('power over someone who also works elsewhere', () => {
  let both: { id: string; email: string; password: string };
  let session: Signed;

  beforeAll(async () => {
    both = await createStaff(t.db, { school: 'OTHER', role: 'admin' });
    await insertMembership(t.db, { userId: both.id, schoolCode: 'STHSM', role: 'editor', at: '2025-08-01T00:00:00.000Z' });
    session = await signIn(t.app, both);
  });

  it('one school cannot end the sessions another school relies on', async () => {
    const ended = await as(t.app, adminA)('DELETE', `/api/admin/STHSM/staff/${both.id}/sessions`);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().error).toMatch(/another school/);
    expect((await as(t.app, session)('GET', '/api/admin/OTHER')).statusCode).toBe(200);
    // Someone who works only here can still be signed out by the school's administrator.
    const local = await createStaff(t.db, { school: 'STHSM', role: 'editor' });
    const localSession = await signIn(t.app, local);
    expect((await as(t.app, adminA)('DELETE', `/api/admin/STHSM/staff/${local.id}/sessions`)).json()).toEqual({ ended: 1 });
    expect((await as(t.app, localSession)('GET', '/api/admin/me')).statusCode).toBe(401);
  });

  it('a school sees when someone last worked there, never their activity elsewhere', async () => {
    await as(t.app, session)('GET', '/api/admin/OTHER');
    const seenHere = async () =>
      ((await as(t.app, adminA)('GET', '/api/admin/STHSM/staff')).json().members as Array<{ id: string; lastSeenAt: string | null }>).find(
        (m) => m.id === both.id,
      )?.lastSeenAt;
    expect(await seenHere()).toBeNull();
    await as(t.app, session)('GET', '/api/admin/STHSM');
    expect(await seenHere()).toEqual(expect.any(String));
  });
});

describe('invitations and links keep working for the school that sent them', () => {
  it('a new person invited by link chooses a password and is signed in to that school only', async () => {
    const link = (await invite(adminB, 'OTHER', 'fresh.start@example.org', 'editor')).json().link as string;
    const info = await t.app.inject({ method: 'GET', url: `/api/admin/links/${tokenOf(link)}` });
    expect(info.json()).toMatchObject({ purpose: 'invite', email: 'fresh.start@example.org', school: { code: 'OTHER' } });
    const res = await post('/api/admin/set-password', { token: tokenOf(link), password: PASSWORD, name: 'Fresh Start' });
    expect(res.json()).toMatchObject({ signedIn: true, user: { email: 'fresh.start@example.org', name: 'Fresh Start' } });
    const person = await signIn(t.app, { email: 'fresh.start@example.org', password: PASSWORD });
    expect(await schoolsOf(person)).toEqual(['OTHER']);
  });
});
