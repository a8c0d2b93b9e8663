import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/staff/totp.ts';
import { createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { as, createStaff, ORIGIN, PASSWORD, signIn, type Signed, type StaffPerson } from './staff-helpers.ts';

// Whose audit log a sign-in goes to (docs/decisions/0115): the logs of the schools the person
// works for — never the school a request names (its body's `school`, or the default school of
// the host), so a stranger cannot write into a school's log, and no school's log shows another
// school's staff, their e-mail or their address. An unknown e-mail is in no school's log.

let t: TestApp;
let clock = new Date('2025-08-14T05:30:00.000Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const admins: Record<string, Signed> = {};
const SCHOOLS = ['STHSM', 'OTHER', 'THIRD'] as const;

beforeAll(async () => {
  t = await startTestApp({}, () => clock);
  await createSchool(t.db);
  await createSchool(t.db, { code: 'OTHER', name: 'Other School' });
  await createSchool(t.db, { code: 'THIRD', name: 'Third School' });
  for (const school of SCHOOLS) admins[school] = await signIn(t.app, await createStaff(t.db, { school, role: 'admin' }), '10.50.0.1');
});
afterAll(() => t.close());

const signInPost = (email: string, password: string, remoteAddress: string, school?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/session',
    payload: { email, password, ...(school ? { school } : {}) },
    headers: { origin: ORIGIN },
    remoteAddress,
  });

/** What each school's administrators see in their log (GET /api/admin/{code}/audit) mentioning `who` or `address`. */
async function seenBy(who: string, address: string): Promise<Record<string, string[]>> {
  const seen: Record<string, string[]> = {};
  for (const school of SCHOOLS) {
    const res = await as(t.app, admins[school]!)('GET', `/api/admin/${school}/audit?action=session.`);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Array<{ action: string; actor: string | null; target: string | null; ip: string | null }>;
    seen[school] = items
      .filter((e) => e.actor === who || e.target === who || e.ip === address)
      .map((e) => e.action)
      .sort();
  }
  return seen;
}

/** Rows written for `who` that no school's log shows (school_code null). */
async function platformRows(who: string): Promise<string[]> {
  const rows = await t.db.selectFrom('audit_log').select('action').where('school_code', 'is', null).where('target', '=', who).execute();
  return rows.map((r) => r.action).sort();
}

describe(`sign-ins are audited in the person's own schools (${engine})`, () => {
  it('an unknown e-mail: failures and refusals are in no school’s log, whatever school the request names', async () => {
    const stranger = 'nobody-here@example.org';
    for (let i = 0; i < 5; i++) expect((await signInPost(stranger, 'wrong password', '10.51.0.1', 'OTHER')).statusCode).toBe(401);
    // Now locked (5 for the account): refused.
    expect((await signInPost(stranger, 'wrong password', '10.51.0.1')).statusCode).toBe(429);
    expect(await seenBy(stranger, '10.51.0.1')).toEqual({ STHSM: [], OTHER: [], THIRD: [] });
    expect(await platformRows(stranger)).toEqual([...Array(5).fill('session.sign_in_failed'), 'session.sign_in_refused']);
    advance(16 * 60_000);
  });

  it('a staff member of one school signing in on another school’s page: only their own school’s log has it', async () => {
    const person = await createStaff(t.db, { school: 'STHSM', role: 'editor' });
    expect((await signInPost(person.email, 'wrong password', '10.52.0.1', 'OTHER')).statusCode).toBe(401);
    expect((await signInPost(person.email, PASSWORD, '10.52.0.1', 'OTHER')).statusCode).toBe(200);
    expect(await seenBy(person.email, '10.52.0.1')).toEqual({
      STHSM: ['session.sign_in_failed', 'session.signed_in'],
      OTHER: [],
      THIRD: [],
    });
  });

  it('a staff member of two schools, on the default school’s host: both their schools, not the default one', async () => {
    const person = await createStaff(t.db, { school: 'OTHER', role: 'editor' });
    await t.db
      .insertInto('staff_memberships')
      .values({ user_id: person.id, school_code: 'THIRD', role: 'contributor', created_at: clock.toISOString() })
      .execute();
    expect((await signInPost(person.email, 'wrong password', '10.53.0.1')).statusCode).toBe(401);
    expect((await signInPost(person.email, PASSWORD, '10.53.0.1')).statusCode).toBe(200);
    const both = ['session.sign_in_failed', 'session.signed_in'];
    expect(await seenBy(person.email, '10.53.0.1')).toEqual({ STHSM: [], OTHER: both, THIRD: both });
  });

  it('a locked account’s refusals and a two-factor step: only the person’s school', async () => {
    const person: StaffPerson = await createStaff(t.db, { school: 'THIRD', role: 'editor', twoFactor: true });
    const challenge = async () => (await signInPost(person.email, PASSWORD, '10.54.0.1', 'STHSM')).json().challenge as string;
    const code = (c: string, value: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/session/two-factor',
        payload: { challenge: c, code: value, school: 'OTHER' },
        headers: { origin: ORIGIN },
        remoteAddress: '10.54.0.1',
      });
    expect((await code(await challenge(), '000000')).statusCode).toBe(401);
    expect((await code(await challenge(), await totpCode(person.totpSecret!, clock))).statusCode).toBe(200);
    advance(1000); // (failures at the very time of a success do not count after it)
    for (let i = 0; i < 5; i++) await signInPost(person.email, `wrong ${i} password`, '10.54.0.1', 'OTHER');
    expect((await signInPost(person.email, PASSWORD, '10.54.0.1', 'OTHER')).statusCode).toBe(429);
    const seen = await seenBy(person.email, '10.54.0.1');
    expect(seen.STHSM).toEqual([]);
    expect(seen.OTHER).toEqual([]);
    expect(seen.THIRD).toEqual(
      ['session.sign_in_failed', 'session.signed_in', ...Array(5).fill('session.sign_in_failed'), 'session.sign_in_refused'].sort(),
    );
    advance(16 * 60_000);
  });

  it('an operator (no school of their own) signs in without writing into any school’s log', async () => {
    const operator = await createStaff(t.db, { operator: true });
    expect((await signInPost(operator.email, PASSWORD, '10.55.0.1', 'OTHER')).statusCode).toBe(200);
    expect(await seenBy(operator.email, '10.55.0.1')).toEqual({ STHSM: [], OTHER: [], THIRD: [] });
    expect(await platformRows(operator.email)).toEqual(['session.signed_in']);
  });
});
