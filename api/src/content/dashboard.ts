import type { ContentType } from '@sthsm/contract';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/index.ts';
import { CONTENT_REGISTRY, type ContentTypeSpec } from './registry.ts';

// The staff dashboard's reads (routes/admin/dashboard.ts): what needs someone in one school, over
// every content table of the registry and the information pages. Each read is bounded (a few rows
// per table and a count), so the dashboard stays quick however much a school holds.

type Cell = string | number | null;
type LooseRow = Record<string, Cell>;
type LooseDb = Kysely<Record<string, LooseRow>>;
const loose = (db: Db) => db as unknown as LooseDb;

/** One content item or information page as a dashboard line. */
export interface WorkItem {
  /** A content type of the registry, or 'pages' for an information page (id: its slug). */
  type: ContentType | 'pages';
  id: string;
  /** Singular words: "news item", "information page". */
  label: string;
  /** Its title, name or the start of its text (no markup). */
  title: string;
  version: number;
  status: string;
  publishAt: string | null;
  updatedAt: string;
  createdBy: string | null;
  reviewNote: string | null;
}

const specs = (): ContentTypeSpec[] => Object.values(CONTENT_REGISTRY);

/** Text or sanitized HTML as plain words (tags dropped, the common entities read), at most `max` characters. */
export function plainWords(raw: unknown, max: number): string {
  const text = String(raw ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** Plain words naming an item: its title field without markup, shortened. */
export function titleOf(raw: unknown): string {
  return plainWords(raw, 80) || '(untitled)';
}

function toWork(spec: ContentTypeSpec, row: LooseRow): WorkItem {
  const column = spec.columns[spec.titleField]?.column ?? spec.searchColumn;
  return {
    type: spec.type,
    id: String(row._id),
    label: spec.label,
    title: titleOf(row[column]),
    version: Number(row.version),
    status: String(row.status),
    publishAt: (row.publish_at as string | null) ?? null,
    updatedAt: String(row.updated_at),
    createdBy: (row.created_by as string | null) ?? null,
    reviewNote: (row.review_note as string | null) ?? null,
  };
}

interface Filter {
  /** 'any': every status (with `updatedSince`, what changed lately). */
  status: 'draft' | 'review' | 'scheduled' | 'any';
  /** Only items this person created. */
  createdBy?: string;
  /** Only items saved at or after this instant. */
  updatedSince?: string;
}

/** Up to `limit` items of every content type matching, with how many match in all. */
export async function contentWork(
  db: Db,
  code: string,
  filter: Filter,
  now: Date,
  limit: number,
): Promise<{ items: WorkItem[]; total: number }> {
  const at = now.toISOString();
  let total = 0;
  const items: WorkItem[] = [];
  for (const spec of specs()) {
    let query = loose(db).selectFrom(spec.table).where('school_code', '=', code);
    if (filter.status === 'scheduled') query = query.where('status', '=', 'published').where('publish_at', '>', at);
    else if (filter.status !== 'any') query = query.where('status', '=', filter.status);
    if (filter.createdBy) query = query.where('created_by', '=', filter.createdBy);
    if (filter.updatedSince) query = query.where('updated_at', '>=', filter.updatedSince);
    const count = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    total += Number(count.n);
    const ordered =
      filter.status === 'scheduled'
        ? query.orderBy('publish_at', 'asc')
        : query.orderBy('updated_at', filter.status === 'review' ? 'asc' : 'desc');
    const rows = await ordered.selectAll().orderBy('_id').limit(limit).execute();
    items.push(...rows.map((r) => toWork(spec, r)));
  }
  return { items, total };
}

/** The school's information pages with a draft waiting for review. */
export async function pagesInReview(db: Db, code: string): Promise<WorkItem[]> {
  const rows = await db
    .selectFrom('school_pages')
    .select(['slug', 'version', 'status', 'updated_at', 'review_note'])
    .where('school_code', '=', code)
    .where('status', '=', 'review')
    .orderBy('updated_at', 'asc')
    .execute();
  return rows.map((r) => ({
    type: 'pages' as const,
    id: r.slug,
    label: 'information page',
    title: r.slug,
    version: Number(r.version),
    status: r.status,
    publishAt: null,
    updatedAt: r.updated_at,
    createdBy: null,
    reviewNote: r.review_note,
  }));
}

export interface ReviewEvent {
  type: string;
  itemId: string;
  version: number;
  action: string;
  savedAt: string;
  savedBy: string | null;
  savedByEmail: string | null;
  savedByName: string | null;
}

/**
 * The newest review step (created, submitted, published, returned) of each item named, with the
 * name of who took it: who submitted an item waiting for review, who approved or sent back one's own.
 */
export async function lastReviewSteps(
  db: Db,
  code: string,
  items: ReadonlyArray<Pick<WorkItem, 'type' | 'id'>>,
): Promise<Map<string, ReviewEvent>> {
  const found = new Map<string, ReviewEvent>();
  const byType = new Map<string, string[]>();
  for (const item of items) byType.set(item.type, [...(byType.get(item.type) ?? []), item.id]);
  for (const [type, ids] of byType) {
    const rows = await db
      .selectFrom('content_versions as v')
      .leftJoin('staff_users as u', 'u.id', 'v.saved_by')
      .select(['v.content_type', 'v.item_id', 'v.version', 'v.action', 'v.saved_at', 'v.saved_by', 'v.saved_by_email', 'u.name'])
      .where('v.school_code', '=', code)
      .where('v.content_type', '=', type)
      .where('v.item_id', 'in', ids)
      .where('v.action', 'in', ['created', 'submitted', 'published', 'returned'])
      .orderBy('v.version', 'desc')
      .orderBy('v.saved_at', 'desc')
      .execute();
    for (const r of rows) {
      const key = `${r.content_type}/${r.item_id}`;
      if (found.has(key)) continue;
      found.set(key, {
        type: r.content_type,
        itemId: r.item_id,
        version: Number(r.version),
        action: r.action,
        savedAt: r.saved_at,
        savedBy: r.saved_by,
        savedByEmail: r.saved_by_email,
        savedByName: r.name ?? null,
      });
    }
  }
  return found;
}

/** Names of staff accounts by id (for items without a submit step: who created them). */
export async function staffNames(db: Db, ids: readonly string[]): Promise<Map<string, { name: string; email: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('staff_users')
    .select(['id', 'name', 'email'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email }]));
}

/** Alumni submissions nobody has marked handled yet, and when the newest of them came. */
export async function unhandledSubmissions(db: Db, code: string): Promise<{ unhandled: number; newest: string | null }> {
  const row = await db
    .selectFrom('alumni_submissions')
    .select((eb) => [eb.fn.countAll<string | number>().as('n'), eb.fn.max('created_at').as('newest')])
    .where('school_code', '=', code)
    .where('handled_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { unhandled: Number(row.n), newest: (row.newest as string | null) ?? null };
}

/** Library photos with neither alt text nor the decorative mark (the media library's missingAlt filter). */
export async function photosWithoutAlt(db: Db, code: string): Promise<number> {
  const row = await db
    .selectFrom('media')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('school_code', '=', code)
    .where('kind', '=', 'image')
    .where('alt', '=', '')
    .where('decorative', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface EndingConsent {
  childId: string;
  name: string;
  class: string;
  purpose: string;
  endsOn: string;
}

/** Consents in effect now whose end falls before `until`, soonest first, with how many there are. */
export async function consentsEnding(
  db: Db,
  code: string,
  now: Date,
  until: Date,
  limit: number,
): Promise<{ items: EndingConsent[]; total: number }> {
  const query = db
    .selectFrom('child_consents as c')
    .innerJoin('children as k', (join) => join.onRef('k._id', '=', 'c.child_id').onRef('k.school_code', '=', 'c.school_code'))
    .where('c.school_code', '=', code)
    .where('c.withdrawn_at', 'is', null)
    .where('c.ends_at', '>', now.toISOString())
    .where('c.ends_at', '<=', until.toISOString());
  const count = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .select(['c.child_id', 'k.name', 'k.class', 'c.purpose', 'c.ends_on'])
    .orderBy('c.ends_at', 'asc')
    .orderBy(sql.ref('k.name'))
    .limit(limit)
    .execute();
  return {
    total: Number(count.n),
    items: rows.map((r) => ({ childId: r.child_id, name: r.name, class: r.class, purpose: r.purpose, endsOn: r.ends_on })),
  };
}

/**
 * Published toppers and birthdays that name a child with no link to the child's consent record
 * (decision 0055's register): what an import brought as the old site published it, or what was
 * entered before the register. The school links each to its child or unpublishes it.
 */
export async function unlinkedChildItems(db: Db, code: string): Promise<{ toppers: number; birthdays: number }> {
  const count = async (table: 'toppers' | 'birthdays') => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('school_code', '=', code)
      .where('status', '=', 'published')
      .where('child_id', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return { toppers: await count('toppers'), birthdays: await count('birthdays') };
}
