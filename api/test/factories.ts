import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type {
  Album,
  Birthday,
  Highlight,
  NewsItem,
  PageContent,
  PageSlug,
  PrincipalMessage,
  SchoolEvent,
  SchoolNotification,
  Topper,
  Video,
} from '@sthsm/contract';
import { profiles, type DemoProfile } from '@sthsm/content/profile';
import type { Db } from '../src/db/index.ts';
import { insertAlbum } from '../src/repositories/albums.ts';
import { insertBirthday } from '../src/repositories/birthdays.ts';
import { insertEvent } from '../src/repositories/events.ts';
import { upsertFile } from '../src/repositories/files.ts';
import { insertHighlight } from '../src/repositories/highlights.ts';
import { insertNews } from '../src/repositories/news.ts';
import { insertNotification } from '../src/repositories/notifications.ts';
import { insertPrincipalMessage } from '../src/repositories/principal-messages.ts';
import { saveSchoolHost } from '../src/repositories/school-hosts.ts';
import { saveSchoolPage } from '../src/repositories/school-pages.ts';
import { saveSchoolProfile } from '../src/repositories/school-profiles.ts';
import { upsertSchool } from '../src/repositories/schools.ts';
import { insertTopper } from '../src/repositories/toppers.ts';
import { insertVideo } from '../src/repositories/videos.ts';

// Factories: sensible defaults, each test states only what it depends on. `school` defaults to STHSM.
type With<T> = Partial<T> & { school?: string };

export const id = () => randomBytes(12).toString('hex');
let sequence = 0;
const next = () => ++sequence;

export async function createSchool(db: Db, overrides: { code?: string; name?: string; visitor?: number } = {}) {
  const school = { code: 'STHSM', name: 'St. Thomas Demo School', visitor: 100, ...overrides };
  await upsertSchool(db, school);
  return school;
}

export async function createNews(db: Db, { school = 'STHSM', ...o }: With<NewsItem> = {}) {
  const item: NewsItem = {
    _id: id(),
    date: '2025-06-01',
    fromDate: null,
    title: `News ${next()}`,
    description: 'Something happened.',
    attachments: [],
    ...o,
  };
  await insertNews(db, school, item);
  return item;
}

export async function createHighlight(db: Db, { school = 'STHSM', ...o }: With<Highlight> = {}) {
  const item: Highlight = { _id: id(), description: `Highlight ${next()}`, attachments: [], ...o };
  await insertHighlight(db, school, item);
  return item;
}

export async function createTopper(db: Db, { school = 'STHSM', ...o }: With<Topper> = {}) {
  const item: Topper = {
    _id: id(),
    name: `Student ${next()}`,
    class: 'X',
    division: '95.2%',
    stream: 'ICSE',
    sessionYear: '2024-2025',
    attachments: [],
    ...o,
  };
  await insertTopper(db, school, item);
  return item;
}

export async function createPrincipalMessage(db: Db, { school = 'STHSM', ...o }: With<PrincipalMessage> = {}) {
  const item: PrincipalMessage = { _id: id(), message: '<p>Welcome.</p>', attachments: ['STHSM/public/Images/principal.jpg'], ...o };
  await insertPrincipalMessage(db, school, item);
  return item;
}

export async function createEvent(db: Db, { school = 'STHSM', ...o }: With<SchoolEvent> = {}) {
  const item: SchoolEvent = {
    _id: id(),
    title: `Event ${next()}`,
    description: 'An event.',
    date: '2025-06-01',
    fromDate: null,
    location: 'Main hall',
    venue: 'Main hall',
    time: '10:00 AM',
    images: [],
    attachments: [],
    ...o,
  };
  await insertEvent(db, school, item);
  return item;
}

export async function createBirthday(db: Db, { school = 'STHSM', ...o }: With<Birthday & { monthDay: string }> = {}) {
  const item = { _id: id(), name: `Child ${next()}`, class: 'V', monthDay: '08-14', attachments: [], ...o };
  await insertBirthday(db, school, item);
  return item;
}

export async function createNotification(
  db: Db,
  { school = 'STHSM', ...o }: With<SchoolNotification & { activeFrom: string; activeUntil: string }> = {},
) {
  const item = {
    _id: id(),
    title: `Notice ${next()}`,
    description: 'Read this.',
    image: [],
    attachments: [],
    url: '',
    activeFrom: '2025-08-01',
    activeUntil: '2025-08-31',
    ...o,
  };
  await insertNotification(db, school, item);
  return item;
}

export async function createAlbum(db: Db, { school = 'STHSM', ...o }: With<Album & { updatedOn: string | null }> = {}) {
  const item = {
    _id: id(),
    title: `Album ${next()}`,
    description: 'Photos.',
    category: 'PhotoGallery',
    date: '2025-06-01',
    updatedOn: '2025-06-02',
    attachments: ['a1', 'a2'],
    ...o,
  };
  await insertAlbum(db, school, item);
  return item;
}

export async function createVideo(db: Db, { school = 'STHSM', ...o }: With<Video> = {}) {
  const item: Video = {
    _id: id(),
    title: `Video ${next()}`,
    date: '2025-06-01',
    videoUrl: 'https://video.example.org/watch/1',
    attachments: ['thumb1'],
    ...o,
  };
  await insertVideo(db, school, item);
  return item;
}

/** Writes bytes under the media root; with `fileId`, registers it in the files table too. */
export async function createMediaFile(
  db: Db,
  mediaRoot: string,
  relPath: string,
  bytes: Buffer,
  options: { fileId?: string; contentType?: string } = {},
) {
  const target = path.join(mediaRoot, ...relPath.split('/'));
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, bytes);
  if (options.fileId) await upsertFile(db, { id: options.fileId, path: relPath, contentType: options.contentType ?? 'image/jpeg' });
  return target;
}

/** A complete, valid school profile (the demo school's), with `overrides` on top. */
export function profileOf(overrides: Partial<DemoProfile> = {}): DemoProfile {
  const base = profiles.STHSM;
  if (!base) throw new Error('the demo profile is missing');
  return structuredClone({ ...base, ...overrides });
}

/** Stores a profile for `school` (default STHSM) and returns it. */
export async function createSchoolProfile(db: Db, { school = 'STHSM', ...o }: With<DemoProfile> = {}) {
  const profile = profileOf(o);
  const result = await saveSchoolProfile(db, school, profile);
  if (!result.ok) throw new Error(`could not store the profile of ${school}: ${result.reason}`);
  return result.record;
}

/** Stores one page's content for `school`. */
export async function createSchoolPage<S extends PageSlug>(db: Db, school: string, slug: S, content: PageContent<S>) {
  const result = await saveSchoolPage(db, school, slug, content);
  if (!result.ok) throw new Error(`could not store the ${slug} page of ${school}: ${result.reason}`);
  return result.record;
}

/** Points a host name at a school. */
export async function createSchoolHost(db: Db, host: string, school = 'STHSM') {
  await saveSchoolHost(db, host, school);
}
