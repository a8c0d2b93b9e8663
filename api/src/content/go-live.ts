import { stat } from 'node:fs/promises';
import path from 'node:path';
import { PAGE_SLUGS, type PageSlug, type SchoolProfile } from '@sthsm/contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { schoolProfileOrEmpty } from '../repositories/school-profiles.ts';

// "Before you go live" (the staff dashboard, docs/decisions/0135): what a school still lacks before
// its site can be shown to parents, each line with where it is fixed. Facts of the school's settings,
// its information pages, its host names, and two of the server's own (e-mail, backups) that only
// whoever runs the server can set. Administrators get every line; editors the pages (what they can fix).

export type GoLiveKey =
  'name' | 'crest' | 'colours' | 'contact' | 'principal' | 'affiliation' | 'pages' | 'privacy' | 'host' | 'email' | 'backups';

export interface GoLiveLine {
  key: GoLiveKey;
  done: boolean;
  /** The information pages not published yet (the "pages" line only). */
  pages?: PageSlug[];
}

const has = (v: string | null | undefined) => typeof v === 'string' && v.trim() !== '';

/** The device of a path, or of its nearest existing parent (a backup folder is made on the first backup). */
async function deviceOf(target: string): Promise<number | null> {
  for (let at = path.resolve(target); ; at = path.dirname(at)) {
    try {
      return (await stat(at)).dev;
    } catch {
      if (path.dirname(at) === at) return null;
    }
  }
}

/** Whether backups land on another disk than the data they back up. */
export async function backupsElsewhere(config: Pick<Config, 'backupDir' | 'dataDir'>): Promise<boolean> {
  const [backups, data] = await Promise.all([deviceOf(config.backupDir), deviceOf(config.dataDir)]);
  return backups !== null && data !== null && backups !== data;
}

export async function goLiveChecklist(
  db: Db,
  config: Pick<Config, 'backupDir' | 'dataDir' | 'smtpUrl'>,
  code: string,
  scope: 'all' | 'pages',
): Promise<GoLiveLine[]> {
  const published = new Set(
    (
      await db.selectFrom('school_pages').select('slug').where('school_code', '=', code).where('published_at', 'is not', null).execute()
    ).map((r) => r.slug),
  );
  const missing = PAGE_SLUGS.filter((slug) => slug !== 'home' && !published.has(slug));
  const pages: GoLiveLine = { key: 'pages', done: missing.length === 0, pages: missing };
  if (scope === 'pages') return [pages];

  // A school nobody has given settings yet reads as its name alone (decision 0132).
  const profile: Partial<SchoolProfile> = (await schoolProfileOrEmpty(db, code))?.profile ?? {};
  const hosts = await db.selectFrom('school_hosts').select('host').where('school_code', '=', code).limit(1).execute();
  return [
    { key: 'name', done: has(profile.name) },
    { key: 'crest', done: has(profile.brand?.crest) },
    { key: 'colours', done: has(profile.brand?.primary) },
    { key: 'contact', done: has(profile.addressLine) && (profile.phones?.length ?? 0) > 0 && has(profile.email) },
    { key: 'principal', done: has(profile.principal?.name) },
    { key: 'affiliation', done: has(profile.board) && has(profile.affiliationNo) && typeof profile.affiliatedSince === 'number' },
    pages,
    // The privacy notice names who answers questions about personal data (DPDP Rules 2025, r.9).
    { key: 'privacy', done: has(profile.privacyContact?.name) && has(profile.privacyContact?.email) },
    { key: 'host', done: hosts.length > 0 },
    { key: 'email', done: Boolean(config.smtpUrl) },
    { key: 'backups', done: await backupsElsewhere(config) },
  ];
}
