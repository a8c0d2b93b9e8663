import {
  albumSchema,
  birthdaySchema,
  highlightSchema,
  newsItemSchema,
  notificationSchema,
  principalMessageSchema,
  schoolEventSchema,
  subGallerySchema,
  topperSchema,
  videoSchema,
  visitorCountSchema,
  type ContentType,
} from '@sthsm/contract';
import type { z } from 'zod';
import { FetchProblem, type SourceClient } from './http.ts';

// Reading a school from a source that speaks SPEC §7 (CONTRACT.md's shapes): every GET call, paged
// ones (a Link rel="next") to their last page, each answer parsed with the contract's schemas. An
// answer or an item that does not parse is a problem with its reason; the rest goes on. The two
// POSTs of SPEC §7 (the visitor counter, the alumni form) change the source and are never sent.

/** One item of the source as our fields (SPEC §3 names), its file references still the source's. */
export interface SourceItem {
  type: ContentType;
  sourceId: string;
  fields: Record<string, unknown>;
  /** Its place in the source's list, 0 first (newest): kept as the order of creation. */
  index: number;
  /** The album's Updated On, as the source gives it. */
  updatedOn?: string | null;
}

export interface Problem {
  /** What it concerns: a call ("GET /news/STHSM"), an item ("news 665…"), a file reference. */
  what: string;
  reason: string;
}

export interface SourceContent {
  items: SourceItem[];
  visitor: number | null;
  problems: Problem[];
  /** The calls read (pages counted). */
  calls: number;
}

/** The longest list walked; past it, the source is not walked further (a loop of "next" links). */
const MAX_PAGES = 1000;

export async function readSource(client: SourceClient, base: string, code: string, today: string): Promise<SourceContent> {
  const problems: Problem[] = [];
  const items: SourceItem[] = [];
  let calls = 0;
  const school = encodeURIComponent(code);

  /** Every page of a list call; null when the call failed (reported). */
  async function list(path: string): Promise<unknown[] | null> {
    const all: unknown[] = [];
    let url: string | null = `${base}${path}`;
    for (let page = 0; url && page < MAX_PAGES; page++) {
      calls++;
      let answer;
      try {
        answer = await client.json(url);
      } catch (err) {
        problems.push({ what: `GET ${path}`, reason: reasonOf(err) });
        return null;
      }
      if (answer.body === null) {
        problems.push({ what: `GET ${path}`, reason: 'answered 404: the source does not know this school or call' });
        return null;
      }
      if (!Array.isArray(answer.body)) {
        problems.push({ what: `GET ${path}`, reason: 'answered something other than a list' });
        return null;
      }
      all.push(...(answer.body as unknown[]));
      url = answer.next;
    }
    return all;
  }

  /** The list's items that parse, each reported when it does not; duplicates (by _id) once. */
  function parsed<S extends z.ZodType>(raw: unknown[] | null, schema: S, label: string, seen = new Set<string>()): z.output<S>[] {
    const out: z.output<S>[] = [];
    for (const [i, value] of (raw ?? []).entries()) {
      const result = schema.safeParse(value);
      if (!result.success) {
        const id = value && typeof value === 'object' && '_id' in value ? String((value as { _id: unknown })._id) : `#${i + 1}`;
        const issue = result.error.issues[0];
        problems.push({ what: `${label} ${id}`, reason: `malformed: ${issue?.path.join('.') || 'item'} ${issue?.message ?? ''}`.trim() });
        continue;
      }
      const id = (result.data as { _id: string })._id;
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(result.data);
    }
    return out;
  }

  const add = (type: ContentType, rows: Array<{ _id: string }>, fields: (row: never) => Record<string, unknown>) => {
    for (const [index, row] of rows.entries()) items.push({ type, sourceId: row._id, index, fields: fields(row as never) });
  };

  // Lists, one after another in pairs: the client's four slots go to files later.
  const [news, highlights, toppers, messages] = await Promise.all([
    list(`/news/${school}`),
    list(`/highlight/${school}`),
    list(`/topper/${school}`),
    list(`/PrincipalMessage/${school}`),
  ]);
  const [eventsAll, eventsHome, birthdays, notifications] = await Promise.all([
    list(`/events/All/${school}`),
    list(`/events/${school}`),
    list(`/birthdays/${school}`),
    list(`/notification/${school}`),
  ]);
  const [albumsAll, albumsHome, videos, visitorList] = await Promise.all([
    list(`/gallery/all/${school}`),
    list(`/gallery/${school}`),
    list(`/video/all/${school}`),
    list(`/visitor/${school}`),
  ]);

  add('news', parsed(news, newsItemSchema, 'news'), (r: z.output<typeof newsItemSchema>) => ({
    title: r.title,
    date: r.date ?? null,
    fromDate: r.fromDate ?? null,
    description: r.description,
    attachments: r.attachments,
  }));
  add('announcements', parsed(highlights, highlightSchema, 'highlight'), (r: z.output<typeof highlightSchema>) => ({
    description: r.description,
    attachments: r.attachments,
  }));
  add('toppers', parsed(toppers, topperSchema, 'topper'), (r: z.output<typeof topperSchema>) => ({
    name: r.name,
    class: r.class,
    division: r.division,
    stream: r.stream,
    sessionYear: r.sessionYear,
    attachments: r.attachments,
  }));
  add(
    'principal-message',
    parsed(messages, principalMessageSchema, "principal's message"),
    (r: z.output<typeof principalMessageSchema>) => ({
      message: r.message,
      attachments: r.attachments,
    }),
  );
  const eventIds = new Set<string>();
  const events = [...parsed(eventsAll, schoolEventSchema, 'event', eventIds), ...parsed(eventsHome, schoolEventSchema, 'event', eventIds)];
  add('events', events, (r: z.output<typeof schoolEventSchema>) => ({
    title: r.title,
    description: r.description,
    date: r.date ?? null,
    fromDate: r.fromDate ?? null,
    location: r.location,
    venue: r.venue,
    time: r.time,
    images: r.images,
    attachments: r.attachments,
  }));
  // A birthday list is today's: the day is today's (in the school's time zone).
  add('birthdays', parsed(birthdays, birthdaySchema, 'birthday'), (r: z.output<typeof birthdaySchema>) => ({
    name: r.name,
    class: r.class,
    monthDay: today.slice(5, 10),
    attachments: r.attachments,
  }));
  add('notifications', parsed(notifications, notificationSchema, 'notification'), (r: z.output<typeof notificationSchema>) => ({
    title: r.title,
    description: r.description,
    image: r.image,
    attachments: r.attachments,
    url: r.url,
  }));
  add('videos', parsed(videos, videoSchema, 'video'), (r: z.output<typeof videoSchema>) => ({
    title: r.title,
    date: r.date ?? null,
    videoUrl: r.videoUrl,
    attachments: r.attachments,
  }));

  // Albums: the list, then each album's own page (its Updated On and every photo), four at a time.
  const albumIds = new Set<string>();
  const albums = [...parsed(albumsAll, albumSchema, 'album', albumIds), ...parsed(albumsHome, albumSchema, 'album', albumIds)];
  await Promise.all(
    albums.map(async (album, index) => {
      const path = `/subGallery?id=${encodeURIComponent(album._id)}`;
      calls++;
      let page: z.output<typeof subGallerySchema> | null = null;
      try {
        const { body } = await client.json(`${base}${path}`);
        if (body !== null) {
          const result = subGallerySchema.safeParse(body);
          if (result.success) page = result.data;
          else problems.push({ what: `GET ${path}`, reason: 'malformed: not an album' });
        }
      } catch (err) {
        problems.push({ what: `GET ${path}`, reason: reasonOf(err) });
      }
      items.push({
        type: 'albums',
        sourceId: album._id,
        index,
        fields: {
          title: album.title,
          description: album.description,
          category: album.category,
          date: album.date ?? null,
          attachments: page?.attachments ?? album.attachments,
        },
        updatedOn: page?.updatedOn ?? null,
      });
    }),
  );

  let visitor: number | null = null;
  if (visitorList) {
    const first = visitorCountSchema.safeParse(visitorList[0]);
    if (first.success) visitor = first.data.visitor;
    else problems.push({ what: `GET /visitor/${school}`, reason: 'malformed: no visitor count' });
  }
  return { items, visitor, problems, calls };
}

export function reasonOf(err: unknown): string {
  if (err instanceof FetchProblem) return err.message;
  return err instanceof Error ? err.message.split('\n')[0] || 'failed' : String(err);
}
