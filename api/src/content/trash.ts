import type { Kysely } from 'kysely';
import type { Db } from '../db/index.ts';
import { newId } from '../repositories/alumni.ts';
import type { ContentTypeSpec } from './registry.ts';
import type { Actor } from './store.ts';
import { indexContent } from '../search/entries.ts';

// Recently deleted content (docs/decisions/0123): deleting an item moves its whole row from its
// own table (which every public query reads) into content_trash, where it stays TRASH_DAYS days;
// restoring puts the same row back, same id, same fields, same status, with the next version.

export const TRASH_DAYS = 30;
const DAY_MS = 86_400_000;

type Cell = string | number | null;
type LooseRow = Record<string, Cell>;
const loose = (db: Db) => db as unknown as Kysely<Record<string, LooseRow>>;

export interface TrashEntry {
  id: string;
  title: string;
  status: string;
  createdBy: string | null;
  deletedAt: string;
  deletedByEmail: string | null;
  /** When it is gone for good. */
  keptUntil: string;
}

const oldest = (now: Date) => new Date(now.getTime() - TRASH_DAYS * DAY_MS).toISOString();

/**
 * Entries older than TRASH_DAYS are gone for good: the hourly retention job (api/src/privacy/retention.ts)
 * removes every school's, so a school that never deletes or opens a list again keeps nothing past the
 * period; a delete removes its school's too. Reads never need it: they leave older entries out.
 */
export async function purgeTrash(db: Db, code: string | null, now: Date): Promise<void> {
  // An item's versions in other languages go with it (content/translations.ts).
  let translations = db
    .deleteFrom('content_translations')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('content_trash as t')
          .select('t.id')
          .whereRef('t.school_code', '=', 'content_translations.school_code')
          .whereRef('t.content_type', '=', 'content_translations.content_type')
          .whereRef('t.item_id', '=', 'content_translations.item_id')
          .where('t.deleted_at', '<', oldest(now)),
      ),
    );
  if (code !== null) translations = translations.where('school_code', '=', code);
  await translations.execute();
  let query = db.deleteFrom('content_trash').where('deleted_at', '<', oldest(now));
  if (code !== null) query = query.where('school_code', '=', code);
  await query.execute();
}

/** Moves the row into the trash (the caller has deleted it from its table in the same transaction). */
export async function trashRow(
  trx: Db,
  o: { spec: ContentTypeSpec; code: string; row: LooseRow; title: string; actor: Actor; now: Date },
): Promise<void> {
  await trx
    .insertInto('content_trash')
    .values({
      id: newId(),
      school_code: o.code,
      content_type: o.spec.type,
      item_id: String(o.row._id),
      title: o.title,
      status: String(o.row.status),
      created_by: (o.row.created_by as string | null) ?? null,
      item_row: JSON.stringify(o.row),
      deleted_at: o.now.toISOString(),
      deleted_by: o.actor.id,
      deleted_by_email: o.actor.email,
    })
    .execute();
}

const entryOf = (r: {
  item_id: string;
  title: string;
  status: string;
  created_by: string | null;
  deleted_at: string;
  deleted_by_email: string | null;
}): TrashEntry => ({
  id: r.item_id,
  title: r.title,
  status: r.status,
  createdBy: r.created_by,
  deletedAt: r.deleted_at,
  deletedByEmail: r.deleted_by_email,
  keptUntil: new Date(new Date(r.deleted_at).getTime() + TRASH_DAYS * DAY_MS).toISOString(),
});

/** The school's recently deleted items of one type, last deleted first. */
export async function listTrash(db: Db, spec: ContentTypeSpec, code: string, now: Date): Promise<TrashEntry[]> {
  const rows = await db
    .selectFrom('content_trash')
    .selectAll()
    .where('school_code', '=', code)
    .where('content_type', '=', spec.type)
    .where('deleted_at', '>=', oldest(now))
    .orderBy('deleted_at', 'desc')
    .orderBy('id')
    .limit(200)
    .execute();
  return rows.map(entryOf);
}

/** One recently deleted item with its stored row, or undefined. */
export async function findTrash(db: Db, spec: ContentTypeSpec, code: string, itemId: string, now: Date) {
  const r = await db
    .selectFrom('content_trash')
    .selectAll()
    .where('school_code', '=', code)
    .where('content_type', '=', spec.type)
    .where('item_id', '=', itemId)
    .where('deleted_at', '>=', oldest(now))
    .orderBy('deleted_at', 'desc')
    .executeTakeFirst();
  return r ? { entry: entryOf(r), trashId: r.id, row: JSON.parse(r.item_row) as LooseRow } : undefined;
}

/**
 * Puts the row back in its table with the given version, saved now by the actor, and removes its
 * trash entry; false when the entry is gone meanwhile (restored by someone else) or the id is taken.
 */
export async function untrashRow(
  trx: Db,
  o: { spec: ContentTypeSpec; code: string; trashId: string; row: LooseRow; version: number; actor: Actor; now: Date },
): Promise<LooseRow | undefined> {
  const removed = await trx.deleteFrom('content_trash').where('id', '=', o.trashId).where('school_code', '=', o.code).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) return undefined;
  const taken = await loose(trx)
    .selectFrom(o.spec.table)
    .select('_id')
    .where('school_code', '=', o.code)
    .where('_id', '=', String(o.row._id))
    .executeTakeFirst();
  if (taken) return undefined;
  const row: LooseRow = { ...o.row, school_code: o.code, version: o.version, updated_at: o.now.toISOString(), updated_by: o.actor.id };
  await loose(trx).insertInto(o.spec.table).values(row).execute();
  await indexContent(trx, o.code, o.spec.type, [String(row._id)]);
  return row;
}
