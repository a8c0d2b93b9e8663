import type { Album, SchoolEvent, Video } from '@sthsm/contract';
import { PHOTO_GALLERY } from '@sthsm/contract';
import { sthsmCatalogue } from '../media-catalog.ts';

const siteImages = sthsmCatalogue.images;
import { OCCASIONS, type Occasion } from './calendar.ts';
import { circular, photo, type SchoolContext } from './context.ts';
import { addDays, dayOfYear, formatLong, iso, utcDate } from './dates.ts';
import { createRandom, stableId } from './random.ts';

// Events, photo albums and videos of STHSM: instances of the yearly occasions around `today`.

export interface Instance {
  occasion: Occasion;
  year: number;
  key: string;
  title: string;
  date: Date;
}

const DAY_MS = 86_400_000;
const EVENT_WINDOW_PAST_DAYS = 420;
const EVENT_WINDOW_FUTURE_DAYS = 120;
const ALBUM_YEARS_BACK = 3;
const ALBUM_COUNT = 13;
const VIDEO_COUNT = 11;

export function instances(today: Date): Instance[] {
  const year = today.getUTCFullYear();
  const out: Instance[] = [];
  for (let y = year - ALBUM_YEARS_BACK - 1; y <= year + 1; y++) {
    for (const occasion of OCCASIONS) {
      out.push({
        occasion,
        year: y,
        key: `${occasion.slug}-${y}`,
        title: `${occasion.title} ${y}`,
        date: utcDate(y, occasion.month, occasion.day),
      });
    }
  }
  return out.sort((a, b) => b.date.getTime() - a.date.getTime());
}

/** How many photos an occasion's album has: fixed per instance, so events can share them. */
function photoCount(instance: Instance): number {
  return createRandom(instance.key).int(5, 12);
}

function albumPhoto(ctx: SchoolContext, instance: Instance, n: number, count = photoCount(instance)): string {
  return photo(ctx, {
    key: `${instance.key}:${n}`,
    title: instance.title,
    subtitle: `Photo ${n} of ${count}`,
    date: instance.date,
    hour: instance.occasion.hour,
    index: n,
  });
}

export function instanceCircular(ctx: SchoolContext, instance: Instance): string {
  const { occasion, date } = instance;
  return circular(ctx, `circular-${instance.key}`, instance.title, addDays(date, -10), [
    `${occasion.title} will be held on ${formatLong(date)} (${occasion.time}) at the ${occasion.venue}.`,
    occasion.description,
    'Students are to come in the full school uniform, and by the school bus as usual.',
    'Parents are cordially invited; please carry the invitation card to the gate.',
  ]);
}

export function buildEvents(ctx: SchoolContext, all: Instance[]): SchoolEvent[] {
  const from = ctx.today.getTime() - EVENT_WINDOW_PAST_DAYS * DAY_MS;
  const to = ctx.today.getTime() + EVENT_WINDOW_FUTURE_DAYS * DAY_MS;
  return all
    .filter((i) => i.date.getTime() >= from && i.date.getTime() <= to)
    .map((instance) => {
      const { occasion, date } = instance;
      const upcoming = date.getTime() > ctx.today.getTime();
      const images = upcoming
        ? [
            photo(ctx, {
              key: `${instance.key}:poster`,
              title: instance.title,
              subtitle: `${formatLong(date)} · ${occasion.venue}`,
              date: addDays(date, -14),
              hour: 11,
              index: 1,
              kind: 'tile',
              size: [1200, 800],
            }),
          ]
        : Array.from({ length: createRandom(`${instance.key}:event`).int(1, 3) }, (_, n) => albumPhoto(ctx, instance, n + 1));
      return {
        _id: stableId(`${ctx.code}:event:${instance.key}`),
        title: instance.title,
        description: occasion.description,
        date: iso(date),
        fromDate: iso(date),
        location: occasion.location,
        venue: occasion.venue,
        time: occasion.time,
        images,
        attachments: occasion.circular ? [instanceCircular(ctx, instance)] : [],
      };
    });
}

type SeedAlbum = Album & { updatedOn: string };

function album(
  ctx: SchoolContext,
  key: string,
  title: string,
  description: string,
  category: string,
  date: Date,
  attachments: string[],
): SeedAlbum {
  const updated = addDays(date, createRandom(`${key}:updated`).int(1, 9));
  return {
    _id: stableId(`${ctx.code}:album:${key}`),
    title,
    description,
    category,
    date: iso(date),
    updatedOn: iso(updated.getTime() > ctx.today.getTime() ? ctx.today : updated),
    attachments,
  };
}

/** Past photographed instances of the last three years, `count` of them spread evenly. */
export function spread(ctx: SchoolContext, all: Instance[], count: number): Instance[] {
  const since = utcDate(ctx.today.getUTCFullYear() - ALBUM_YEARS_BACK, ctx.today.getUTCMonth() + 1, 1).getTime();
  const past = all.filter((i) => i.occasion.album && i.date.getTime() <= ctx.today.getTime() && i.date.getTime() >= since);
  const picked = new Set<Instance>();
  const slugs = new Set<string>();
  for (let k = 0; k < count; k++) {
    const target = Math.round((k * (past.length - 1)) / Math.max(1, count - 1));
    // Nearest instance of an occasion not picked yet, so the months vary too.
    const candidates = past
      .map((instance, index) => ({ instance, distance: Math.abs(index - target) }))
      .filter(({ instance }) => !picked.has(instance))
      .sort((a, b) => Number(slugs.has(a.instance.occasion.slug)) - Number(slugs.has(b.instance.occasion.slug)) || a.distance - b.distance);
    const choice = candidates[0]?.instance;
    if (choice) {
      picked.add(choice);
      slugs.add(choice.occasion.slug);
    }
  }
  return [...picked].sort((a, b) => b.date.getTime() - a.date.getTime());
}

export function buildAlbums(ctx: SchoolContext, all: Instance[], newsPhotos: string[]): SeedAlbum[] {
  const { today } = ctx;
  // Always one album in the current calendar year, so the gallery's default year has content.
  const campusDate = addDays(today, -Math.min(3, dayOfYear(today)));
  const campusCount = 16;
  const campusTitle = `Campus Life ${today.getUTCFullYear()}`;
  const campus = album(
    ctx,
    `campus-life-${today.getUTCFullYear()}`,
    campusTitle,
    'Everyday moments on campus: assemblies, classrooms, the library, games periods and the lunch break.',
    PHOTO_GALLERY,
    campusDate,
    Array.from({ length: campusCount }, (_, n) =>
      photo(ctx, {
        key: `campus-life-${today.getUTCFullYear()}:${n + 1}`,
        title: campusTitle,
        subtitle: `Photo ${n + 1} of ${campusCount}`,
        date: campusDate,
        hour: 8,
        index: n + 1,
      }),
    ),
  );
  const gallery = spread(ctx, all, ALBUM_COUNT).map((instance) => {
    const count = photoCount(instance);
    return album(
      ctx,
      instance.key,
      instance.title,
      instance.occasion.description,
      PHOTO_GALLERY,
      instance.date,
      Array.from({ length: count }, (_, n) => albumPhoto(ctx, instance, n + 1, count)),
    );
  });
  // Albums of other categories: stored by the school, hidden by the photo gallery.
  const hidden = [
    album(
      ctx,
      'facility-photos',
      'Our Facilities',
      'Library and laboratories.',
      'Facility',
      addDays(today, -200),
      [...siteImages.library.slice(0, 4), ...siteImages.labs.physics.slice(0, 2)].map((i) => i.path),
    ),
    album(
      ctx,
      'news-photos',
      'In the News',
      'Photographs sent with press releases.',
      'NewsPhotos',
      addDays(today, -60),
      newsPhotos.slice(0, 6),
    ),
    album(
      ctx,
      'home-banners',
      'Home Page Banners',
      'Pictures used on the home page slider.',
      'Banner',
      addDays(today, -30),
      siteImages.slider.slice(0, 5).map((i) => i.path),
    ),
  ];
  return [campus, ...gallery, ...hidden];
}

function videoId(key: string): string {
  return Buffer.from(stableId(`video:${key}`), 'hex')
    .toString('base64url')
    .slice(0, 11);
}

export function buildVideos(ctx: SchoolContext, all: Instance[]): Video[] {
  return spread(ctx, all, VIDEO_COUNT).map((instance) => ({
    _id: stableId(`${ctx.code}:video:${instance.key}`),
    title: `${instance.title} | Highlights`,
    date: iso(instance.date),
    videoUrl: `https://www.youtube.com/watch?v=${videoId(instance.key)}`,
    attachments: [
      photo(ctx, {
        key: `${instance.key}:video`,
        title: `${instance.title}`,
        subtitle: 'Video highlights',
        date: instance.date,
        hour: instance.occasion.hour,
        index: 2,
        size: [1280, 720],
      }),
    ],
  }));
}
