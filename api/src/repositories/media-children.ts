import { sql, type SqlBool } from 'kysely';
import type { Db } from '../db/index.ts';
import { indexAlbumsHolding } from '../search/entries.ts';

// Children shown in library photos (issue 16, docs/decisions/0057): the tags, and the one SQL
// condition that decides whether a photo may be public now. Like the consent of birthdays and
// toppers (0055), it is checked in every public read and in the file route itself, so a
// withdrawal or an end date hides the photo with no job having run.

export interface TaggedChild {
  id: string;
  name: string;
  class: string;
  /** Consent for "photos on the site" is in effect now. */
  photosConsent: boolean;
}

/** A photo ref is hidden when a child tagged in it lacks current "photos" consent. */
const lacksPhotoConsent = (at: string) => sql<SqlBool>`not exists (select 1 from child_consents cc
  where cc.child_id = mc.child_id and cc.school_code = mc.school_code and cc.purpose = 'photos'
  and cc.withdrawn_at is null and cc.ends_at > ${at})`;

/** Of `refs`, those that must not be shown at `now`: a child in them has no current photo consent. */
export async function hiddenPhotoRefs(db: Db, refs: readonly string[], now: Date): Promise<Set<string>> {
  const unique = [...new Set(refs)];
  if (unique.length === 0) return new Set();
  const rows = await db
    .selectFrom('media_children as mc')
    .select('mc.media_ref')
    .distinct()
    .where('mc.media_ref', 'in', unique)
    .where(lacksPhotoConsent(now.toISOString()))
    .execute();
  return new Set(rows.map((r) => r.media_ref));
}

/** The children tagged in a photo, by name, with whether they may be shown now. */
export async function childrenInPhoto(db: Db, school: string, ref: string, now: Date): Promise<TaggedChild[]> {
  const at = now.toISOString();
  const rows = await db
    .selectFrom('media_children as mc')
    .innerJoin('children as c', (j) => j.onRef('c._id', '=', 'mc.child_id').onRef('c.school_code', '=', 'mc.school_code'))
    .select(['c._id as id', 'c.name', 'c.class'])
    .select(sql<SqlBool>`not (${lacksPhotoConsent(at)})`.as('consent'))
    .where('mc.school_code', '=', school)
    .where('mc.media_ref', '=', ref)
    .orderBy('c.name')
    .orderBy('c._id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, class: r.class, photosConsent: Boolean(r.consent) }));
}

/** Replaces a photo's tags with `childIds` (already checked to be the school's); answers whether they changed. */
export async function setChildrenInPhoto(
  trx: Db,
  school: string,
  ref: string,
  childIds: readonly string[],
  at: string,
  by: string | null,
): Promise<boolean> {
  const before = await trx
    .selectFrom('media_children')
    .select('child_id')
    .where('school_code', '=', school)
    .where('media_ref', '=', ref)
    .execute();
  const had = new Set(before.map((r) => r.child_id));
  const wanted = new Set(childIds);
  const removed = [...had].filter((id) => !wanted.has(id));
  const added = [...wanted].filter((id) => !had.has(id));
  if (removed.length > 0) {
    await trx
      .deleteFrom('media_children')
      .where('school_code', '=', school)
      .where('media_ref', '=', ref)
      .where('child_id', 'in', removed)
      .execute();
  }
  if (added.length > 0) {
    await trx
      .insertInto('media_children')
      .values(added.map((child_id) => ({ school_code: school, media_ref: ref, child_id, created_at: at, created_by: by })))
      .execute();
  }
  const changed = removed.length > 0 || added.length > 0;
  // A photo's caption is searched only while it shows no named child (search/entries.ts).
  if (changed) await indexAlbumsHolding(trx, school, ref);
  return changed;
}

/** The refs of the photos a child is tagged in. */
export async function photosOfChild(db: Db, school: string, childId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('media_children')
    .select('media_ref')
    .where('school_code', '=', school)
    .where('child_id', '=', childId)
    .execute();
  return rows.map((r) => r.media_ref);
}

/** Which of `ids` are children of this school. */
export async function childrenOfSchool(db: Db, school: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('children')
    .select('_id')
    .where('school_code', '=', school)
    .where('_id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((r) => r._id));
}

/** The tagged children without current photo consent in any of `refs` (for a publish refusal): name, class and the photo. */
export async function unconsentedChildrenIn(
  db: Db,
  school: string,
  refs: readonly string[],
  at: string,
): Promise<Array<{ ref: string; name: string; class: string }>> {
  if (refs.length === 0) return [];
  return db
    .selectFrom('media_children as mc')
    .innerJoin('children as c', (j) => j.onRef('c._id', '=', 'mc.child_id').onRef('c.school_code', '=', 'mc.school_code'))
    .select(['mc.media_ref as ref', 'c.name', 'c.class'])
    .where('mc.school_code', '=', school)
    .where('mc.media_ref', 'in', [...new Set(refs)])
    .where(lacksPhotoConsent(at))
    .orderBy('c.name')
    .execute();
}

/**
 * Adds tags to a photo and never removes one (a contributor's tagging: a tag can only hide the
 * photo, so one that arrives meanwhile is kept); answers whether any was added.
 */
export async function addChildrenToPhoto(
  trx: Db,
  school: string,
  ref: string,
  childIds: readonly string[],
  at: string,
  by: string | null,
): Promise<boolean> {
  if (childIds.length === 0) return false;
  const results = await trx
    .insertInto('media_children')
    .values([...new Set(childIds)].map((child_id) => ({ school_code: school, media_ref: ref, child_id, created_at: at, created_by: by })))
    .onConflict((oc) => oc.columns(['media_ref', 'child_id']).doNothing())
    .execute();
  const added = results.some((r) => Number(r.numInsertedOrUpdatedRows ?? 0) > 0);
  if (added) await indexAlbumsHolding(trx, school, ref);
  return added;
}
