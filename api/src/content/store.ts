import { displayStatus, type ContentStatus, type ContentType, type DisplayStatus } from '@sthsm/contract';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/index.ts';
import { newId } from '../repositories/alumni.ts';
import { liveAt } from '../repositories/rows.ts';
import { fromColumn, toColumn, type ContentTypeSpec } from './registry.ts';
import { utcToSchoolTime } from './time.ts';
import { indexContent, searchKindOf } from '../search/entries.ts';
import { everyTermIn, indexedItemMatches } from '../search/repository.ts';
import { termsOf } from '../search/text.ts';

// Generic storage of every content type of the registry: one row per item in its own table (the
// public routes read those tables), and one snapshot per saved version in content_versions.

type Cell = string | number | null;
type LooseRow = Record<string, Cell>;
/** The content tables seen through the registry's column names (the table is chosen at run time). */
type LooseDb = Kysely<Record<string, LooseRow>>;
const loose = (db: Db) => db as unknown as LooseDb;

export interface Actor {
  id: string;
  email: string;
}

/** What a version keeps: everything an editor can change. */
export interface Snapshot {
  fields: Record<string, unknown>;
  status: ContentStatus;
  publishAt: string | null;
  unpublishAt: string | null;
}

export interface ContentItem extends Snapshot {
  id: string;
  type: ContentType;
  displayStatus: DisplayStatus;
  /** The window in the school's time zone, as the form shows it ("2025-08-14T10:00"). */
  publishAtLocal: string | null;
  unpublishAtLocal: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
  updatedBy: string | null;
  reviewNote: string | null;
}

export function toItem(spec: ContentTypeSpec, row: LooseRow, timeZone: string, now: Date): ContentItem {
  const fields: Record<string, unknown> = {};
  for (const [field, { column, kind }] of Object.entries(spec.columns)) fields[field] = fromColumn(kind, row[column]);
  const publishAt = (row.publish_at as string | null) ?? null;
  const unpublishAt = (row.unpublish_at as string | null) ?? null;
  const status = String(row.status) as ContentStatus;
  return {
    id: String(row._id),
    type: spec.type,
    fields,
    status,
    displayStatus: displayStatus({ status, publishAt, unpublishAt }, now),
    publishAt,
    unpublishAt,
    publishAtLocal: utcToSchoolTime(publishAt, timeZone),
    unpublishAtLocal: utcToSchoolTime(unpublishAt, timeZone),
    version: Number(row.version),
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
    createdBy: (row.created_by as string | null) ?? null,
    updatedBy: (row.updated_by as string | null) ?? null,
    reviewNote: (row.review_note as string | null) ?? null,
  };
}

export function snapshotOf(item: ContentItem): Snapshot {
  return { fields: item.fields, status: item.status, publishAt: item.publishAt, unpublishAt: item.unpublishAt };
}

export async function findRow(db: Db, spec: ContentTypeSpec, code: string, id: string): Promise<LooseRow | undefined> {
  return loose(db).selectFrom(spec.table).selectAll().where('school_code', '=', code).where('_id', '=', id).executeTakeFirst();
}

export interface ListFilter {
  q?: string;
  status?: DisplayStatus;
  year?: string;
  page: number;
  pageSize: number;
}

/** One page of a school's items of one type, newest saved first, with the total that matched. */
export async function listRows(db: Db, spec: ContentTypeSpec, code: string, filter: ListFilter, now: Date) {
  const at = now.toISOString();
  let query = loose(db).selectFrom(spec.table).where('school_code', '=', code);
  if (filter.q) {
    // The site's search (search/): every word, in any script; through the index for the kinds it holds.
    const terms = termsOf(filter.q);
    const kind = searchKindOf(spec.type);
    query = query.where(kind ? indexedItemMatches(db, code, kind, terms) : everyTermIn([spec.searchColumn], terms));
  }
  if (filter.year) query = query.where(sql<boolean>`substr(${sql.ref(spec.yearColumn)}, 1, 4) = ${filter.year}`);
  switch (filter.status) {
    case 'draft':
    case 'review':
      query = query.where('status', '=', filter.status);
      break;
    case 'published':
      query = query.where(liveAt(now));
      break;
    case 'scheduled':
      query = query.where('status', '=', 'published').where('publish_at', '>', at);
      break;
    case 'expired':
      query = query.where('status', '=', 'published').where('unpublish_at', '<=', at);
      break;
    default:
  }
  const total = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('updated_at', 'desc')
    .orderBy('_id')
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
    .execute();
  return { rows, total: Number(total.n) };
}

/** The years the year filter offers: every year the type's year column holds, newest first. */
export async function listYears(db: Db, spec: ContentTypeSpec, code: string): Promise<string[]> {
  const rows = await loose(db)
    .selectFrom(spec.table)
    .select(sql<string>`substr(${sql.ref(spec.yearColumn)}, 1, 4)`.as('year'))
    .where('school_code', '=', code)
    .where(spec.yearColumn, 'is not', null)
    .distinct()
    .execute();
  return rows
    .map((r) => String(r.year))
    .filter((y) => /^\d{4}$/.test(y))
    .toSorted()
    .toReversed();
}

export function columnsOf(spec: ContentTypeSpec, fields: Record<string, unknown>): LooseRow {
  const values: LooseRow = {};
  for (const [field, { column, kind }] of Object.entries(spec.columns)) values[column] = toColumn(kind, fields[field]);
  return values;
}

export async function insertRow(
  trx: Db,
  spec: ContentTypeSpec,
  code: string,
  snapshot: Snapshot,
  actor: Actor | null,
  now: Date,
  /** The importer's: the source's id when free, and columns the source decides (creation time, album's updatedOn). */
  kept: { id?: string; columns?: LooseRow } = {},
): Promise<LooseRow> {
  const at = now.toISOString();
  const id = kept.id ?? newId();
  const row: LooseRow = {
    _id: id,
    school_code: code,
    created_at: at,
    updated_at: at,
    ...columnsOf(spec, snapshot.fields),
    ...spec.onSave?.(now),
    status: snapshot.status,
    publish_at: snapshot.publishAt,
    unpublish_at: snapshot.unpublishAt,
    version: 1,
    created_by: actor?.id ?? null,
    updated_by: actor?.id ?? null,
    review_note: null,
    ...kept.columns,
  };
  await loose(trx).insertInto(spec.table).values(row).execute();
  await indexContent(trx, code, spec.type, [id]);
  return row;
}

/**
 * Writes a new version of an item if its stored version is still `expectedVersion`; undefined when
 * someone else saved first (or the item is gone).
 */
export async function updateRow(
  trx: Db,
  spec: ContentTypeSpec,
  code: string,
  id: string,
  expectedVersion: number,
  next: Snapshot & { reviewNote: string | null },
  actor: Actor | null,
  now: Date,
  columns: LooseRow = {},
): Promise<LooseRow | undefined> {
  const row = await loose(trx)
    .updateTable(spec.table)
    .set({
      ...columnsOf(spec, next.fields),
      ...spec.onSave?.(now),
      status: next.status,
      publish_at: next.publishAt,
      unpublish_at: next.unpublishAt,
      review_note: next.reviewNote,
      version: sql<number>`version + 1`,
      updated_at: now.toISOString(),
      updated_by: actor?.id ?? null,
      ...columns,
    })
    .where('school_code', '=', code)
    .where('_id', '=', id)
    .where('version', '=', expectedVersion)
    .returningAll()
    .executeTakeFirst();
  // The search index follows in the same transaction (search/entries.ts).
  if (row) await indexContent(trx, code, spec.type, [id]);
  return row;
}

export async function deleteRow(trx: Db, spec: ContentTypeSpec, code: string, id: string, expectedVersion: number): Promise<boolean> {
  const result = await loose(trx)
    .deleteFrom(spec.table)
    .where('school_code', '=', code)
    .where('_id', '=', id)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  const deleted = Number(result.numDeletedRows) > 0;
  if (deleted) await indexContent(trx, code, spec.type, [id]);
  return deleted;
}

export interface VersionRecord {
  version: number;
  action: string;
  savedAt: string;
  savedBy: string | null;
  savedByEmail: string | null;
  snapshot: Snapshot;
}

export async function insertVersion(
  trx: Db,
  o: { code: string; type: string; itemId: string; version: number; action: string; snapshot: unknown; actor: Actor | null; now: Date },
): Promise<void> {
  await trx
    .insertInto('content_versions')
    .values({
      id: newId(),
      school_code: o.code,
      content_type: o.type,
      item_id: o.itemId,
      version: o.version,
      action: o.action,
      snapshot: JSON.stringify(o.snapshot),
      saved_at: o.now.toISOString(),
      saved_by: o.actor?.id ?? null,
      saved_by_email: o.actor?.email ?? null,
    })
    .execute();
}

export async function listVersions<S = Snapshot>(db: Db, code: string, type: string, itemId: string) {
  const rows = await db
    .selectFrom('content_versions')
    .selectAll()
    .where('school_code', '=', code)
    .where('content_type', '=', type)
    .where('item_id', '=', itemId)
    .orderBy('version', 'desc')
    .orderBy('saved_at', 'desc')
    .execute();
  return rows.map((r) => ({
    version: Number(r.version),
    action: r.action,
    savedAt: r.saved_at,
    savedBy: r.saved_by,
    savedByEmail: r.saved_by_email,
    snapshot: JSON.parse(r.snapshot) as S,
  }));
}

/**
 * An item that was never saved through the staff area (seeded, imported, written by an older
 * release) has no version rows: its history is its current state, "Imported", by nobody. Read
 * paths show it so; the first save writes it first, so that it can be compared and restored.
 */
export function importedVersion(item: ContentItem): VersionRecord {
  return {
    version: item.version,
    action: 'imported',
    savedAt: item.updatedAt,
    savedBy: null,
    savedByEmail: null,
    snapshot: snapshotOf(item),
  };
}

/** The item's versions newest first, with its current state as the imported first version when it has none. */
export async function versionsOfItem(db: Db, code: string, item: ContentItem): Promise<VersionRecord[]> {
  const versions = await listVersions(db, code, item.type, item.id);
  return versions.length > 0 ? versions : [importedVersion(item)];
}

/** Before the first save of an item without version rows: its current state becomes version row "imported". */
export async function keepImportedVersion(trx: Db, code: string, item: ContentItem): Promise<void> {
  const any = await trx
    .selectFrom('content_versions')
    .select('id')
    .where('school_code', '=', code)
    .where('content_type', '=', item.type)
    .where('item_id', '=', item.id)
    .limit(1)
    .executeTakeFirst();
  if (any) return;
  const first = importedVersion(item);
  await insertVersion(trx, {
    code,
    type: item.type,
    itemId: item.id,
    version: first.version,
    action: first.action,
    snapshot: first.snapshot,
    actor: null,
    now: new Date(first.savedAt),
  });
}
