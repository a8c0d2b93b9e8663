import type { DemoData, SchoolSeed } from './types.ts';
import { profiles } from './profile.ts';
import type { SchoolContext } from './demo/context.ts';
import { startOfDay } from './demo/dates.ts';
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
 * `files` under the media root and loads `schools` into its store.
 */
export async function buildDemo(options: { today: Date }): Promise<DemoData> {
  const { schools, media } = draft(options.today);
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

function draft(day: Date): { schools: SchoolSeed[]; media: MediaRegistry } {
  const today = startOfDay(day);
  const media = createMediaRegistry();
  registerSiteFiles(media);
  const context = (code: string): SchoolContext => ({
    code,
    schoolName: profiles[code]?.fullName ?? code,
    today,
    random: createRandom(`demo:${code}`),
    media,
  });
  return { schools: [buildSthsm(context('STHSM')), buildDemo2(context('DEMO2'))], media };
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
