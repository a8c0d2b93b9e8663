import type { Db } from '../db/index.ts';
import type { StaffSessionsTable } from '../db/schema.ts';

// Database-backed staff sessions: the row's id is the SHA-256 of the cookie's token.

export type StaffSessionRow = StaffSessionsTable;

export async function insertSession(db: Db, row: StaffSessionRow): Promise<void> {
  await db.insertInto('staff_sessions').values(row).execute();
}

export async function findSession(db: Db, id: string): Promise<StaffSessionRow | undefined> {
  return db.selectFrom('staff_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function touchSession(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('staff_sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

export async function deleteSession(db: Db, id: string): Promise<number> {
  const result = await db.deleteFrom('staff_sessions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends every session of a person (optionally but one): returns how many ended. */
export async function deleteUserSessions(db: Db, userId: string, exceptId?: string): Promise<number> {
  let query = db.deleteFrom('staff_sessions').where('user_id', '=', userId);
  if (exceptId) query = query.where('id', '!=', exceptId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function countUserSessions(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('staff_sessions')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The latest sign-in of each member of a list of people (for the staff list). */
export async function lastSeenOf(db: Db, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('staff_sessions')
    .select(['user_id'])
    .select((eb) => eb.fn.max('last_seen_at').as('last'))
    .where('user_id', 'in', userIds)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, String(r.last)]));
}
