import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PAGE_SLUGS } from '@sthsm/contract/pages';
import { safeMediaRef } from '@sthsm/contract/images';
import { buildDemo } from '@sthsm/content/demo';
import type { DemoData, SchoolSeed } from '@sthsm/content/types';
import type { Db } from '../db/index.ts';
import { insertAlbum } from '../repositories/albums.ts';
import { insertBirthday } from '../repositories/birthdays.ts';
import { insertEvent } from '../repositories/events.ts';
import { upsertFile } from '../repositories/files.ts';
import { insertHighlight } from '../repositories/highlights.ts';
import { insertNews } from '../repositories/news.ts';
import { insertNotification } from '../repositories/notifications.ts';
import { insertPrincipalMessage } from '../repositories/principal-messages.ts';
import { saveSchoolHost } from '../repositories/school-hosts.ts';
import { saveSchoolPage } from '../repositories/school-pages.ts';
import { saveSchoolProfile } from '../repositories/school-profiles.ts';
import { deleteSchoolContent, upsertSchool } from '../repositories/schools.ts';
import { insertPublishedTranslation } from '../content/translations.ts';
import { insertTopper } from '../repositories/toppers.ts';
import { insertVideo } from '../repositories/videos.ts';
import { reindexSchool } from '../search/entries.ts';

/**
 * Rebuilds the demo schools (their lists, profiles, page texts and host names) from `buildDemo({ today })` (content/src/demo.ts). The demo uses
 * `today`'s UTC calendar day: pass `schoolToday()` so it matches the school's own "today".
 * `mediaCache` (DEMO_MEDIA_CACHE): where the drawn pictures are kept for the next seed.
 */
export async function seedDemo(
  db: Db,
  mediaRoot: string,
  today: Date,
  cacheDir = path.join(path.dirname(mediaRoot), 'cache'),
  mediaCache?: string,
): Promise<void> {
  await seedData(db, mediaRoot, await buildDemo({ today, mediaCache }), cacheDir);
}

/**
 * Writes the files under the media root, then replaces the schools' content in ONE transaction
 * (alumni submissions are kept), then empties the variant cache so no stale variant survives.
 */
export async function seedData(db: Db, mediaRoot: string, data: DemoData, cacheDir: string): Promise<void> {
  for (const file of data.files) {
    const relative = safeMediaRef(file.path);
    if (!relative) throw new Error(`Demo file path is not a clean relative path: ${file.path}`);
    const target = path.join(mediaRoot, ...relative.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.bytes);
  }
  await db.transaction().execute(async (trx) => {
    for (const school of data.schools) await writeSchool(trx, school);
    for (const file of data.files) {
      if (file.id) await upsertFile(trx, { id: file.id, path: file.path, contentType: file.contentType });
    }
  });
  await rm(path.join(cacheDir, 'variants'), { recursive: true, force: true });
}

/** Creation times that keep each list's given order as "newest first" for undated items. */
function stamps(base: number) {
  return (index: number) => new Date(base - index * 1000).toISOString();
}

async function writeSchool(db: Db, s: SchoolSeed): Promise<void> {
  await upsertSchool(db, { code: s.code, name: s.name, visitor: s.visitor });
  await deleteSchoolContent(db, s.code);
  const at = stamps(Date.now());
  for (const [i, x] of s.news.entries()) await insertNews(db, s.code, x, at(i));
  for (const [i, x] of s.highlights.entries()) await insertHighlight(db, s.code, x, at(i));
  for (const [i, x] of s.toppers.entries()) await insertTopper(db, s.code, x, at(i));
  for (const [i, x] of s.principalMessages.entries()) await insertPrincipalMessage(db, s.code, x, at(i));
  for (const [i, x] of s.events.entries()) await insertEvent(db, s.code, x, at(i));
  for (const [i, x] of s.birthdays.entries()) await insertBirthday(db, s.code, x, at(i));
  for (const [i, x] of s.notifications.entries()) await insertNotification(db, s.code, x, at(i));
  for (const [i, x] of s.albums.entries()) await insertAlbum(db, s.code, x, at(i));
  for (const [i, x] of s.videos.entries()) await insertVideo(db, s.code, x, at(i));
  for (const x of s.translations ?? []) await insertPublishedTranslation(db, s.code, x, at(0));
  await saveSchoolProfile(db, s.code, s.profile);
  for (const slug of PAGE_SLUGS) await saveSchoolPage(db, s.code, slug, s.pages[slug]);
  for (const host of s.hosts) await saveSchoolHost(db, host, s.code);
  // The content was replaced wholesale (deleteSchoolContent): its search entries are made anew.
  await reindexSchool(db, s.code);
}
