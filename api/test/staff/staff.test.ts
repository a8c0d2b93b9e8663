import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMembership } from '../../src/repositories/staff-users.ts';
import { createSchool } from '../factories.ts';
import { startTestApp, type TestApp } from '../helpers.ts';
import { as, countRows, createStaff, signIn, type Signed } from './staff-helpers.ts';

// Staff management by a school's administrators: invitations, roles, removal, and the rule that
// a school always keeps one administrator.

let t: TestApp;
let admin: Signed;
let adminId = '';

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db);
  await createSchool(t.db, { code: 'OTHER', name: 'Other School' });
  const person = await createStaff(t.db, { role: 'admin' });
  adminId = person.id;
  admin = await signIn(t.app, person);
});
afterAll(() => t.close());

describe('staff management', () => {
  it('invites by e-mail with a role; a second invitation of the same person is a 409', async () => {
    const res = await as(t.app, admin)('POST', '/api/admin/STHSM/staff', { email: 'New.Teacher@Example.org', role: 'contributor' });
    expect(res.statusCode).toBe(201);
    // Without e-mail the link is shown to pass on; it is on the school's configured origin, never the request's.
    expect(res.json()).toMatchObject({ emailed: false, link: expect.stringMatching(/^http:\/\/localhost:3000\/admin\/set-password\//) });
    const again = await as(t.app, admin)('POST', '/api/admin/STHSM/staff', { email: 'new.teacher@example.org', role: 'editor' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/already invited/);
    const bad = await as(t.app, admin)('POST', '/api/admin/STHSM/staff', { email: 'x@example.org', role: 'principal' });
    expect(bad.statusCode).toBe(400);
  });

  it('lists an invitation until it is accepted; its role can change and it can be withdrawn', async () => {
    const sent = await as(t.app, admin)('POST', '/api/admin/STHSM/staff', { email: 'pending.role@example.org', role: 'contributor' });
    const listed = async () =>
      ((await as(t.app, admin)('GET', '/api/admin/STHSM/staff')).json().members as Array<Record<string, unknown>>).find(
        (m) => m.email === 'pending.role@example.org',
      );
    expect(await listed()).toMatchObject({
      id: sent.json().id,
      status: 'invited',
      role: 'contributor',
      invitationExpiresAt: expect.any(String),
    });
    expect((await as(t.app, admin)('PATCH', `/api/admin/STHSM/staff/${sent.json().id}`, { role: 'editor' })).json()).toEqual({
      role: 'editor',
    });
    expect((await as(t.app, admin)('DELETE', `/api/admin/STHSM/staff/${sent.json().id}/sessions`)).statusCode).toBe(409);
    // A new link replaces the first one.
    const renewed = await as(t.app, admin)('POST', `/api/admin/STHSM/staff/${sent.json().id}/reset-link`);
    expect(renewed.json().link).toMatch(/set-password/);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/links/${String(sent.json().link).split('/').pop()}` })).statusCode).toBe(
      404,
    );
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/admin/set-password',
      payload: { token: String(renewed.json().link).split('/').pop(), password: 'pending role password' },
      headers: { origin: 'http://localhost:80' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(await listed()).toMatchObject({ status: 'active', role: 'editor', invitationExpiresAt: null });
  });

  it('never shows an admin the link of someone who also works for another school (no cross-school takeover)', async () => {
    // Invited by two schools: each school's link stays its own.
    const other = await signIn(t.app, await createStaff(t.db, { school: 'OTHER', role: 'admin' }));
    const pending = (await as(t.app, other)('POST', '/api/admin/OTHER/staff', { email: 'pending@example.org', role: 'admin' })).json();
    const added = await as(t.app, admin)('POST', '/api/admin/STHSM/staff', { email: 'pending@example.org', role: 'editor' });
    expect(added.json().link).not.toBe(pending.link);
    const still = await t.app.inject({ method: 'GET', url: `/api/admin/links/${String(pending.link).split('/').pop()}` });
    expect(still.json()).toMatchObject({ purpose: 'invite', school: { code: 'OTHER' } });
    // A reset link for a person with another school: not shown, and without e-mail not made at all.
    const elsewhere = await createStaff(t.db, { school: 'OTHER', role: 'admin' });
    await insertMembership(t.db, { userId: elsewhere.id, schoolCode: 'STHSM', role: 'contributor', at: '2025-08-01T00:00:00.000Z' });
    const tokensBefore = await countRows(t.db, 'staff_tokens');
    const refused = await as(t.app, admin)('POST', `/api/admin/STHSM/staff/${elsewhere.id}/reset-link`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/another school/);
    expect(await countRows(t.db, 'staff_tokens')).toBe(tokensBefore);
    // Someone only here: the link is shown.
    const local = await createStaff(t.db, { role: 'editor' });
    expect((await as(t.app, admin)('POST', `/api/admin/STHSM/staff/${local.id}/reset-link`)).json().link).toMatch(/set-password/);
  });

  it('changes a role and removes a member; the audit log keeps before and after', async () => {
    const person = await createStaff(t.db, { role: 'contributor' });
    const changed = await as(t.app, admin)('PATCH', `/api/admin/STHSM/staff/${person.id}`, { role: 'editor' });
    expect(changed.json()).toEqual({ role: 'editor' });
    const row = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'staff.role_changed')
      .where('target', '=', person.email)
      .executeTakeFirstOrThrow();
    expect([row.before, row.after, row.target]).toEqual(['{"role":"contributor"}', '{"role":"editor"}', person.email]);
    expect((await as(t.app, admin)('DELETE', `/api/admin/STHSM/staff/${person.id}`)).statusCode).toBe(200);
    expect((await as(t.app, admin)('PATCH', `/api/admin/STHSM/staff/${person.id}`, { role: 'admin' })).statusCode).toBe(404);
  });

  it('never leaves a school without an administrator', async () => {
    const demote = await as(t.app, admin)('PATCH', `/api/admin/STHSM/staff/${adminId}`, { role: 'editor' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error).toMatch(/at least one administrator/);
    expect((await as(t.app, admin)('DELETE', `/api/admin/STHSM/staff/${adminId}`)).statusCode).toBe(409);
  });

  it('lists members with status, two-factor and last activity, never a password or hash', async () => {
    const res = await as(t.app, admin)('GET', '/api/admin/STHSM/staff');
    const members = res.json().members as Array<Record<string, unknown>>;
    expect(members.find((m) => m.id === adminId)).toMatchObject({
      role: 'admin',
      status: 'active',
      twoFactorEnabled: false,
      lastSeenAt: expect.any(String),
    });
    expect(res.body).not.toMatch(/password|scrypt|hash/i);
  });
});
