import type { Db } from '../db/index.ts';
import { monthsBefore } from '../repositories/submissions.ts';
import { recordAudit } from '../staff/audit.ts';

// The access log (issue 37; docs/decisions/0152): who opened, listed, looked up or exported
// personal data is an entry of the audit log (counts and random ids only, decision 0110), kept for
// a year (DPDP Rules 2025, r.6(1)(e)) and then deleted by the hourly retention run, which one
// server claims (decision 0111). Every other audit entry (changes, erasures, sign-ins) stays.

/** How long an access entry is kept, in calendar months. */
export const ACCESS_LOG_MONTHS = 12;

/** The audit actions that record a read of personal data: only these are ever deleted. */
export const ACCESS_ACTIONS = [
  'submissions.listed',
  'submissions.opened',
  'submissions.exported',
  'person.looked_up',
  'person.exported',
  'children.listed',
  'children.opened',
  'requests.listed',
  'requests.opened',
  'requests.exported',
] as const;

/** The audit entry recording that a school's old access entries were deleted (a count only). */
export const ACCESS_EXPIRED_ACTION = 'access_log.expired';

/**
 * Deletes every access entry older than `ACCESS_LOG_MONTHS` before `at`, school by school, each
 * school's deletion and its one audit entry (the count) in one transaction. Running it again
 * deletes nothing more and records nothing more.
 */
export async function expireAccessLog(db: Db, at: Date): Promise<Array<{ school: string; count: number }>> {
  const cutoff = monthsBefore(at, ACCESS_LOG_MONTHS).toISOString();
  const old = (qb: Db) => qb.selectFrom('audit_log').where('action', 'in', ACCESS_ACTIONS).where('at', '<', cutoff);
  const schools = await old(db).select('school_code').where('school_code', 'is not', null).groupBy('school_code').execute();
  const expired: Array<{ school: string; count: number }> = [];
  for (const { school_code: school } of schools) {
    if (school === null) continue;
    const count = await db.transaction().execute(async (trx) => {
      const result = await (trx as Db)
        .deleteFrom('audit_log')
        .where('school_code', '=', school)
        .where('action', 'in', ACCESS_ACTIONS)
        .where('at', '<', cutoff)
        .executeTakeFirst();
      const deleted = Number(result.numDeletedRows);
      if (deleted > 0) {
        await recordAudit(trx as Db, {
          action: ACCESS_EXPIRED_ACTION,
          school,
          target: `${deleted} ${deleted === 1 ? 'entry' : 'entries'}`,
          after: { count: deleted, olderThan: cutoff },
          at,
        });
      }
      return deleted;
    });
    if (count > 0) expired.push({ school, count });
  }
  return expired;
}
