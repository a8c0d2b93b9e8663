import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../src/db/index.ts';
import { insertMembership, insertUser, updateUser } from '../../src/repositories/staff-users.ts';
import { hashPassword } from '../../src/staff/secrets.ts';
import { newBackupCodes, newTotpSecret } from '../../src/staff/totp.ts';
import { id } from '../factories.ts';

// Staff factories and an HTTP client that behaves like the site's server-side calls:
// same-origin Origin, the session cookie and the CSRF token.

export const ORIGIN = 'http://localhost:80';
export const PASSWORD = 'correct horse battery';

let sequence = 0;

export interface StaffPerson {
  id: string;
  email: string;
  password: string;
  totpSecret?: string;
  backupCodes?: string[];
}

/** A staff member with a password (and optionally two-factor on), in one school with a role, or an operator. */
export async function createStaff(
  db: Db,
  o: { school?: string; role?: string; email?: string; password?: string; operator?: boolean; twoFactor?: boolean } = {},
): Promise<StaffPerson> {
  const email = o.email ?? `staff${++sequence}-${id().slice(0, 6)}@example.org`;
  const password = o.password ?? PASSWORD;
  const userId = id();
  const at = '2025-08-01T00:00:00.000Z';
  await insertUser(db, {
    id: userId,
    email,
    name: `Person ${sequence}`,
    passwordHash: await hashPassword(password),
    isOperator: o.operator,
    at,
  });
  if (!o.operator) await insertMembership(db, { userId, schoolCode: o.school ?? 'STHSM', role: o.role ?? 'admin', at });
  const person: StaffPerson = { id: userId, email, password };
  if (o.twoFactor) {
    const secret = newTotpSecret();
    const { codes, hashes } = newBackupCodes();
    await updateUser(db, userId, { totp_secret: secret, totp_enabled_at: at, backup_codes: JSON.stringify(hashes) }, at);
    person.totpSecret = secret;
    person.backupCodes = codes;
  }
  return person;
}

export interface Signed {
  cookie: string;
  csrf: string;
}

/** The `name=value` of a Set-Cookie for the staff session. */
export function sessionCookieOf(res: LightMyRequestResponse): string {
  const raw = [res.headers['set-cookie'] ?? []].flat().find((c) => /^(__Host-)?staff_session=/.test(c));
  if (!raw) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  return raw.split(';')[0] as string;
}

export async function signIn(
  app: FastifyInstance,
  person: { email: string; password: string },
  remoteAddress = '10.9.0.1',
): Promise<Signed> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/session',
    payload: { email: person.email, password: person.password },
    headers: { origin: ORIGIN },
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = sessionCookieOf(res);
  const me = await app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } });
  return { cookie, csrf: me.json().csrfToken };
}

/** A request as the site's server makes it for a signed-in person. */
export function as(app: FastifyInstance, who: Signed | null) {
  return (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie, 'x-csrf-token': who.csrf } : {}), ...headers },
      remoteAddress: '10.9.0.2',
    });
}

export async function countRows(
  db: Db,
  table: 'audit_log' | 'staff_users' | 'staff_memberships' | 'staff_sessions' | 'staff_tokens',
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function auditActions(db: Db, school?: string): Promise<string[]> {
  let query = db.selectFrom('audit_log').select('action').orderBy('at').orderBy('id');
  if (school) query = query.where('school_code', '=', school);
  return (await query.execute()).map((r) => r.action);
}
