import { readFileSync } from 'node:fs';
import {
  pageRecordSchema,
  schoolFileSchema,
  schoolProfileRecordSchema,
  type PageContent,
  type PageSlug,
  type SchoolFile,
  type SchoolProfile,
} from '@sthsm/contract';
import { getParsed } from './api.server';
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

export async function loadPage<S extends PageSlug>(code: string, slug: S): Promise<PageContent<S> | null> {
  const key = `${code}/${slug}`;
  const record = await getParsed(`/api/pages/${encodeURIComponent(code)}/${slug}`, pageRecordSchema(slug), expectMissing);
  if (record && record.code === code) {
    lastPages.set(key, record.content);
    return record.content;
  }
  const filed = fromFile(code)?.pages[slug] as PageContent<S> | undefined;
  return filed ?? (lastPages.get(key) as PageContent<S> | undefined) ?? null;
}
