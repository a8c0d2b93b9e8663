import { exifDateTime, formatLong } from './dates.ts';
import type { MediaRegistry } from './media.ts';
import type { PhotoKind } from './images.ts';
import type { Random } from './random.ts';

/** What every section builder of a school gets. */
export interface SchoolContext {
  code: string;
  schoolName: string;
  today: Date;
  random: Random;
  media: MediaRegistry;
}

const PHOTO_SHAPES: ReadonlyArray<readonly [number, number]> = [
  [1600, 1067],
  [1200, 800],
  [800, 1200],
  [1000, 1000],
  [1200, 800],
  [1600, 1067],
];

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replaceAll(/[^a-z0-9]+/g, '-')
    .replaceAll(/^-|-$/g, '');
}

export interface PhotoOptions {
  /** Unique per distinct picture, e.g. "sports-day-2024:3". */
  key: string;
  title: string;
  subtitle?: string;
  date: Date;
  hour: number;
  /** Varies the shape and the minute of the EXIF time. */
  index: number;
  kind?: PhotoKind;
  size?: readonly [number, number];
}

/** An id-form JPEG for a record; returns its reference. */
export function photo(ctx: SchoolContext, options: PhotoOptions): string {
  const [width, height] = options.size ?? PHOTO_SHAPES[options.index % PHOTO_SHAPES.length] ?? [1200, 800];
  const minutes = options.index * 7;
  const key = `${ctx.code}:${options.key}`;
  return ctx.media.photo(
    key,
    {
      width,
      height,
      title: options.title,
      subtitle: options.subtitle,
      seed: key,
      takenAt: exifDateTime(options.date, options.hour + Math.floor(minutes / 60), minutes % 60, (options.index * 13) % 60),
      description: `${options.title}${options.subtitle ? ` - ${options.subtitle}` : ''} (${ctx.schoolName})`,
      kind: options.kind,
    },
    `${slugify(options.key)}.jpg`,
  );
}

/** A one-page circular PDF signed by the principal; returns its reference. */
export function circular(ctx: SchoolContext, key: string, title: string, date: Date, lines: string[]): string {
  return ctx.media.pdf(
    `${ctx.code}:${key}`,
    {
      title: ctx.schoolName,
      subtitle: `Circular dated ${formatLong(date)}`,
      date,
      sections: [
        { heading: title, lines },
        { heading: 'Note', lines: ['Parents are requested to acknowledge this circular in the school diary.', 'Principal'] },
      ],
      footer: `${ctx.schoolName} (demo school, fictional circular)`,
    },
    `${slugify(key)}.pdf`,
  );
}

export function pick<T>(random: Random, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length > 0) out.push(pool.splice(random.int(0, pool.length - 1), 1)[0] as T);
  return out;
}
