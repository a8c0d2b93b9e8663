import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../../src/db/index.ts';
import { hashPassword, newToken, tokenHash } from '../../src/staff/secrets.ts';
import { startTestApp, type TestApp } from '../helpers.ts';
import { as, ORIGIN, signIn } from './staff-helpers.ts';

// Before invitations were their own rows, inviting added the role at once to an account without a
// password. The migration makes those roles invitations: each school's unsent or unused link keeps
// working for that school only, and memberships of people who can sign in stay as they were.

let t: TestApp;
const LIVE_A = newToken();
const LIVE_B = newToken();
const at = '2025-08-14T05:00:00.000Z';
const expires = '2025-08-15T05:00:00.000Z';

async function legacyRows(db: Db): Promise<void> {
  const run = (query: ReturnType<typeof sql>) => query.execute(db);
  for (const [code, name] of [
    ['STHSM', 'St. Thomas Demo School'],
    ['OTHER', 'Other School'],
  ])
    await run(sql`insert into schools (code, name, created_at) values (${code}, ${name}, ${at})`);
  const user = (id: string, email: string, hash: string | null) =>
    run(sql`insert into staff_users (id, email, name, password_hash, is_operator, totp_secret, totp_enabled_at, backup_codes, created_at, updated_at)
            values (${id}, ${email}, ${email.split('@')[0]}, ${hash}, 0, null, null, '[]', ${at}, ${at})`);
  const member = (userId: string, school: string, role: string) =>
    run(sql`insert into staff_memberships (user_id, school_code, role, created_at) values (${userId}, ${school}, ${role}, ${at})`);
  const link = (token: string, userId: string, school: string) =>
    run(sql`insert into staff_tokens (id, purpose, user_id, school_code, created_at, expires_at, used_at)
            values (${tokenHash(token)}, 'invite', ${userId}, ${school}, ${at}, ${expires}, null)`);
  await user('a'.repeat(24), 'active@example.org', await hashPassword('active long password'));
  await member('a'.repeat(24), 'STHSM', 'admin');
  // Invited by both schools under the old rule: a role in each, no password yet, a link from each.
  await user('b'.repeat(24), 'twice@example.org', null);
  await member('b'.repeat(24), 'STHSM', 'editor');
  await member('b'.repeat(24), 'OTHER', 'admin');
  await link(LIVE_A, 'b'.repeat(24), 'STHSM');
  await link(LIVE_B, 'b'.repeat(24), 'OTHER');
}

beforeAll(async () => {
  t = await startTestApp({}, () => new Date('2025-08-14T06:00:00.000Z'), {
    before: { upTo: '2026-12-01-media-children', seed: legacyRows },
  });
});
afterAll(() => t.close());

const schoolsOf = async (cookie: { cookie: string; csrf: string }) =>
  ((await as(t.app, cookie)('GET', '/api/admin/me')).json().memberships as Array<{ code: string; role: string }>).map(
    (m) => `${m.code}:${m.role}`,
  );

describe('invitations sent before the upgrade', () => {
  it('keeps the memberships of people who can sign in', async () => {
    expect(await schoolsOf(await signIn(t.app, { email: 'active@example.org', password: 'active long password' }))).toEqual([
      'STHSM:admin',
    ]);
  });

  it('lists each school’s pending invitation, and each link opens only its own school', async () => {
    const admin = await signIn(t.app, { email: 'active@example.org', password: 'active long password' });
    const members = (await as(t.app, admin)('GET', '/api/admin/STHSM/staff')).json().members as Array<Record<string, unknown>>;
    expect(members.find((m) => m.email === 'twice@example.org')).toMatchObject({ status: 'invited', role: 'editor' });

    const used = await t.app.inject({
      method: 'POST',
      url: '/api/admin/set-password',
      payload: { token: LIVE_A, password: 'twice long password' },
      headers: { origin: ORIGIN },
    });
    expect(used.json()).toMatchObject({ signedIn: true });
    const person = await signIn(t.app, { email: 'twice@example.org', password: 'twice long password' });
    expect(await schoolsOf(person)).toEqual(['STHSM:editor']);
    // The other school's link now asks its owner to sign in and accept.
    const other = await as(t.app, person)('POST', '/api/admin/invitations/accept', { token: LIVE_B });
    expect(other.statusCode).toBe(200);
    expect((await schoolsOf(person)).sort()).toEqual(['OTHER:admin', 'STHSM:editor']);
  });
});
