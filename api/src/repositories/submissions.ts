import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../db/index.ts';
import type { AlumniSubmissionsTable, Database } from '../db/schema.ts';
import { DEFAULT_RETENTION_MONTHS } from '@sthsm/contract/submissions';
import { everyTermIn } from '../search/repository.ts';
import { termsOf } from '../search/text.ts';

// The alumni submissions inbox (admins only): search, filters, pages, handled marks, the person
// lookup and the retention cut-off. Erasing goes through api/src/backup/erasures.ts.

export type SubmissionRow = AlumniSubmissionsTable;
export type HandledFilter = 'all' | 'handled' | 'unhandled';

export interface SubmissionFilter {
  schoolCode: string;
  /** Words found in the name, e-mail, phone, location or ward's name (case-insensitive). */
  q?: string;
  status?: HandledFilter;
}

/** The columns a search looks in. */
const SEARCHED = ['name', 'email', 'phone', 'location', 'father_name'] as const;

const likeText = (text: string) => `%${text.toLowerCase().replace(/[%_\\]/g, '')}%`;

function filtered(db: Db, f: SubmissionFilter) {
  let query = db.selectFrom('alumni_submissions').where('school_code', '=', f.schoolCode);
  // The site's search rule (search/text.ts): every word, cut the same way in any script.
  if (f.q) query = query.where(everyTermIn(SEARCHED, termsOf(f.q)));
  if (f.status === 'handled') query = query.where('handled_at', 'is not', null);
  if (f.status === 'unhandled') query = query.where('handled_at', 'is', null);
  return query;
}

export async function countSubmissions(db: Db, f: SubmissionFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listSubmissions(db: Db, f: SubmissionFilter, page: { limit: number; offset: number }): Promise<SubmissionRow[]> {
  return filtered(db, f).selectAll().orderBy('created_at', 'desc').orderBy('_id', 'desc').limit(page.limit).offset(page.offset).execute();
}

/** Every matching row, newest first, in batches (the CSV export streams them). */
export async function* eachSubmission(db: Db, f: SubmissionFilter, batch = 500): AsyncGenerator<SubmissionRow> {
  for (let offset = 0; ; offset += batch) {
    const rows = await listSubmissions(db, f, { limit: batch, offset });
    yield* rows;
    if (rows.length < batch) return;
  }
}

export async function findSubmission(db: Db, schoolCode: string, id: string): Promise<SubmissionRow | undefined> {
  return db.selectFrom('alumni_submissions').selectAll().where('school_code', '=', schoolCode).where('_id', '=', id).executeTakeFirst();
}

/** Marks one handled (at `at`) or unhandled (null); answers false when the school has no such submission. */
export async function setHandled(db: Db, schoolCode: string, id: string, at: string | null): Promise<boolean> {
  const result = await db
    .updateTable('alumni_submissions')
    .set({ handled_at: at })
    .where('school_code', '=', schoolCode)
    .where('_id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Of these ids, the ones that are this school's submissions (an erasure never reaches another school). */
export async function ownSubmissionIds(db: Db, schoolCode: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('alumni_submissions')
    .select('_id')
    .where('school_code', '=', schoolCode)
    .where('_id', 'in', [...ids])
    .execute();
  return rows.map((r) => r._id);
}

// --- A person's request: everything about one e-mail address or phone number ---------------

export type PersonKey = { email: string } | { phone: string };

/** The digits a phone search compares: the last ten (an Indian mobile without +91 or 0), or all of them. */
export function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length > 10 ? digits.slice(-10) : digits;
}

/** The stored phone without spaces, dashes, dots, brackets or plus: comparable by digits. */
function digitsOf(eb: ExpressionBuilder<Database, 'alumni_submissions'>) {
  let expr = sql<string>`${eb.ref('phone')}`;
  for (const c of [' ', '-', '+', '.', '(', ')']) expr = sql<string>`replace(${expr}, ${c}, '')`;
  return expr;
}

function personQuery(db: Db, schoolCode: string, key: PersonKey) {
  const query = db.selectFrom('alumni_submissions').where('school_code', '=', schoolCode);
  if ('email' in key) return query.where((eb) => eb(eb.fn('lower', [eb.ref('email')]), '=', key.email.trim().toLowerCase()));
  const digits = phoneDigits(key.phone);
  return query.where((eb) => eb(digitsOf(eb), 'like', `%${digits}`));
}

export async function submissionsOfPerson(db: Db, schoolCode: string, key: PersonKey): Promise<SubmissionRow[]> {
  return personQuery(db, schoolCode, key).selectAll().orderBy('created_at', 'desc').orderBy('_id', 'desc').limit(1000).execute();
}

/** Audit entries of the school that name the e-mail address (who did it, what to, or in a change) or the phone number. */
export async function auditOfPerson(db: Db, schoolCode: string, key: PersonKey) {
  const needle = 'email' in key ? key.email.trim().toLowerCase() : key.phone.trim();
  const pattern = likeText(needle);
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('school_code', '=', schoolCode)
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', [eb.fn.coalesce('actor_email', sql.lit(''))]), '=', needle),
        eb(eb.fn('lower', [eb.fn.coalesce('target', sql.lit(''))]), 'like', pattern),
        eb(eb.fn('lower', [eb.fn.coalesce('before', sql.lit(''))]), 'like', pattern),
        eb(eb.fn('lower', [eb.fn.coalesce('after', sql.lit(''))]), 'like', pattern),
      ]),
    )
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1000)
    .execute();
}

// --- Retention ------------------------------------------------------------------------------

export { DEFAULT_RETENTION_MONTHS, MAX_RETENTION_MONTHS, MIN_RETENTION_MONTHS } from '@sthsm/contract/submissions';

export async function retentionMonthsOf(db: Db, schoolCode: string): Promise<number> {
  const row = await db.selectFrom('school_privacy').select('retention_months').where('school_code', '=', schoolCode).executeTakeFirst();
  return row ? Number(row.retention_months) : DEFAULT_RETENTION_MONTHS;
}

export async function setRetentionMonths(db: Db, schoolCode: string, months: number, at: string): Promise<void> {
  await db
    .insertInto('school_privacy')
    .values({ school_code: schoolCode, retention_months: months, updated_at: at })
    .onConflict((oc) => oc.column('school_code').doUpdateSet({ retention_months: months, updated_at: at }))
    .execute();
}

/** The instant `months` calendar months before `now` (UTC; the 31st falls back to the month's last day). */
export function monthsBefore(now: Date, months: number): Date {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      y,
      m,
      Math.min(now.getUTCDate(), lastDay),
      now.getUTCHours(),
      now.getUTCMinutes(),
      now.getUTCSeconds(),
      now.getUTCMilliseconds(),
    ),
  );
}

/** The ids of a school's submissions received before `cutoff` (ISO), oldest first. */
export async function submissionIdsBefore(db: Db, schoolCode: string, cutoff: string, limit = 5000): Promise<string[]> {
  const rows = await db
    .selectFrom('alumni_submissions')
    .select('_id')
    .where('school_code', '=', schoolCode)
    .where('created_at', '<', cutoff)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r._id);
}

/** Every school that has submissions (the retention job walks them). */
export async function schoolsWithSubmissions(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('alumni_submissions').select('school_code').distinct().orderBy('school_code').execute();
  return rows.map((r) => r.school_code);
}
