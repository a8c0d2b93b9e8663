import { readFileSync } from 'node:fs';
import {
  PAGE_SLUGS,
  pageRecordSchema,
  schoolFileSchema,
  schoolProfileRecordSchema,
  type PageContent,
  type PageSlug,
  type SchoolFile,
  type SchoolProfile,
} from '@sthsm/contract';
import { z } from 'zod';
import { publicAlertSchema, type PublicAlert } from '@sthsm/contract/alerts';
import { getAnswer, getParsed } from './api.server';
import { env } from './env.server';

// The school's profile and page texts for the site (docs/decisions/0023). First the API
// (GET /api/school/{code}, GET /api/pages/{code}/{slug}); when that gives nothing, the school file
// named by SCHOOL_PROFILE_FILE (for an API_URL server without these endpoints); else the last copy
// this process read from the API, so a passing outage keeps the header and footer whole; else null,
// and the pages say the text could not be loaded.

/** Reads and checks the school file once, when the site loads; a bad file stops the start with one line. */
function readSchoolFile(file: string | undefined): SchoolFile | null {
  if (!file) return null;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`SCHOOL_PROFILE_FILE ${file} could not be read: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  const result = schoolFileSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(
      `SCHOOL_PROFILE_FILE ${file} is not a valid school file: ${issue?.path.join('.') || 'file'} ${issue?.message ?? ''}`.trim(),
    );
  }
  return result.data;
}

const schoolFile = readSchoolFile(env.schoolProfileFile);

function fromFile(code: string) {
  return schoolFile?.schools.find((s) => s.code === code);
}

/** The last answers the API gave, per school (and page): only read when the API gives nothing. */
const lastProfiles = new Map<string, SchoolProfile>();
const lastPages = new Map<string, unknown>();

/** With a school file, a 404 of the school endpoints is the expected answer, not worth a log line. */
const expectMissing = { quietWhenMissing: schoolFile !== null };

export async function loadSchoolProfile(code: string): Promise<SchoolProfile | null> {
  const record = await getParsed(`/api/school/${encodeURIComponent(code)}`, schoolProfileRecordSchema, expectMissing);
  if (record && record.code === code) {
    lastProfiles.set(code, record.profile);
    return record.profile;
  }
  return fromFile(code)?.profile ?? lastProfiles.get(code) ?? null;
}

/**
 * A page's text and whether the school has published it: `published` is false only when the API
 * says it has no such page (404: nobody has written or published it, decision 0134), the school's
 * published pages are known, and no school file has it; a failed call is not that (its text is null,
 * and the page says it could not be loaded).
 */
export async function fetchPage<S extends PageSlug>(
  code: string,
  slug: S,
): Promise<{ content: PageContent<S> | null; published: boolean }> {
  const key = `${code}/${slug}`;
  // A 404 is an expected answer here (a page the school has not published), not worth a log line.
  const answer = await getAnswer(`/api/pages/${encodeURIComponent(code)}/${slug}`, pageRecordSchema(slug), { quietWhenMissing: true });
  const record = answer.data;
  if (record && record.code === code) {
    lastPages.set(key, record.content);
    return { content: record.content, published: true };
  }
  const filed = fromFile(code)?.pages[slug] as PageContent<S> | undefined;
  if (filed) return { content: filed, published: true };
  // A 404 says "not published" only from a server that lists published pages: from one without the
  // school endpoints (API_URL elsewhere, no school file) it says nothing, and the page is just not available.
  if (answer.missing && (await loadPublishedPages(code)) !== null) {
    lastPages.delete(key);
    return { content: null, published: false };
  }
  return { content: (lastPages.get(key) as PageContent<S> | undefined) ?? null, published: true };
}

export async function loadPage<S extends PageSlug>(code: string, slug: S): Promise<PageContent<S> | null> {
  return (await fetchPage(code, slug)).content;
}

const publishedList = z.array(z.object({ slug: z.string(), updatedAt: z.string() }));
const lastPublished = new Map<string, PublishedPages>();

/** The pages a school has published, by slug, with their last save; what the menu and the sitemaps list. */
export type PublishedPages = Record<string, string>;

/**
 * The school's published pages (GET /api/pages/{code}); else the school file's pages; else the last
 * answer; else null: not known, and the site lists every page as it always did.
 */
export async function loadPublishedPages(code: string): Promise<PublishedPages | null> {
  const list = await getParsed(`/api/pages/${encodeURIComponent(code)}`, publishedList, expectMissing);
  if (list) {
    const pages = Object.fromEntries(list.map((p) => [p.slug, p.updatedAt]));
    lastPublished.set(code, pages);
    return pages;
  }
  const filed = fromFile(code);
  if (filed) return Object.fromEntries(Object.keys(filed.pages).map((slug) => [slug, '']));
  return lastPublished.get(code) ?? null;
}

/** The information pages (their slugs, which are their route modules) a school has not published; none when not known. */
export function unpublishedPages(published: PublishedPages | null): PageSlug[] {
  return published ? PAGE_SLUGS.filter((slug) => slug !== 'home' && !Object.hasOwn(published, slug)) : [];
}

const startedList = z.array(z.object({ type: z.string() }));
const lastStarted = new Map<string, string[]>();

/**
 * The kinds of content the school has started (GET /api/sections/{code}, decision 0134); else the
 * last answer; else null: not known (a server without this endpoint), and every section shows as SPEC §8 says.
 */
export async function loadStartedSections(code: string): Promise<string[] | null> {
  const list = await getParsed(`/api/sections/${encodeURIComponent(code)}`, startedList, { quietWhenMissing: true });
  if (list) {
    const types = list.map((s) => s.type);
    lastStarted.set(code, types);
    return types;
  }
  return lastStarted.get(code) ?? null;
}

const alertList = z.array(publicAlertSchema);

/**
 * The school's current emergency alerts (GET /api/alert/{code}, issue 34): the banner on every page.
 * None when the API has no such endpoint (another server speaking the contract) or did not answer:
 * an alert is worth showing only while it is known to be current, so no earlier answer is kept.
 */
export async function loadAlerts(code: string): Promise<PublicAlert[]> {
  return (await getParsed(`/api/alert/${encodeURIComponent(code)}`, alertList, { quietWhenMissing: true })) ?? [];
}
