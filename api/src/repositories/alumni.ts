import { randomBytes } from 'node:crypto';
import type { AlumniForm } from '@sthsm/contract';
import type { Db } from '../db/index.ts';
import type { AlumniSubmissionsTable } from '../db/schema.ts';
import { nowIso } from './rows.ts';

/** A 24-hex-digit id, the shape the provider's ids have. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

export async function insertAlumniSubmission(db: Db, schoolCode: string, formType: string, form: AlumniForm): Promise<string> {
  const _id = newId();
  await db
    .insertInto('alumni_submissions')
    .values({
      _id,
      school_code: schoolCode,
      form_type: formType,
      created_at: nowIso(),
      from_year: form.fromYear,
      class: form.class,
      to_year: form.toYear,
      school2: form.school2,
      father_name: form.fatherName,
      subject: form.subject,
      name: form.name,
      email: form.email,
      phone: form.phone,
      location: form.location,
      address: form.address,
      school: form.school,
      profession3: form.profession3,
      school1: form.school1,
      designation: form.designation,
      address1: form.address1,
      profession1: form.profession1,
    })
    .execute();
  return _id;
}

/** For tests and exports only; no route reads submissions. */
export async function findAlumniSubmission(db: Db, id: string): Promise<AlumniSubmissionsTable | undefined> {
  return db.selectFrom('alumni_submissions').selectAll().where('_id', '=', id).executeTakeFirst();
}

/** Erases submissions for good (through api/src/backup/erasures.ts, which journals it); answers how many went. */
export async function deleteAlumniSubmissions(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('alumni_submissions').where('_id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many submissions a school has (tests: proof that a refused request stored nothing). */
export async function countAlumniSubmissions(db: Db, schoolCode: string): Promise<number> {
  const row = await db
    .selectFrom('alumni_submissions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('school_code', '=', schoolCode)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
