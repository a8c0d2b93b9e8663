import type { Selectable } from 'kysely';
import type { Db } from '../db/index.ts';
import type { BreachesTable } from '../db/schema.ts';
import { findSchoolProfile } from './school-profiles.ts';

// The personal-data breach register (issue 37; docs/decisions/0149): one school's breaches, each
// with the facts of the DPDP Rules 2025 r.7 notices. Every read and write names the school, so a
// record of another school is as unknown as a made-up id. Saves compare the version (a stale form
// is a conflict, never an overwrite).

export type BreachRow = Selectable<BreachesTable>;
export type BreachValues = Omit<BreachRow, 'id' | 'school_code' | 'closed_at' | 'version' | 'created_by' | 'created_at' | 'updated_at'>;

/** Who the affected people and the Board may ask about a breach (the drafts name them). */
export interface BreachContact {
  /** The data protection contact's name or role (School settings), when the school has one. */
  name: string | null;
  email: string | null;
  phone: string | null;
}

/**
 * The contact the notices give for questions: the school's data protection contact (School
 * settings, DPDP Rules r.9); without one, the school's office e-mail and first phone.
 */
export async function breachContactOf(db: Db, code: string): Promise<BreachContact> {
  const profile = (await findSchoolProfile(db, code))?.profile;
  const dp = profile?.privacyContact;
  if (dp) return { name: dp.name, email: dp.email, phone: dp.phone ?? profile?.phones?.[0]?.number ?? null };
  return {
    name: null,
    email: profile?.emails?.office ?? profile?.email ?? null,
    phone: profile?.phones?.[0]?.number ?? null,
  };
}

export async function listBreaches(db: Db, code: string): Promise<BreachRow[]> {
  return db.selectFrom('breaches').selectAll().where('school_code', '=', code).orderBy('aware_at', 'desc').orderBy('id').execute();
}

/** Open breaches whose 72-hour report is not sent yet, soonest due first (the dashboard's lines). */
export async function breachesAwaitingReport(db: Db, code: string): Promise<BreachRow[]> {
  return db
    .selectFrom('breaches')
    .selectAll()
    .where('school_code', '=', code)
    .where('closed_at', 'is', null)
    .where('board_report_at', 'is', null)
    .orderBy('aware_at')
    .orderBy('id')
    .execute();
}

export async function findBreach(db: Db, code: string, id: string): Promise<BreachRow | undefined> {
  return db.selectFrom('breaches').selectAll().where('school_code', '=', code).where('id', '=', id).executeTakeFirst();
}

export async function insertBreach(
  db: Db,
  row: BreachValues & { id: string; school_code: string; created_by: string | null; at: string },
): Promise<void> {
  const { at, ...values } = row;
  await db
    .insertInto('breaches')
    .values({ ...values, closed_at: null, version: 1, created_at: at, updated_at: at })
    .execute();
}

/** Saves new facts if the record is still at `version`; false when it is not (or not this school's). */
export async function updateBreach(db: Db, code: string, id: string, version: number, values: BreachValues, at: string): Promise<boolean> {
  const result = await db
    .updateTable('breaches')
    .set({ ...values, version: version + 1, updated_at: at })
    .where('school_code', '=', code)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Closes an open record at `version`; false when it is not at that version. */
export async function closeBreach(db: Db, code: string, id: string, version: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('breaches')
    .set({ closed_at: at, version: version + 1, updated_at: at })
    .where('school_code', '=', code)
    .where('id', '=', id)
    .where('version', '=', version)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
