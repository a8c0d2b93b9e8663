import { sql, type Selectable, type SqlBool } from 'kysely';
import type { ConsentPurpose } from '@sthsm/contract/children';
import type { Db } from '../db/index.ts';
import type { ChildConsentsTable, ChildrenTable } from '../db/schema.ts';
import { indexLinkedToChild } from '../search/entries.ts';

// The consent register (issue 16): children, their guardians' consent per purpose, and the one SQL
// condition every public read of an item showing a child adds (docs/decisions/0055).

export type ChildRow = ChildrenTable;
export type ConsentRow = Selectable<ChildConsentsTable>;

/**
 * In a public read of `table` (birthdays, toppers) at `now`: the row shows no child, or its child's
 * consent for `purpose` is in effect — not withdrawn, its end not reached. Like the publish window
 * (docs/decisions/0060), a condition in the query, so an end date takes effect with no job.
 */
export function consentedAt(now: Date, purpose: ConsentPurpose, table: 'birthdays' | 'toppers') {
  const at = now.toISOString();
  const child = sql.ref(`${table}.child_id`);
  return sql<SqlBool>`(${child} is null or exists (select 1 from child_consents cc where cc.child_id = ${child} and cc.school_code = ${sql.ref(
    `${table}.school_code`,
  )} and cc.purpose = ${purpose} and cc.withdrawn_at is null and cc.ends_at > ${at}))`;
}

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered(db: Db, code: string, q: string | undefined) {
  let query = db.selectFrom('children').where('school_code', '=', code).where('erased_at', 'is', null);
  for (const word of (q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8)) {
    const pattern = likePattern(word);
    query = query.where((eb) =>
      eb.or([
        sql<SqlBool>`lower(name) like ${pattern} escape '\\'`,
        sql<SqlBool>`lower(class) like ${pattern} escape '\\'`,
        sql<SqlBool>`lower(coalesce(admission_number, '')) like ${pattern} escape '\\'`,
      ]),
    );
  }
  return query;
}

/** One page of a school's children by name, with the total that matched the search. */
export async function listChildren(db: Db, code: string, f: { q?: string; limit: number; offset: number }) {
  const query = filtered(db, code, f.q);
  const total = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query.selectAll().orderBy('name').orderBy('_id').limit(f.limit).offset(f.offset).execute();
  return { rows, total: Number(total.n) };
}

/** A child of the register (an erased child's tombstone is not one). */
export async function findChild(db: Db, code: string, id: string): Promise<ChildRow | undefined> {
  return db
    .selectFrom('children')
    .selectAll()
    .where('school_code', '=', code)
    .where('_id', '=', id)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
}

/** What an erased child's tombstone is called wherever a tag or a link still names it (staff pages only). */
export const ERASED_CHILD_NAME = 'Erased child';

/**
 * The erasure kind `child` (docs/decisions/0053, 0153): the records' consents and e-mailed consent
 * requests (a guardian's address with them) are deleted, and the row keeps only its random id, so
 * every birthday, topper and photo linked to the child stays hidden (no consent is in effect).
 * Safe to run again (a restore re-applies it): answers how many were erased this time.
 */
export async function eraseChildren(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  await db.deleteFrom('child_consents').where('child_id', 'in', ids).execute();
  await db.deleteFrom('consent_requests').where('child_id', 'in', ids).execute();
  const result = await db
    .updateTable('children')
    .set({ name: ERASED_CHILD_NAME, class: '', admission_number: null, erased_at: new Date().toISOString() })
    .where('_id', 'in', ids)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The consent rows of these children (every purpose recorded). */
export async function consentsOf(db: Db, code: string, childIds: readonly string[]): Promise<ConsentRow[]> {
  if (childIds.length === 0) return [];
  return db
    .selectFrom('child_consents')
    .selectAll()
    .where('school_code', '=', code)
    .where('child_id', 'in', [...childIds])
    .orderBy('purpose')
    .execute();
}

export async function insertChild(db: Db, row: Omit<ChildRow, 'erased_at'>): Promise<void> {
  await db.insertInto('children').values(row).execute();
}

export async function updateChild(
  db: Db,
  code: string,
  id: string,
  values: Pick<ChildRow, 'name' | 'class' | 'admission_number' | 'updated_at'>,
): Promise<boolean> {
  const result = await db.updateTable('children').set(values).where('school_code', '=', code).where('_id', '=', id).executeTakeFirst();
  const updated = Number(result.numUpdatedRows) > 0;
  // A linked topper is found by the register's name (search/entries.ts).
  if (updated) await indexLinkedToChild(db, code, id);
  return updated;
}

/** The columns a recording sets; a withdrawal's are cleared. */
export type RecordedConsent = Omit<ConsentRow, 'withdrawn_at' | 'withdrawn_by' | 'withdrawn_by_email'>;

/**
 * Records (or renews) one purpose's consent: a new recording replaces the old — how it was verified
 * included (in person by staff, or confirmed by the guardian: issue 37) — and clears a withdrawal.
 */
export async function recordConsent(db: Db, row: RecordedConsent): Promise<void> {
  const { child_id: _child, purpose: _purpose, school_code: _school, ...rest } = row;
  const cleared = { withdrawn_at: null, withdrawn_by: null, withdrawn_by_email: null };
  await db
    .insertInto('child_consents')
    .values({ ...row, ...cleared })
    .onConflict((oc) => oc.columns(['child_id', 'purpose']).doUpdateSet({ ...rest, ...cleared }))
    .execute();
}

/** Who withdraws: a staff member (their address) or the guardian through their link. */
export interface Withdrawer {
  kind: 'school' | 'guardian';
  email: string | null;
}

/** Withdraws the consents of these purposes that are not withdrawn yet; answers the purposes withdrawn. */
export async function withdrawConsents(
  db: Db,
  code: string,
  childId: string,
  purposes: readonly ConsentPurpose[],
  at: string,
  by: Withdrawer,
): Promise<string[]> {
  const rows = await db
    .updateTable('child_consents')
    .set({ withdrawn_at: at, withdrawn_by: by.kind, withdrawn_by_email: by.email })
    .where('school_code', '=', code)
    .where('child_id', '=', childId)
    .where('purpose', 'in', [...purposes])
    .where('withdrawn_at', 'is', null)
    .returning('purpose')
    .execute();
  return rows.map((r) => r.purpose).toSorted();
}

/** Whether the child's consent for `purpose` is in effect at `at` (UTC ISO). */
export async function hasConsentAt(db: Db, code: string, childId: string, purpose: ConsentPurpose, at: string): Promise<boolean> {
  const row = await db
    .selectFrom('child_consents')
    .select('child_id')
    .where('school_code', '=', code)
    .where('child_id', '=', childId)
    .where('purpose', '=', purpose)
    .where('withdrawn_at', 'is', null)
    .where('ends_at', '>', at)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The register's current name and class of the linked children among `ids` (issue 16): an item
 * linked to a child shows the child as the register has them now, so a corrected name or next
 * year's class reaches every birthday and topper without editing each item.
 */
export async function registerEntries(
  db: Db,
  code: string,
  ids: Array<string | null>,
): Promise<Map<string, { name: string; class: string }>> {
  const linked = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
  if (linked.length === 0) return new Map();
  const rows = await db
    .selectFrom('children')
    .select(['_id', 'name', 'class'])
    .where('school_code', '=', code)
    .where('_id', 'in', linked)
    .execute();
  return new Map(rows.map((r) => [r._id, { name: r.name, class: r.class }]));
}

// --- What the public birthday section shows ---------------------------------------------------

export async function birthdayNamesOf(db: Db, code: string): Promise<'first' | 'full'> {
  const row = await db.selectFrom('school_privacy').select('birthday_names').where('school_code', '=', code).executeTakeFirst();
  return row?.birthday_names === 'full' ? 'full' : 'first';
}

export async function setBirthdayNames(db: Db, code: string, names: 'first' | 'full', at: string, defaultMonths: number): Promise<void> {
  await db
    .insertInto('school_privacy')
    .values({ school_code: code, retention_months: defaultMonths, updated_at: at, birthday_names: names })
    .onConflict((oc) => oc.column('school_code').doUpdateSet({ birthday_names: names, updated_at: at }))
    .execute();
}
