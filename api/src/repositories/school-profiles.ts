import { emptyProfile, schoolProfileSchema, type SchoolProfile, type SchoolProfileRecord } from '@sthsm/contract';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { SchoolProfilesTable } from '../db/schema.ts';
import { decodeDocument, type SaveResult } from './documents.ts';
import { nowIso } from './rows.ts';
import { findSchool, schoolExists } from './schools.ts';

function toRecord(r: SchoolProfilesTable): SchoolProfileRecord {
  return {
    code: r.school_code,
    version: Number(r.version),
    updatedAt: r.updated_at,
    profile: decodeDocument(schoolProfileSchema, r.profile, `profile of school ${r.school_code}`),
  };
}

export async function findSchoolProfile(db: Db, code: string): Promise<SchoolProfileRecord | undefined> {
  const row = await db.selectFrom('school_profiles').selectAll().where('school_code', '=', code).executeTakeFirst();
  return row && toRecord(row);
}

/**
 * The school's profile, or — for a school nobody has described yet (`npm run school -- create`
 * makes no profile) — the profile of its name alone at version 0, which a first save (expecting
 * version 0) creates (docs/decisions/0132). Undefined only for an unknown school.
 */
export async function schoolProfileOrEmpty(db: Db, code: string): Promise<SchoolProfileRecord | undefined> {
  const record = await findSchoolProfile(db, code);
  if (record) return record;
  const school = await findSchool(db, code);
  return school && { code: school.code, version: 0, updatedAt: '', profile: emptyProfile(school.name) };
}

/**
 * Saves a school's profile (checked against the contract schema first; a ZodError is thrown for a
 * bad one). With `expectedVersion`, the save happens only if the stored version is still that one,
 * so an edit based on an older copy is refused as a conflict instead of overwriting a newer save.
 */
export async function saveSchoolProfile(
  db: Db,
  code: string,
  profile: SchoolProfile,
  options: { expectedVersion?: number } = {},
): Promise<SaveResult<SchoolProfileRecord>> {
  const text = JSON.stringify(schoolProfileSchema.parse(profile));
  const updatedAt = nowIso();
  if (options.expectedVersion !== undefined) {
    const row = await db
      .updateTable('school_profiles')
      .set({ profile: text, version: sql<number>`version + 1`, updated_at: updatedAt })
      .where('school_code', '=', code)
      .where('version', '=', options.expectedVersion)
      .returningAll()
      .executeTakeFirst();
    if (row) return { ok: true, record: toRecord(row) };
    const current = await findSchoolProfile(db, code);
    if (current) return { ok: false, reason: 'conflict', current };
    if (!(await schoolExists(db, code))) return { ok: false, reason: 'unknown-school' };
    // No profile yet: only a save expecting "nothing stored" (version 0) may create it.
    if (options.expectedVersion !== 0) return { ok: false, reason: 'conflict', current: { code, version: 0, updatedAt: '', profile } };
  } else if (!(await schoolExists(db, code))) {
    return { ok: false, reason: 'unknown-school' };
  }
  const row = await db
    .insertInto('school_profiles')
    .values({ school_code: code, profile: text, version: 1, updated_at: updatedAt })
    .onConflict((oc) =>
      oc.column('school_code').doUpdateSet({
        profile: text,
        version: sql<number>`school_profiles.version + 1`,
        updated_at: updatedAt,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ok: true, record: toRecord(row) };
}
