import type { Db } from '../db/index.ts';

// What imports brought, per school and source (migration 2026-12-10-import; docs/decisions/0136).

export async function findImportedFile(db: Db, school: string, source: string, ref: string) {
  return db
    .selectFrom('import_files')
    .selectAll()
    .where('school_code', '=', school)
    .where('source', '=', source)
    .where('source_ref', '=', ref)
    .executeTakeFirst();
}

export async function saveImportedFile(
  db: Db,
  f: { school: string; source: string; sourceRef: string; sha256: string; etag: string | null; mediaRef: string; at: Date },
): Promise<void> {
  const values = { source_sha256: f.sha256, etag: f.etag, media_ref: f.mediaRef, imported_at: f.at.toISOString() };
  await db
    .insertInto('import_files')
    .values({ school_code: f.school, source: f.source, source_ref: f.sourceRef, ...values })
    .onConflict((oc) => oc.columns(['school_code', 'source', 'source_ref']).doUpdateSet(values))
    .execute();
}

export async function findImportedItem(db: Db, school: string, source: string, type: string, sourceId: string) {
  return db
    .selectFrom('import_items')
    .selectAll()
    .where('school_code', '=', school)
    .where('source', '=', source)
    .where('content_type', '=', type)
    .where('source_id', '=', sourceId)
    .executeTakeFirst();
}

export async function saveImportedItem(
  db: Db,
  i: { school: string; source: string; type: string; sourceId: string; itemId: string; version: number; complete: boolean; at: Date },
): Promise<void> {
  const values = { item_id: i.itemId, item_version: i.version, complete: i.complete ? 1 : 0, imported_at: i.at.toISOString() };
  await db
    .insertInto('import_items')
    .values({ school_code: i.school, source: i.source, content_type: i.type, source_id: i.sourceId, ...values })
    .onConflict((oc) => oc.columns(['school_code', 'source', 'content_type', 'source_id']).doUpdateSet(values))
    .execute();
}

/** When this school first imported from this source (set on the first call): the base of kept list orders. */
export async function firstImportAt(db: Db, school: string, source: string, now: Date, write: boolean): Promise<Date> {
  const row = await db
    .selectFrom('import_sources')
    .select('first_at')
    .where('school_code', '=', school)
    .where('source', '=', source)
    .executeTakeFirst();
  if (row) return new Date(row.first_at);
  if (write) await db.insertInto('import_sources').values({ school_code: school, source, first_at: now.toISOString() }).execute();
  return now;
}

/** The imported items of a type (toppers, birthdays) that name no child of the consent register. */
export async function unlinkedImported(db: Db, school: string, source: string, table: 'toppers' | 'birthdays', type: string) {
  // Both tables have the columns read here; the query is written once, against the toppers' types.
  const joined = `${table} as t` as 'toppers as t';
  return db
    .selectFrom('import_items')
    .innerJoin(joined, (j) => j.onRef('t._id', '=', 'import_items.item_id').onRef('t.school_code', '=', 'import_items.school_code'))
    .select(['t.name as name', 't.class as class'])
    .where('import_items.school_code', '=', school)
    .where('import_items.source', '=', source)
    .where('import_items.content_type', '=', type)
    .where('t.child_id', 'is', null)
    .orderBy('t.name')
    .execute();
}
