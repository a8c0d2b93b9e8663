import type { AddressInfo } from 'node:net';
import { SCHOOL_HEADER } from '@sthsm/contract/http';
import Parser from 'rss-parser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readIcs } from '../../web/app/lib/testing/ics.ts';
import { createPageCache } from '../src/page-cache.ts';
import { createAlbum, createEvent, createMediaFile, createNews, createSchool, createSchoolProfile } from './factories.ts';
import { startTestApp, type TestApp } from './helpers.ts';

// The site's feeds (web/app/routes/feeds/*) read from this API over real HTTP, as in production:
// the API listens on loopback, the site's loaders are pointed at it (API_URL), and what they answer
// is read with independent parsers (rss-parser, ical.js). Edits are made in the database, as the
// staff side will, to check that a calendar subscriber's events update rather than duplicate.

let t: TestApp;
const load = async (path: string) => (await import(path)) as { loader: Loader };
const failing = async () => new Response('down', { status: 503, headers: { 'content-type': 'text/plain' } });
type Loader = (args: { request: Request; params: Record<string, string> }) => Promise<Response>;
const loaders: Record<'rss' | 'atom' | 'calendar' | 'event' | 'sitemap', Loader> = {} as never;

const SITE = 'https://school.example';

/** The variables this file sets for the site's modules, put back afterwards (a worker runs other files too). */
const SITE_ENV = ['API_URL', 'SITE_URL', 'SCHOOL_CODE', 'TIME_ZONE'] as const;
const savedEnv = Object.fromEntries(SITE_ENV.map((name) => [name, process.env[name]]));

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  // The site's configuration is read when its modules load (web/app/lib/env.server.ts).
  process.env.API_URL = `http://127.0.0.1:${port}`;
  process.env.SITE_URL = SITE;
  process.env.SCHOOL_CODE = 'STHSM';
  process.env.TIME_ZONE = 'Asia/Kolkata';
  loaders.rss = (await load('../../web/app/routes/feeds/news-rss.ts')).loader;
  loaders.atom = (await load('../../web/app/routes/feeds/news-atom.ts')).loader;
  loaders.calendar = (await load('../../web/app/routes/feeds/events-ics.ts')).loader;
  loaders.event = (await load('../../web/app/routes/feeds/event-ics.ts')).loader;
  loaders.sitemap = (await load('../../web/app/routes/sitemap-xml.ts')).loader;
  await createSchool(t.db);
  await createSchool(t.db, { code: 'OTHER', name: 'Other School' });
  await createSchoolProfile(t.db);
});
afterAll(async () => {
  for (const name of SITE_ENV) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
  await t.close();
});

/** A site request for `path` of `school` (as api/src/site.ts hands it over: the school in SCHOOL_HEADER). */
async function get(kind: keyof typeof loaders, path: string, school?: string, params: Record<string, string> = {}) {
  const headers = school ? { [SCHOOL_HEADER]: school } : undefined;
  const origin = school && school !== 'STHSM' ? 'https://other.example' : SITE;
  return loaders[kind]({ request: new Request(`${origin}${path}`, { headers }), params });
}

/** The events of an iCalendar text as ical.js reads them (without the TZID, which the unit tests check). */
function parseIcs(text: string) {
  return readIcs(text).events.map(({ tzid: _tzid, ...rest }) => rest);
}

describe('news feeds', () => {
  const pdf = Buffer.from('%PDF-1.4\n% a circular\n');
  let published: Array<{ _id: string; title: string }>;

  beforeAll(async () => {
    await createMediaFile(t.db, t.config.mediaRoot, 'STHSM/public/Images/circular-7.pdf', pdf);
    published = [
      await createNews(t.db, { title: 'Sports day results', date: '2025-08-10', attachments: ['STHSM/public/Images/circular-7.pdf'] }),
      await createNews(t.db, { title: 'Holiday on Monday', date: '2025-08-12' }),
      await createNews(t.db, { title: 'Undated notice', date: null }),
    ];
    await createNews(t.db, { school: 'OTHER', title: 'Only at the other school', date: '2025-08-11' });
    // Not public: a draft, one scheduled for the future, one past its unpublish time.
    const hidden = [
      await createNews(t.db, { title: 'Draft notice', date: '2025-08-13' }),
      await createNews(t.db, { title: 'Scheduled notice', date: '2025-08-14' }),
      await createNews(t.db, { title: 'Expired notice', date: '2025-08-09' }),
    ];
    const [draft, scheduled, expired] = hidden.map((n) => n._id);
    await t.db.updateTable('news').set({ status: 'draft' }).where('_id', '=', draft!).execute();
    await t.db.updateTable('news').set({ publish_at: '2999-01-01T00:00:00.000Z' }).where('_id', '=', scheduled!).execute();
    await t.db.updateTable('news').set({ unpublish_at: '2000-01-01T00:00:00.000Z' }).where('_id', '=', expired!).execute();
  });

  it('RSS 2.0 lists every published item of the school (no draft, scheduled or expired one), newest first, with link, date, summary and enclosure', async () => {
    const response = await get('rss', '/news.rss');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const feed = await new Parser().parseString(await response.text());
    expect(feed.title).toBe('St. Thomas Higher Secondary School: News');
    expect(feed.items.map((i) => i.title)).toEqual(['Holiday on Monday', 'Sports day results', 'Undated notice']);
    expect(new Set(feed.items.map((i) => i.link))).toEqual(new Set(published.map((n) => `${SITE}/news/item?id=${n._id}`)));
    const sports = feed.items.find((i) => i.title === 'Sports day results');
    expect(sports?.isoDate).toBe('2025-08-10T00:00:00.000Z');
    expect(sports?.contentSnippet).toBe('Something happened.');
    expect(sports?.enclosure).toEqual({
      url: `${SITE}/api/image/STHSM/public/Images/circular-7.pdf`,
      length: String(pdf.length),
      type: 'application/pdf',
    });
  });

  it('Atom carries the same items', async () => {
    const response = await get('atom', '/news.atom');
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const feed = await new Parser().parseString(await response.text());
    expect(feed.items.map((i) => i.title)).toEqual(['Holiday on Monday', 'Sports day results', 'Undated notice']);
  });

  it("follows the school of the request: another school's feed, on its own origin, holds only its items", async () => {
    const feed = await new Parser().parseString(await (await get('rss', '/news.rss', 'OTHER')).text());
    expect(feed.items.map((i) => i.title)).toEqual(['Only at the other school']);
    expect(feed.items[0]?.link).toMatch(/^https:\/\/other\.example\/news\/item\?id=/);
  });
});

describe('events calendar', () => {
  let timed: { _id: string };
  let allDay: { _id: string };

  beforeAll(async () => {
    timed = await createEvent(t.db, {
      title: 'Annual Day',
      date: '2025-12-20',
      time: '5:30 PM - 8:00 PM',
      venue: 'Auditorium',
      location: 'Campus',
    });
    allDay = await createEvent(t.db, { title: 'Winter break', date: '2025-12-31', fromDate: '2025-12-24', time: '' });
    await createEvent(t.db, { title: 'Date to be announced', date: null });
    await createEvent(t.db, { school: 'OTHER', title: 'Other school fete', date: '2025-12-01' });
  });

  it('holds every dated event of the school, in Asia/Kolkata, all-day events as DATEs, UIDs {id}@{host}', async () => {
    const response = await get('calendar', '/events.ics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await response.text();
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Asia/Kolkata');
    const events = parseIcs(text);
    expect(events).toEqual(
      expect.arrayContaining([
        {
          uid: `${timed._id}@school.example`,
          summary: 'Annual Day',
          sequence: 0,
          isDate: false,
          // 5:30 PM in India (UTC+05:30 all year) is noon UTC.
          start: '2025-12-20T12:00:00.000Z',
          end: '2025-12-20T14:30:00.000Z',
        },
        { uid: `${allDay._id}@school.example`, summary: 'Winter break', sequence: 0, isDate: true, start: '2025-12-24', end: '2026-01-01' },
      ]),
    );
    // The undated event has no place in a calendar; the other school's is not ours.
    expect(events.map((e) => e.summary).sort()).toEqual(['Annual Day', 'Winter break']);
    expect(text).not.toContain('Other school fete');
  });

  it('an edit keeps the UID, so a subscribed calendar updates the event instead of adding one', async () => {
    const before = parseIcs(await (await get('calendar', '/events.ics')).text());
    await t.db
      .updateTable('events')
      .set({ title: 'Annual Day (new time)', time: '6:00 PM - 8:30 PM', version: 2, updated_at: '2025-11-02T09:00:00.000Z' })
      .where('_id', '=', timed._id)
      .execute();
    const after = parseIcs(await (await get('calendar', '/events.ics')).text());
    expect(after.map((e) => e.uid).sort()).toEqual(before.map((e) => e.uid).sort());
    const edited = after.find((e) => e.uid === `${timed._id}@school.example`);
    // The save counter moved (version 1 → 2): SEQUENCE 0 → 1.
    expect(edited).toMatchObject({ summary: 'Annual Day (new time)', start: '2025-12-20T12:30:00.000Z', sequence: 1 });
  });

  it('/events/{id}.ics is one event to download, named after it; an unknown id is 404', async () => {
    const response = await get('event', `/events/${allDay._id}.ics`, undefined, { file: `${allDay._id}.ics` });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="winter-break.ics"');
    const text = await response.text();
    expect(text).toContain('METHOD:PUBLISH');
    expect(parseIcs(text)).toEqual([
      { uid: `${allDay._id}@school.example`, summary: 'Winter break', sequence: 0, isDate: true, start: '2025-12-24', end: '2026-01-01' },
    ]);
    expect((await get('event', '/events/nope.ics', undefined, { file: 'nope.ics' })).status).toBe(404);
    expect((await get('event', `/events/${allDay._id}`, undefined, { file: allDay._id })).status).toBe(404);
  });
});

describe('sitemap', () => {
  it('lists news items, events and albums on their own pages, with lastmod from their last save', async () => {
    const album = await createAlbum(t.db, { title: 'Fete photos', date: '2025-07-03' });
    await createAlbum(t.db, { title: 'Press cuttings', category: 'Press', date: '2025-07-04' });
    // The last save of each (what the server sends as updatedAt): an album at midnight UTC is a day.
    await t.db.updateTable('albums').set({ updated_at: '2025-07-03T00:00:00.000Z' }).where('school_code', '=', 'STHSM').execute();
    await t.db.updateTable('news').set({ updated_at: '2025-08-12T00:00:00.000Z' }).where('school_code', '=', 'STHSM').execute();
    const xml = await (await get('sitemap', '/sitemap.xml')).text();
    // The demo school offers Hindi and Bengali: each address is there in English, Hindi and Bengali, naming the others.
    for (const prefix of ['', '/hi', '/bn']) {
      expect(xml).toContain(`<url><loc>${SITE}${prefix}/SubGallery?id=${album._id}</loc><lastmod>2025-07-03</lastmod><xhtml:link`);
      expect(xml).toMatch(new RegExp(`<loc>${SITE}${prefix}/news/item\\?id=[0-9a-f]+</loc><lastmod>2025-08-12</lastmod>`));
      expect(xml).toContain(`<url><loc>${SITE}${prefix}/news</loc><lastmod>2025-08-12</lastmod><xhtml:link`);
      expect(xml).toContain(`<url><loc>${SITE}${prefix}/gallery</loc><lastmod>2025-07-03</lastmod><xhtml:link`);
    }
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="hi-IN" href="${SITE}/hi/SubGallery?id=${album._id}"/>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="bn-IN" href="${SITE}/bn/SubGallery?id=${album._id}"/>`);
    expect(xml).not.toContain('Press');
    expect((xml.match(/<loc>[^<]*\/SubGallery\?id=/g) ?? []).length).toBe(3);
  });
});

describe('share-preview image', () => {
  it('?variant=og is a 1200×630 JPEG of the picture, enlarged and cropped to fill', async () => {
    const photo = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#2a6f3a' } })
      .jpeg()
      .toBuffer();
    await createMediaFile(t.db, t.config.mediaRoot, 'STHSM/public/Images/square.jpg', photo);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/image/STHSM/public/Images/square.jpg?variant=og',
      headers: { accept: 'image/avif,image/webp,*/*' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([1200, 630, 'jpeg']);
    expect((await t.app.inject({ method: 'GET', url: '/api/image/STHSM/public/Images/circular-7.pdf?variant=og' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/image/STHSM/public/Images/square.jpg?variant=huge' })).statusCode).toBe(400);
  });
});

describe('page cache', () => {
  it('replays feeds like pages, and never an error answer', async () => {
    const pages = createPageCache({ ttlMs: 30_000 });
    let renders = 0;
    const render = async () => {
      renders++;
      return new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', { headers: { 'content-type': 'text/calendar; charset=utf-8' } });
    };
    await pages.lookup('STHSM /events.ics', render);
    expect((await pages.lookup('STHSM /events.ics', render)).page?.body.toString()).toContain('BEGIN:VCALENDAR');
    expect(renders).toBe(1);
    await pages.lookup('STHSM /news.rss', failing);
    expect(pages.keys()).toEqual(['STHSM /events.ics']);
  });
});
