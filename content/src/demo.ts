import { demo2Catalogue, sthsmCatalogue, type SiteCatalogue } from './media-catalog.ts';
import { crestPath, profiles } from './profile.ts';
import { retold, schoolPages } from './school-pages.ts';
import type { DemoData, SchoolRecords, SchoolSeed } from './types.ts';
import type { SchoolContext } from './demo/context.ts';
import { startOfDay } from './demo/dates.ts';
import { DEMO2_CREST, STHSM_CREST } from './demo/crests.ts';
import { buildDemo2 } from './demo/demo2.ts';
import { createMediaRegistry, type MediaRegistry, type RenderedMedia } from './demo/media.ts';
import { createRandom } from './demo/random.ts';
import { registerSiteFiles } from './demo/site-files.ts';
import { buildSthsm } from './demo/sthsm.ts';

export type { DemoData, DemoFile, SchoolSeed } from './types.ts';

/**
 * Builds the demo schools (STHSM and the small DEMO2) and every file they reference.
 * Deterministic for a given `today` (whose UTC calendar day is used); dates are placed around it,
 * so "current year" views always have content. Nothing is written to disk: the caller writes
 * `files` under the media root and loads `schools` into its store. `mediaCache`: a directory where
 * drawn pictures are kept between runs (DEMO_MEDIA_CACHE, set by the test suites).
 */
export async function buildDemo(options: { today: Date; mediaCache?: string }): Promise<DemoData> {
  const { schools, media } = draft(options.today, options.mediaCache);
  const rendered = await media.render();
  return { schools: schools.map((school) => resolveSchool(school, rendered)), files: rendered.files };
}

/**
 * The same records without rendering any file (fast): file references are left as
 * "media:<key>" placeholders. For tests of dates and counts, not for seeding.
 */
export function buildDemoRecords(options: { today: Date }): SchoolSeed[] {
  return draft(options.today).schools;
}

/** The second school's page texts: STHSM's, told in its own names and places. */
const DEMO2_RETELLING = [
  ['Society of St. Thomas Educational Trust', 'Little Flower Education Society'],
  ['St. Thomas Higher Secondary School', 'Little Flower Convent School'],
  ['St. Thomas', 'Little Flower'],
  ['The Thomasian', 'Little Flower Leaves'],
  ['Mahimnagar', 'Rosepur'],
  ['Church Road', 'Station Road'],
  ['Civil Lines', 'the Cantonment'],
  ['UP-168', 'UP-999'],
  ['since 2003', 'since 2011'],
  ['in 2003', 'in 2011'],
  ['1976', '1994'],
] as const;

function draft(day: Date, mediaCache?: string): { schools: SchoolSeed[]; media: MediaRegistry } {
  const today = startOfDay(day);
  const media = createMediaRegistry(mediaCache);
  const seed = (code: string, catalogue: SiteCatalogue, build: (ctx: SchoolContext) => SchoolRecords, hosts: string[]): SchoolSeed => {
    const profile = profiles[code];
    if (!profile) throw new Error(`no profile for ${code}`);
    registerSiteFiles(media, catalogue);
    media.pathFile(crestPath(code), { kind: 'crest', spec: code === 'STHSM' ? STHSM_CREST : DEMO2_CREST });
    const ctx: SchoolContext = { code, schoolName: profile.fullName, today, random: createRandom(`demo:${code}`), media };
    const texts = code === 'STHSM' ? undefined : retold(profile, DEMO2_RETELLING);
    return { ...build(ctx), profile, pages: schoolPages(catalogue, texts), hosts };
  };
  return {
    schools: [
      seed('STHSM', sthsmCatalogue, buildSthsm, ['sthsm.localhost']),
      seed('DEMO2', demo2Catalogue, buildDemo2, ['demo2.localhost']),
    ],
    media,
  };
}

function resolveSchool(school: SchoolSeed, media: RenderedMedia): SchoolSeed {
  const refs = (list: string[]) => list.map((ref) => media.resolve(ref));
  return {
    ...school,
    news: school.news.map((n) => ({ ...n, attachments: refs(n.attachments) })),
    highlights: school.highlights.map((h) => ({ ...h, attachments: refs(h.attachments) })),
    toppers: school.toppers.map((t) => ({ ...t, attachments: refs(t.attachments) })),
    principalMessages: school.principalMessages.map((p) => ({ ...p, attachments: refs(p.attachments) })),
    events: school.events.map((e) => ({ ...e, images: refs(e.images), attachments: refs(e.attachments) })),
    birthdays: school.birthdays.map((b) => ({ ...b, attachments: refs(b.attachments) })),
    notifications: school.notifications.map((n) => ({ ...n, image: refs(n.image), attachments: refs(n.attachments) })),
    albums: school.albums.map((a) => ({ ...a, attachments: refs(a.attachments) })),
    videos: school.videos.map((v) => ({ ...v, attachments: refs(v.attachments) })),
  };
}
