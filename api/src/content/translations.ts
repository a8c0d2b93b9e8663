import { displayStatus, type ContentStatus, type ContentType, type DisplayStatus } from '@sthsm/contract';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/index.ts';
import type { ContentTranslationsTable } from '../db/schema.ts';
import { liveAt } from '../repositories/rows.ts';
import type { ContentTypeSpec } from './registry.ts';
import type { Actor, Snapshot } from './store.ts';
import { utcToSchoolTime } from './time.ts';

// A content item's versions in other languages (issue 35, docs/decisions/0156): one row per item and
// language with the type's text fields and a status, window, version and authors of its own. The
// item's other fields are shared. Publishing, scheduling or unpublishing one language never writes
// the item's row or another language's: each is its own row and its own history (content_versions
// under the type "<type>@<locale>").

export interface Translation extends Snapshot {
  locale: string;
  /** The English text of the same fields when this version was saved (null: not known). */
  source: Record<string, unknown> | null;
  displayStatus: DisplayStatus;
  publishAtLocal: string | null;
  unpublishAtLocal: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
  updatedBy: string | null;
  reviewNote: string | null;
}

/** The item's English text of the fields a language has. */
export const englishOf = (spec: ContentTypeSpec, fields: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(spec.translatable.map((f) => [f, fields[f] ?? '']));

/** Whether the English text changed since a language's version was last saved beside it (not known: no). */
export const englishChangedSince = (t: Pick<Translation, 'source'>, spec: ContentTypeSpec, fields: Record<string, unknown>): boolean =>
  t.source !== null && spec.translatable.some((f) => (t.source?.[f] ?? '') !== (fields[f] ?? ''));

/** The key of a language's history in content_versions. */
export const historyType = (type: ContentType, locale: string) => `${type}@${locale}`;

function fieldsOf(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function toTranslation(row: Selectable<ContentTranslationsTable>, timeZone: string, now: Date): Translation {
  const status = row.status as ContentStatus;
  return {
    locale: row.locale,
    fields: fieldsOf(row.fields),
    source: row.source === null ? null : fieldsOf(row.source),
    status,
    displayStatus: displayStatus({ status, publishAt: row.publish_at, unpublishAt: row.unpublish_at }, now),
    publishAt: row.publish_at,
    unpublishAt: row.unpublish_at,
    publishAtLocal: utcToSchoolTime(row.publish_at, timeZone),
    unpublishAtLocal: utcToSchoolTime(row.unpublish_at, timeZone),
    version: Number(row.version),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    createdBy: row.created_by,
    updatedBy: row.updated_by,
    reviewNote: row.review_note,
  };
}

const ofItem = (db: Db, code: string, type: ContentType, id: string) =>
  db.selectFrom('content_translations').where('school_code', '=', code).where('content_type', '=', type).where('item_id', '=', id);

/** Every language's version of one item, by locale. */
export async function translationsOf(db: Db, code: string, type: ContentType, id: string, timeZone: string, now: Date) {
  const rows = await ofItem(db, code, type, id).selectAll().orderBy('locale').execute();
  return rows.map((r) => toTranslation(r, timeZone, now));
}

export async function findTranslation(
  db: Db,
  code: string,
  type: ContentType,
  id: string,
  locale: string,
  timeZone: string,
  now: Date,
): Promise<Translation | undefined> {
  const row = await ofItem(db, code, type, id).selectAll().where('locale', '=', locale).executeTakeFirst();
  return row && toTranslation(row, timeZone, now);
}

/** The first version of a language: undefined when someone else wrote it first (the primary key). */
export async function insertTranslation(
  trx: Db,
  o: {
    code: string;
    spec: ContentTypeSpec;
    id: string;
    locale: string;
    next: Snapshot;
    source: Record<string, unknown>;
    actor: Actor;
    now: Date;
  },
): Promise<Selectable<ContentTranslationsTable> | undefined> {
  const at = o.now.toISOString();
  return trx
    .insertInto('content_translations')
    .values({
      school_code: o.code,
      content_type: o.spec.type,
      item_id: o.id,
      locale: o.locale,
      fields: JSON.stringify(o.next.fields),
      source: JSON.stringify(o.source),
      status: o.next.status,
      publish_at: o.next.publishAt,
      unpublish_at: o.next.unpublishAt,
      version: 1,
      created_at: at,
      updated_at: at,
      created_by: o.actor.id,
      updated_by: o.actor.id,
      review_note: null,
    })
    .onConflict((oc) => oc.columns(['school_code', 'content_type', 'item_id', 'locale']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The next version of a language if its stored version is still `expected`; undefined otherwise. */
export async function updateTranslation(
  trx: Db,
  o: {
    code: string;
    spec: ContentTypeSpec;
    id: string;
    locale: string;
    expected: number;
    next: Snapshot & { reviewNote: string | null };
    /** The English text it was written beside (kept as it was when only the status changes: null). */
    source: Record<string, unknown> | null;
    actor: Actor;
    now: Date;
  },
): Promise<Selectable<ContentTranslationsTable> | undefined> {
  return trx
    .updateTable('content_translations')
    .set({
      fields: JSON.stringify(o.next.fields),
      ...(o.source ? { source: JSON.stringify(o.source) } : {}),
      status: o.next.status,
      publish_at: o.next.publishAt,
      unpublish_at: o.next.unpublishAt,
      review_note: o.next.reviewNote,
      version: sql<number>`version + 1`,
      updated_at: o.now.toISOString(),
      updated_by: o.actor.id,
    })
    .where('school_code', '=', o.code)
    .where('content_type', '=', o.spec.type)
    .where('item_id', '=', o.id)
    .where('locale', '=', o.locale)
    .where('version', '=', o.expected)
    .returningAll()
    .executeTakeFirst();
}

export const translationOf = toTranslation;

/** The live text in `locale` of the items named (published and inside its own window), by item id. */
export async function liveTranslations(
  db: Db,
  code: string,
  type: ContentType,
  locale: string,
  ids: readonly string[],
  now: Date,
): Promise<Map<string, Record<string, unknown>>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('content_translations')
    .select(['item_id', 'fields'])
    .where('school_code', '=', code)
    .where('content_type', '=', type)
    .where('locale', '=', locale)
    .where('item_id', 'in', [...new Set(ids)])
    .where(liveAt(now))
    .execute();
  return new Map(rows.map((r) => [r.item_id, fieldsOf(r.fields)]));
}

/**
 * The public answer's items in `locale`: an item with a live version in it gets that version's text
 * fields and `lang`; the others stay as the school wrote them (English), without `lang`, and the site
 * shows them with its one-line note.
 */
export async function inLanguage<T extends { _id: string }>(
  db: Db,
  code: string,
  spec: ContentTypeSpec,
  locale: string | undefined,
  items: T[],
  now: Date,
): Promise<T[]> {
  if (!locale || locale === 'en' || spec.translatable.length === 0) return items;
  const live = await liveTranslations(
    db,
    code,
    spec.type,
    locale,
    items.map((i) => i._id),
    now,
  );
  if (live.size === 0) return items;
  return items.map((item) => {
    const text = live.get(item._id);
    if (!text) return item;
    const over: Record<string, unknown> = {};
    for (const field of spec.translatable) if (typeof text[field] === 'string' && text[field] !== '') over[field] = text[field];
    return { ...item, ...over, lang: locale };
  });
}

/** Versions in other languages go with their item when it is gone for good (trash purged, school deleted). */
export async function deleteTranslationsOf(trx: Db, code: string, type: ContentType, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .deleteFrom('content_translations')
    .where('school_code', '=', code)
    .where('content_type', '=', type)
    .where('item_id', 'in', [...ids])
    .execute();
}

/** A text the school already has in another language, as published (the seed's and the importer's way). */
export async function insertPublishedTranslation(
  db: Db,
  code: string,
  t: { type: ContentType; id: string; locale: string; fields: Record<string, string> },
  at: string,
): Promise<void> {
  await db
    .insertInto('content_translations')
    .values({
      school_code: code,
      content_type: t.type,
      item_id: t.id,
      locale: t.locale,
      fields: JSON.stringify(t.fields),
      source: null,
      status: 'published',
      publish_at: null,
      unpublish_at: null,
      version: 1,
      created_at: at,
      updated_at: at,
      created_by: null,
      updated_by: null,
      review_note: null,
    })
    .execute();
}
