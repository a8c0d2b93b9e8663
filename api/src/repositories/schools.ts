import type { SchoolOverview } from '@sthsm/contract/schools';
import type { Db } from '../db/index.ts';
import { nowIso } from './rows.ts';

export async function schoolExists(db: Db, code: string): Promise<boolean> {
  const row = await db.selectFrom('schools').select('code').where('code', '=', code).executeTakeFirst();
  return row !== undefined;
}

export async function findSchool(db: Db, code: string): Promise<{ code: string; name: string } | undefined> {
  return db.selectFrom('schools').select(['code', 'name']).where('code', '=', code).executeTakeFirst();
}

/** Whether the school is suspended (its public site answers 503); false for an unknown code. */
export async function isSchoolSuspended(db: Db, code: string): Promise<boolean> {
  const row = await db.selectFrom('schools').select('suspended_at').where('code', '=', code).executeTakeFirst();
  return row?.suspended_at != null;
}

/** Suspends (a time) or lifts (null) a school; false for an unknown code. */
export async function setSchoolSuspended(db: Db, code: string, at: string | null): Promise<boolean> {
  const result = await db.updateTable('schools').set({ suspended_at: at }).where('code', '=', code).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Creates a school that does not exist yet (its row and visitor counter); false when the code is taken. */
export async function insertSchool(db: Db, school: { code: string; name: string; at: string }): Promise<boolean> {
  const result = await db
    .insertInto('schools')
    .values({ code: school.code, name: school.name, created_at: school.at })
    .onConflict((oc) => oc.column('code').doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await db.insertInto('visitor_counts').values({ school_code: school.code, visitor: 0 }).execute();
  return true;
}

/** Per school, a count or sum as a number (PostgreSQL answers bigint sums as strings). */
const byCode = (rows: Array<{ school_code: string; n: string | number | null }>) =>
  new Map(rows.map((r) => [r.school_code, Number(r.n ?? 0)]));

/** Every school with its host names, staff count, library bytes and last publish (the operators' list). */
export async function listSchoolsOverview(db: Db): Promise<SchoolOverview[]> {
  const [schools, hosts, staff, storage, published] = await Promise.all([
    db.selectFrom('schools').select(['code', 'name', 'created_at', 'suspended_at']).orderBy('code').execute(),
    db.selectFrom('school_hosts').select(['host', 'school_code']).orderBy('created_at').orderBy('host').execute(),
    db
      .selectFrom('staff_memberships')
      .select((eb) => ['school_code', eb.fn.countAll<string | number>().as('n')])
      .groupBy('school_code')
      .execute(),
    db
      .selectFrom('media')
      .select((eb) => ['school_code', eb.fn.sum<string | number | null>('bytes').as('n')])
      .groupBy('school_code')
      .execute(),
    db
      .selectFrom('content_versions')
      .select((eb) => ['school_code', eb.fn.max<string | null>('saved_at').as('at')])
      .where('action', '=', 'published')
      .groupBy('school_code')
      .execute(),
  ]);
  const staffOf = byCode(staff);
  const bytesOf = byCode(storage);
  const publishedOf = new Map(published.map((r) => [r.school_code, r.at]));
  return schools.map((s) => ({
    code: s.code,
    name: s.name,
    createdAt: s.created_at,
    suspendedAt: s.suspended_at ?? null,
    hosts: hosts.filter((h) => h.school_code === s.code).map((h) => h.host),
    staff: staffOf.get(s.code) ?? 0,
    storageBytes: bytesOf.get(s.code) ?? 0,
    lastPublishedAt: publishedOf.get(s.code) ?? null,
  }));
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
  // The items' versions in other languages (content/translations.ts) go with them.
  await db.deleteFrom('content_translations').where('school_code', '=', code).execute();
}
