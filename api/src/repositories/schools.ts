import type { Db } from '../db/index.ts';
import { nowIso } from './rows.ts';

export async function schoolExists(db: Db, code: string): Promise<boolean> {
  const row = await db.selectFrom('schools').select('code').where('code', '=', code).executeTakeFirst();
  return row !== undefined;
}

export async function findSchool(db: Db, code: string): Promise<{ code: string; name: string } | undefined> {
  return db.selectFrom('schools').select(['code', 'name']).where('code', '=', code).executeTakeFirst();
}

export async function countSchools(db: Db): Promise<number> {
  const rows = await db.selectFrom('schools').select('code').limit(1).execute();
  return rows.length;
}

/** Creates the school (and its visitor counter) or renames it. */
export async function upsertSchool(db: Db, school: { code: string; name: string; visitor?: number }): Promise<void> {
  await db
    .insertInto('schools')
    .values({ code: school.code, name: school.name, created_at: nowIso() })
    .onConflict((oc) => oc.column('code').doUpdateSet({ name: school.name }))
    .execute();
  await db
    .insertInto('visitor_counts')
    .values({ school_code: school.code, visitor: school.visitor ?? 0 })
    .onConflict((oc) => oc.column('school_code').doUpdateSet({ visitor: school.visitor ?? 0 }))
    .execute();
}

const CONTENT_TABLES = [
  'news',
  'highlights',
  'toppers',
  'principal_messages',
  'events',
  'birthdays',
  'notifications',
  'albums',
  'videos',
] as const;

/** Removes a school's published content. Alumni submissions are people's data and are kept. */
export async function deleteSchoolContent(db: Db, code: string): Promise<void> {
  for (const table of CONTENT_TABLES) {
    await db.deleteFrom(table).where('school_code', '=', code).execute();
  }
}
