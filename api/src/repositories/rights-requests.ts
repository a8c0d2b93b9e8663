import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { RIGHTS_RESPONSE_DAYS, type RightsRequestInput } from '@sthsm/contract/rights-requests';
import type { Db } from '../db/index.ts';
import type { RightsRequestsTable } from '../db/schema.ts';

// A person's requests about their personal data (issue 37, docs/decisions/0150): pending until the
// link mailed to their address is followed, then open in the school's queue until done or refused.

export type RightsRequestRow = Selectable<RightsRequestsTable>;

/** How long a confirm link lasts; an unconfirmed request is erased after it. */
export const RIGHTS_CONFIRM_WITHIN_MS = 48 * 60 * 60 * 1000;
/** At most this many unconfirmed requests per address at once: more are not stored or mailed (no mail-bombing). */
export const MAX_PENDING_PER_ADDRESS = 3;
/** A closed request (done or refused) is erased this many months after it was closed. */
export const CLOSED_REQUEST_MONTHS = 12;
const DAY_MS = 24 * 60 * 60 * 1000;

/** When a request confirmed at `at` is due: RIGHTS_RESPONSE_DAYS later. */
export const dueAfter = (at: Date) => new Date(at.getTime() + RIGHTS_RESPONSE_DAYS * DAY_MS);

/** Stores a pending request; false when the address has too many unconfirmed ones (nothing stored). */
export async function createPendingRequest(
  db: Db,
  code: string,
  input: RightsRequestInput,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const email = input.email.toLowerCase();
  return db.transaction().execute(async (trx) => {
    const pending = await trx
      .selectFrom('rights_requests')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('school_code', '=', code)
      .where('email', '=', email)
      .where('status', '=', 'pending')
      .where('confirm_by', '>', now.toISOString())
      .executeTakeFirstOrThrow();
    if (Number(pending.n) >= MAX_PENDING_PER_ADDRESS) return false;
    const child = input.about === 'child';
    await trx
      .insertInto('rights_requests')
      .values({
        id: randomUUID(),
        school_code: code,
        kind: input.kind,
        about: input.about,
        child_name: child ? input.childName : null,
        child_class: child ? input.childClass : null,
        name: input.name,
        email,
        phone: input.phone || null,
        correction: input.kind === 'correct' ? input.correction : null,
        status: 'pending',
        token_hash: tokenHash,
        confirm_by: new Date(now.getTime() + RIGHTS_CONFIRM_WITHIN_MS).toISOString(),
        created_at: now.toISOString(),
      })
      .execute();
    return true;
  });
}

/**
 * Confirms the pending request a link's token opens, while the link lasts: open from now, due
 * RIGHTS_RESPONSE_DAYS later, the link used up. Undefined for a forged, used or expired link.
 */
export async function confirmRequest(db: Db, code: string, tokenHash: string, now: Date): Promise<RightsRequestRow | undefined> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('rights_requests')
      .selectAll()
      .where('school_code', '=', code)
      .where('token_hash', '=', tokenHash)
      .where('status', '=', 'pending')
      .where('confirm_by', '>', at)
      .executeTakeFirst();
    if (!row) return undefined;
    const values = { status: 'open' as const, token_hash: null, confirm_by: null, confirmed_at: at, due_at: dueAfter(now).toISOString() };
    const done = await trx
      .updateTable('rights_requests')
      .set(values)
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1 ? { ...row, ...values } : undefined;
  });
}

/** A school's confirmed requests: open ones first by due date, then closed ones newest first. */
export async function listRequests(db: Db, code: string, limit = 200): Promise<RightsRequestRow[]> {
  const rows = await db
    .selectFrom('rights_requests')
    .selectAll()
    .where('school_code', '=', code)
    .where('status', '!=', 'pending')
    .orderBy('due_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  const open = rows.filter((r) => r.status === 'open');
  const closed = rows.filter((r) => r.status !== 'open').sort((a, b) => (b.closed_at ?? '').localeCompare(a.closed_at ?? ''));
  return [...open, ...closed];
}

/** How many confirmed requests are open, and how many of those are past their due date. */
export async function openRequestCounts(db: Db, code: string, now: Date): Promise<{ open: number; overdue: number }> {
  const rows = await db
    .selectFrom('rights_requests')
    .select('due_at')
    .where('school_code', '=', code)
    .where('status', '=', 'open')
    .execute();
  const at = now.toISOString();
  return { open: rows.length, overdue: rows.filter((r) => (r.due_at ?? '') < at).length };
}

/** One confirmed request of the school (a pending one is nobody's business yet). */
export async function findRequest(db: Db, code: string, id: string): Promise<RightsRequestRow | undefined> {
  return db
    .selectFrom('rights_requests')
    .selectAll()
    .where('school_code', '=', code)
    .where('id', '=', id)
    .where('status', '!=', 'pending')
    .executeTakeFirst();
}

/** Closes an open request as done or refused; false when it was not open (closed already). */
export async function closeRequest(
  db: Db,
  id: string,
  outcome: { status: 'done' | 'refused'; reason: string | null; by: string | null },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('rights_requests')
    .set({ status: outcome.status, reason: outcome.reason, closed_by: outcome.by, closed_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The ids of requests to erase now: unconfirmed ones whose link ended, closed ones closed before `closedBefore`. */
export async function requestIdsToErase(db: Db, now: Date, closedBefore: string, limit: number) {
  const rows = await db
    .selectFrom('rights_requests')
    .select(['id', 'school_code', 'status'])
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('confirm_by', '<=', now.toISOString())]),
        eb.and([eb('status', 'in', ['done', 'refused']), eb('closed_at', '<', closedBefore)]),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows;
}

/** The erasure journal's handler for 'rights_request' (safe to run twice). */
export async function deleteRightsRequests(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('rights_requests')
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
