import type { Db } from '../db/index.ts';
import { newId } from '../repositories/alumni.ts';
import { insertAuditRow } from '../repositories/audit.ts';
import { membershipsOf } from '../repositories/staff-users.ts';

/**
 * One entry of the audit log (docs/decisions/0033). Call `recordAudit` with the transaction that
 * makes the change, so the change and its record commit or fail together.
 */
export interface AuditEntry {
  /** What happened, as `area.verb`: `staff.invited`, `session.signed_in`, `settings.updated`, … */
  action: string;
  /** The school it happened in; null for account-level events outside any school. */
  school: string | null;
  /** Who did it; null for an anonymous or failed sign-in. */
  actor?: { id: string; email: string } | null;
  /** What it was done to, in words an admin can read (an e-mail address, an item's title). */
  target?: string | null;
  /** The client address. */
  ip?: string | null;
  /** For settings-like changes: the values before and after (secrets are dropped). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** When; defaults to now (tests pin it). */
  at?: Date;
}

/** Keys whose values never enter the log, wherever they appear. */
const SECRET_KEY = /pass|token|secret|otp|totp|backup|csrf|cookie/i;

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, v]) => [key, withoutSecrets(v)]),
    );
  }
  return value;
}

const asJson = (value: Record<string, unknown> | null | undefined) => (value ? JSON.stringify(withoutSecrets(value)) : null);

/** Appends one entry to the audit log, inside the caller's transaction (or on `db`). */
export async function recordAudit(trx: Db, entry: AuditEntry): Promise<void> {
  await insertAuditRow(trx, {
    id: newId(),
    at: (entry.at ?? new Date()).toISOString(),
    school_code: entry.school,
    actor_id: entry.actor?.id ?? null,
    actor_email: entry.actor?.email ?? null,
    action: entry.action,
    target: entry.target ?? null,
    ip: entry.ip ?? null,
    before: asJson(entry.before),
    after: asJson(entry.after),
  });
}

/**
 * Records a sign-in event (signed in, failed, refused) in the audit log of every school the person
 * works for, whatever school the request names (docs/decisions/0115): a stranger cannot write into
 * a school's log, and no school's log shows another school's staff or their address. An unknown
 * e-mail (`user` undefined), or an operator without a school, gets one platform-level entry (no
 * school), which no school's administrators see.
 */
export async function recordSignInAudit(trx: Db, user: { id: string } | undefined, entry: Omit<AuditEntry, 'school'>): Promise<void> {
  const schools = user ? (await membershipsOf(trx, user.id)).map((m) => m.school_code) : [];
  for (const school of schools.length > 0 ? schools : [null]) await recordAudit(trx, { ...entry, school });
}
