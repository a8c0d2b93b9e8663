import type { Db } from '../db/index.ts';
import { newId } from './alumni.ts';

// Sign-in attempts, kept for the lockout rule of STAFF.md (per account and per address).

export type AttemptOutcome = 'success' | 'failure' | 'refused';

export async function recordAttempt(db: Db, a: { email: string; ip: string; outcome: AttemptOutcome; at: string }): Promise<void> {
  await db
    .insertInto('staff_sign_in_attempts')
    .values({ id: newId(), ...a })
    .execute();
}

/** Failures for an account since `since` and after its last successful sign-in, newest first. */
export async function accountFailures(db: Db, email: string, since: string): Promise<string[]> {
  const lastSuccess = await db
    .selectFrom('staff_sign_in_attempts')
    .select((eb) => eb.fn.max('at').as('at'))
    .where('email', '=', email)
    .where('outcome', '=', 'success')
    .where('at', '>=', since)
    .executeTakeFirst();
  const rows = await db
    .selectFrom('staff_sign_in_attempts')
    .select('at')
    .where('email', '=', email)
    .where('outcome', '=', 'failure')
    .where('at', lastSuccess?.at ? '>' : '>=', lastSuccess?.at ? String(lastSuccess.at) : since)
    .orderBy('at', 'desc')
    .execute();
  return rows.map((r) => r.at);
}

/** Failures from one address since `since`, newest first. */
export async function addressFailures(db: Db, ip: string, since: string): Promise<string[]> {
  const rows = await db
    .selectFrom('staff_sign_in_attempts')
    .select('at')
    .where('ip', '=', ip)
    .where('outcome', '=', 'failure')
    .where('at', '>=', since)
    .orderBy('at', 'desc')
    .execute();
  return rows.map((r) => r.at);
}

/** Forgets attempts older than `before` (they no longer count for anything). */
export async function pruneAttempts(db: Db, before: string): Promise<void> {
  await db.deleteFrom('staff_sign_in_attempts').where('at', '<', before).execute();
}
