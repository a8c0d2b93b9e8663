import type { ContentType } from '@sthsm/contract';
import { isPageSlug, type PageSlug } from '@sthsm/contract';
import type { SearchKind } from '@sthsm/contract/search';
import { SITE_PAGES, albumPath, eventPath, newsItemPath } from '@sthsm/contract/site-map';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { SearchEntriesTable } from '../db/schema.ts';
import { plainWords } from '../content/dashboard.ts';
import { CONTENT_REGISTRY } from '../content/registry.ts';
import { fromJson } from '../repositories/rows.ts';
import { indexedWords } from './text.ts';

// What the search index holds for each thing a visitor may find (docs/search.md), and the writes
// that keep it: every write of content, a page, a photo's caption or a child's name calls one of
// these in its own transaction, so a search never sees a state the site does not show.

/** Bump when what an entry holds changes: start-up rebuilds every school built by an older one. */
export const SEARCH_INDEX_VERSION = 1;
/** The content language of every entry until a school has others (issue 35). */
export const DEFAULT_LANG = 'en';

/** The most text of one item that is searched and shown (a long page's later paragraphs still count). */
const BODY_MAX = 20_000;

type Entry = Omit<SearchEntriesTable, 'id' | 'school_code' | 'lang' | 'folded_title'> & { title: string; body: string };
type Row = Record<string, string | number | null>;

/** The content types whose items are searched (each a result kind of the same name; their tables are the registry's). */
const SEARCHED: readonly ContentType[] = ['news', 'events', 'announcements', 'notifications', 'albums', 'videos', 'toppers'];

/** The result kind of a content type's items, when they are searched. */
export function searchKindOf(type: ContentType): SearchKind | undefined {
  return SEARCHED.includes(type) ? (type as SearchKind) : undefined;
}

const text = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));
const words = (...parts: unknown[]) =>
  parts
    .map((p) => plainWords(p, BODY_MAX))
    .filter((p) => p !== '')
    .join(' · ');
const OPEN_FROM = '0000-01-01';
const OPEN_UNTIL = '9999-12-31';

function visibility(row: Row) {
  return {
    status: text(row.status) || 'published',
    publish_at: (row.publish_at as string | null) ?? null,
    unpublish_at: (row.unpublish_at as string | null) ?? null,
    shown_from: OPEN_FROM,
    shown_until: OPEN_UNTIL,
    child_id: null,
    consent_purpose: null,
  };
}

/** A path of the site, or an https: address, as a result may lead to. */
const safeLink = (url: string) => (/^\/(?!\/)/.test(url) || /^https:\/\//i.test(url) ? url : null);

/** The captions of an album's photos that may be searched: never one of a photo that shows a named child. */
async function captionsOf(db: Db, code: string, refs: string[]): Promise<string[]> {
  if (refs.length === 0) return [];
  const rows = await db
    .selectFrom('media')
    .select(['ref', 'caption'])
    .where('school_code', '=', code)
    .where('ref', 'in', refs)
    .where('caption', '<>', '')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('media_children as mc')
            .select('mc.child_id')
            .whereRef('mc.media_ref', '=', 'media.ref')
            .where('mc.school_code', '=', code),
        ),
      ),
    )
    .execute();
  return rows.map((r) => r.caption);
}

async function registerName(db: Db, code: string, childId: string | null): Promise<{ name: string; class: string } | undefined> {
  if (!childId) return undefined;
  return db.selectFrom('children').select(['name', 'class']).where('school_code', '=', code).where('_id', '=', childId).executeTakeFirst();
}

/** The entry of one content row (of a searched type). */
async function contentEntry(db: Db, code: string, kind: SearchKind, row: Row): Promise<Entry> {
  const id = text(row._id);
  const updated = text(row.updated_at);
  const base = { item_id: id, date: null as string | null, recent: updated, ...visibility(row) };
  /** An item with a date of its own: shown with it, and as recent as it. */
  const dated = { date: (row.date as string | null) ?? null, recent: text(row.date) || updated };
  switch (kind) {
    case 'news':
      return {
        ...base,
        kind,
        title: words(row.title),
        body: words(row.description),
        path: newsItemPath(id),
        ...dated,
      };
    case 'events':
      return {
        ...base,
        kind,
        title: words(row.title),
        body: words(row.description, row.venue, row.location, row.time),
        path: eventPath(id),
        ...dated,
      };
    case 'announcements': {
      const all = words(row.description);
      return { ...base, kind, title: plainWords(row.description, 120), body: all, path: '/' };
    }
    case 'notifications':
      return {
        ...base,
        kind,
        title: words(row.title),
        body: words(row.description),
        path: safeLink(text(row.url)) ?? '/',
        shown_from: text(row.active_from) || OPEN_FROM,
        shown_until: text(row.active_until) || OPEN_UNTIL,
      };
    case 'albums': {
      const captions = await captionsOf(db, code, fromJson(text(row.attachments)));
      return {
        ...base,
        kind,
        title: words(row.title),
        body: words(row.description, row.category, ...captions),
        path: albumPath(id),
        ...dated,
      };
    }
    case 'videos':
      return {
        ...base,
        kind,
        title: words(row.title),
        body: '',
        path: safeLink(text(row.video_url)) ?? `/video-gallery?q=${encodeURIComponent(text(row.title))}`,
        ...dated,
      };
    case 'toppers': {
      const childId = (row.child_id as string | null) ?? null;
      // A linked child shows as the register names them now (as the public toppers read does).
      const child = await registerName(db, code, childId);
      const name = child?.name ?? text(row.name);
      const cls = text(row.class);
      return {
        ...base,
        kind,
        title: words(name),
        body: words(`Class ${cls}`, row.stream, row.division, row.session_year),
        path: `${cls === 'XII' ? '/ToppersXII' : '/Toppers'}?q=${encodeURIComponent(name)}`,
        child_id: childId,
        consent_purpose: childId ? 'results' : null,
      };
    }
    default:
      throw new Error(`Not a content kind: ${kind}`);
  }
}

/** Every string of a stored page (its words), leaving out file references, keys and colours. */
function pageStrings(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return /^(image|file|src|ref|swatch|id|key|link|session)$/i.test(key) ? [] : [value];
  if (Array.isArray(value)) return value.flatMap((v) => pageStrings(v, key));
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    // A site image is { src/ref, alt }: its alt text describes a picture, not the page.
    if ('alt' in o && ('src' in o || 'ref' in o)) return [];
    return Object.entries(o).flatMap(([k, v]) => pageStrings(v, k));
  }
  return [];
}

interface SyllabusDocument {
  title: string;
  label: string;
  summary: string;
}

/** The entries of one published information page: the page, and each syllabus document on its own. */
function pageEntries(slug: PageSlug, content: unknown, updatedAt: string): Entry[] {
  if (slug === 'home') return [];
  const page = SITE_PAGES.find((p) => p.module === slug);
  if (!page) return [];
  const published = { ...visibility({ status: 'published' }), date: null, recent: updatedAt };
  const entries: Entry[] = [
    // The syllabus page's documents are entries of their own (below), not words of the page.
    {
      ...published,
      kind: 'pages',
      item_id: slug,
      title: page.title,
      body: words(...pageStrings(slug === 'syllabus' ? { ...(content as object), documents: [] } : content)),
      path: page.path,
    },
  ];
  if (slug === 'syllabus') {
    const documents = ((content as { documents?: SyllabusDocument[] }).documents ?? []).slice(0, 20);
    documents.forEach((d, i) =>
      entries.push({
        ...published,
        kind: 'syllabus',
        item_id: String(i + 1),
        title: words(d.title),
        body: words(d.label, d.summary),
        path: page.path,
      }),
    );
  }
  return entries;
}

async function replace(
  trx: Db,
  code: string,
  kind: SearchKind,
  itemIds: readonly string[] | 'all',
  entries: readonly Entry[],
): Promise<void> {
  let gone = trx
    .selectFrom('search_entries')
    .select('id')
    .where('school_code', '=', code)
    .where('kind', '=', kind)
    .where('lang', '=', DEFAULT_LANG);
  if (itemIds !== 'all') {
    if (itemIds.length === 0) return;
    gone = gone.where('item_id', 'in', [...itemIds]);
  }
  // The texts first (their FTS5 triggers), then the entries.
  await trx.deleteFrom('search_texts').where('id', 'in', gone).execute();
  await trx.deleteFrom('search_entries').where('id', 'in', gone).execute();
  for (const { title, body, ...entry } of entries) {
    const { id } = await trx
      .insertInto('search_entries')
      .values({ ...entry, school_code: code, lang: DEFAULT_LANG, folded_title: indexedWords(title) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('search_texts')
      .values({ id: Number(id), title, body, folded: indexedWords(`${title}\n${body}`) })
      .execute();
  }
}

async function contentRows(db: Db, table: string, code: string, ids?: readonly string[]): Promise<Row[]> {
  // The content tables share these columns; the table is chosen at run time (as content/store.ts does).
  let query = (db as unknown as Db)
    .selectFrom(table as 'news')
    .selectAll()
    .where('school_code', '=', code);
  if (ids) query = query.where('_id', 'in', [...ids]);
  return (await query.execute()) as unknown as Row[];
}

/** Writes (or removes, when the item is gone) the entries of content items, in the caller's transaction. */
export async function indexContent(trx: Db, code: string, type: ContentType, ids: readonly string[]): Promise<void> {
  const kind = searchKindOf(type);
  if (!kind || ids.length === 0) return;
  const rows = await contentRows(trx, CONTENT_REGISTRY[type].table, code, ids);
  const entries = await Promise.all(rows.map((r) => contentEntry(trx, code, kind, r)));
  await replace(trx, code, kind, ids, entries);
}

/** Writes the entries of an information page as the public reads it (none until it is published). */
export async function indexPage(trx: Db, code: string, slug: string): Promise<void> {
  if (!isPageSlug(slug)) return;
  const row = await trx
    .selectFrom('school_pages')
    .select(['content', 'updated_at', 'published_at'])
    .where('school_code', '=', code)
    .where('slug', '=', slug)
    .executeTakeFirst();
  let content: unknown = null;
  try {
    content = row?.published_at ? JSON.parse(row.content) : null;
  } catch {
    content = null;
  }
  const entries = content ? pageEntries(slug, content, row?.updated_at ?? '') : [];
  await replace(
    trx,
    code,
    'pages',
    [slug],
    entries.filter((e) => e.kind === 'pages'),
  );
  if (slug === 'syllabus')
    await replace(
      trx,
      code,
      'syllabus',
      'all',
      entries.filter((e) => e.kind === 'syllabus'),
    );
}

/** After a photo's caption or its children change, or it leaves the library: the albums holding it again. */
export async function indexAlbumsHolding(trx: Db, code: string, ref: string): Promise<void> {
  const pattern = `%${JSON.stringify(ref).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await trx
    .selectFrom('albums')
    .select('_id')
    .where('school_code', '=', code)
    .where(sql<boolean>`attachments like ${pattern} escape '\\'`)
    .execute();
  await indexContent(
    trx,
    code,
    'albums',
    rows.map((r) => r._id),
  );
}

/** After a child's name or class changes in the register: the toppers linked to them again. */
export async function indexLinkedToChild(trx: Db, code: string, childId: string): Promise<void> {
  const rows = await trx.selectFrom('toppers').select('_id').where('school_code', '=', code).where('child_id', '=', childId).execute();
  await indexContent(
    trx,
    code,
    'toppers',
    rows.map((r) => r._id),
  );
}

/** Every entry of a school made anew (after a seed, an import, a restore, or a newer builder). */
export async function reindexSchool(trx: Db, code: string): Promise<number> {
  const school = trx.selectFrom('search_entries').select('id').where('school_code', '=', code);
  await trx.deleteFrom('search_texts').where('id', 'in', school).execute();
  await trx.deleteFrom('search_entries').where('school_code', '=', code).execute();
  let count = 0;
  for (const type of SEARCHED) {
    const kind = type as SearchKind;
    const rows = await contentRows(trx, CONTENT_REGISTRY[type].table, code);
    const entries: Entry[] = [];
    for (const r of rows) entries.push(await contentEntry(trx, code, kind, r));
    await replace(trx, code, kind, 'all', entries);
    count += entries.length;
  }
  const pages = await trx.selectFrom('school_pages').select('slug').where('school_code', '=', code).execute();
  for (const { slug } of pages) await indexPage(trx, code, slug);
  await trx
    .insertInto('search_state')
    .values({ school_code: code, built_version: SEARCH_INDEX_VERSION })
    .onConflict((oc) => oc.column('school_code').doUpdateSet({ built_version: SEARCH_INDEX_VERSION }))
    .execute();
  return count + pages.length;
}

/** The schools whose entries were built by an older builder (or never): start-up builds them. */
export async function schoolsToReindex(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('schools')
    .leftJoin('search_state', 'search_state.school_code', 'schools.code')
    .select('schools.code')
    .where((eb) => eb.or([eb('search_state.built_version', 'is', null), eb('search_state.built_version', '<', SEARCH_INDEX_VERSION)]))
    .execute();
  return rows.map((r) => r.code);
}
