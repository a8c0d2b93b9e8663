import type { Db } from '../db/index.ts';
import type { StaffTokensTable } from '../db/schema.ts';

// Single-use, expiring links (setup, invitation, password reset) and two-factor challenges.
// The row's id is the SHA-256 of the token; the token itself is never stored.

export type StaffTokenRow = StaffTokensTable;

export async function insertToken(db: Db, row: StaffTokenRow): Promise<void> {
  await db.insertInto('staff_tokens').values(row).execute();
}

export async function findToken(db: Db, id: string): Promise<StaffTokenRow | undefined> {
  return db.selectFrom('staff_tokens').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks a token used: true only for the one request that did it (a link cannot be used twice). */
export async function useToken(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_tokens')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Withdraws the unused links of one purpose for a person or a school (a new link replaces the old). */
export async function withdrawTokens(db: Db, purpose: string, owner: { userId?: string; schoolCode?: string }, at: string): Promise<void> {
  let query = db.updateTable('staff_tokens').set({ used_at: at }).where('purpose', '=', purpose).where('used_at', 'is', null);
  if (owner.userId) query = query.where('user_id', '=', owner.userId);
  if (owner.schoolCode) query = query.where('school_code', '=', owner.schoolCode);
  await query.execute();
}

/**
 * Withdraws the unused links of a person that an administrator was shown: those of one school (the
 * person left it), or of every school but one (the person now works for that one too).
 */
export async function withdrawShownTokens(
  db: Db,
  userId: string,
  scope: { school: string } | { exceptSchool: string },
  at: string,
): Promise<void> {
  let query = db
    .updateTable('staff_tokens')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('shown_to', 'is not', null)
    .where('used_at', 'is', null);
  query = 'school' in scope ? query.where('school_code', '=', scope.school) : query.where('school_code', '!=', scope.exceptSchool);
  await query.execute();
}
