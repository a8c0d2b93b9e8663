import { sql } from 'kysely';
import type { ConsentPurpose } from '@sthsm/contract/children';
import type { Db } from '../db/index.ts';
import type { ConsentRequestsTable } from '../db/schema.ts';
import { fromJson } from './rows.ts';

// Requests e-mailed to a guardian to confirm consent (issue 37; docs/decisions/0151). A row is
// found by its link's SHA-256 only; whether the link still works is decided here, in one place.

export type ConsentRequestRow = ConsentRequestsTable;

export const purposesOf = (row: Pick<ConsentRequestRow, 'purposes'>) => fromJson(row.purposes) as ConsentPurpose[];

/** Stores a new request; the child's pending ones are superseded (their links stop working). */
export async function insertConsentRequest(db: Db, row: ConsentRequestRow): Promise<void> {
  await db
    .updateTable('consent_requests')
    .set({ status: 'superseded' })
    .where('school_code', '=', row.school_code)
    .where('child_id', '=', row.child_id)
    .where('status', '=', 'pending')
    .execute();
  await db.insertInto('consent_requests').values(row).execute();
}

/** The child's latest request (any status). */
export async function latestConsentRequest(db: Db, code: string, childId: string): Promise<ConsentRequestRow | undefined> {
  return (
    db
      .selectFrom('consent_requests')
      .selectAll()
      .where('school_code', '=', code)
      .where('child_id', '=', childId)
      .orderBy('sent_at', 'desc')
      // Sent within the same instant: the one not superseded is the newer.
      .orderBy(sql`case when status = 'superseded' then 1 else 0 end`)
      .limit(1)
      .executeTakeFirst()
  );
}

/**
 * The request of a link that still works at `at`: pending and not past its 14 days (to confirm),
 * or confirmed and its consent not ended (to see and withdraw). Superseded, expired and unknown
 * links are all `undefined`: the caller answers them the same way.
 */
export async function usableConsentRequest(db: Db, code: string, hash: string, at: Date): Promise<ConsentRequestRow | undefined> {
  const row = await db
    .selectFrom('consent_requests')
    .selectAll()
    .where('school_code', '=', code)
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  if (!row) return undefined;
  const now = at.toISOString();
  if (row.status === 'pending' && row.confirm_by > now) return row;
  if (row.status === 'confirmed' && row.link_until > now) return row;
  return undefined;
}

/** Marks a pending request confirmed; false when it was not pending any more (confirmed twice at once). */
export async function markConsentRequestConfirmed(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('consent_requests')
    .set({ status: 'confirmed', confirmed_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
