import { isPageSlug, pageSchemas, type PageContent, type PageRecord, type PageSlug } from '@sthsm/contract';
import { sql, type Selectable } from 'kysely';
import type { ZodType } from 'zod';
import type { Db } from '../db/index.ts';
import type { SchoolPagesTable } from '../db/schema.ts';
import { decodeDocument, type SaveResult } from './documents.ts';
import { nowIso } from './rows.ts';
import { schoolExists } from './schools.ts';
import { indexPage } from '../search/entries.ts';

function toRecord<S extends PageSlug>(slug: S, r: Selectable<SchoolPagesTable>): PageRecord<S> {
  return {
    code: r.school_code,
    slug,
    version: Number(r.version),
    updatedAt: r.updated_at,
    // pageSchemas[slug] is typed as the union of every page's schema; for this slug it is this one.
    content: decodeDocument(
      pageSchemas[slug] as unknown as ZodType<PageContent<S>>,
      r.content,
      `"${slug}" page of school ${r.school_code}`,
    ),
  };
}

/** A page as the public reads it: undefined when it has no row or was never published (docs/decisions/0134). */
export async function findSchoolPage<S extends PageSlug>(db: Db, code: string, slug: S): Promise<PageRecord<S> | undefined> {
  const row = await db
    .selectFrom('school_pages')
    .selectAll()
    .where('school_code', '=', code)
    .where('slug', '=', slug)
    .where('published_at', 'is not', null)
    .executeTakeFirst();
  return row && toRecord(slug, row);
}

/** The pages of a school the public may read (published at least once), with their last save, in slug order. */
export async function listPublishedPages(db: Db, code: string): Promise<Array<{ slug: PageSlug; updatedAt: string }>> {
  const rows = await db
    .selectFrom('school_pages')
    .select(['slug', 'updated_at'])
    .where('school_code', '=', code)
    .where('published_at', 'is not', null)
    .orderBy('slug')
    .execute();
  return rows.flatMap((r) => (isPageSlug(r.slug) ? [{ slug: r.slug, updatedAt: r.updated_at }] : []));
}

/** The slugs a school has stored pages for, with their versions. */
export async function listSchoolPages(db: Db, code: string): Promise<Array<{ slug: string; version: number; updatedAt: string }>> {
  const rows = await db
    .selectFrom('school_pages')
    .select(['slug', 'version', 'updated_at'])
    .where('school_code', '=', code)
    .orderBy('slug')
    .execute();
  return rows.map((r) => ({ slug: r.slug, version: Number(r.version), updatedAt: r.updated_at }));
}

/**
 * Saves one page's content as published (the seed's and the school file's way; staff edits go through
 * the pages API, api/src/routes/admin/pages.ts). Checked against the page's contract schema first; a ZodError is thrown
 * for bad content). `expectedVersion` works as for the profile: 0 means "nothing stored yet".
 */
export async function saveSchoolPage<S extends PageSlug>(
  db: Db,
  code: string,
  slug: S,
  content: PageContent<S>,
  options: { expectedVersion?: number } = {},
): Promise<SaveResult<PageRecord<S>>> {
  const text = JSON.stringify(pageSchemas[slug].parse(content));
  const updatedAt = nowIso();
  if (options.expectedVersion !== undefined) {
    const row = await db
      .updateTable('school_pages')
      .set({
        content: text,
        version: sql<number>`version + 1`,
        updated_at: updatedAt,
        published_at: sql<string>`coalesce(published_at, ${updatedAt})`,
      })
      .where('school_code', '=', code)
      .where('slug', '=', slug)
      .where('version', '=', options.expectedVersion)
      .returningAll()
      .executeTakeFirst();
    if (row) {
      await indexPage(db, code, slug);
      return { ok: true, record: toRecord(slug, row) };
    }
    const current = await findSchoolPage(db, code, slug);
    if (current) return { ok: false, reason: 'conflict', current };
    if (!(await schoolExists(db, code))) return { ok: false, reason: 'unknown-school' };
    if (options.expectedVersion !== 0)
      return { ok: false, reason: 'conflict', current: { code, slug, version: 0, updatedAt: '', content } };
  } else if (!(await schoolExists(db, code))) {
    return { ok: false, reason: 'unknown-school' };
  }
  const row = await db
    .insertInto('school_pages')
    .values({ school_code: code, slug, content: text, version: 1, updated_at: updatedAt, published_at: updatedAt })
    .onConflict((oc) =>
      oc.columns(['school_code', 'slug']).doUpdateSet({
        content: text,
        version: sql<number>`school_pages.version + 1`,
        updated_at: updatedAt,
        published_at: sql<string>`coalesce(school_pages.published_at, ${updatedAt})`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  await indexPage(db, code, slug);
  return { ok: true, record: toRecord(slug, row) };
}
