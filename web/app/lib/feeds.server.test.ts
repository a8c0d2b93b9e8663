import type { NewsItem, SchoolEvent } from '@sthsm/contract';
import ICAL from 'ical.js';
import Parser from 'rss-parser';
import { describe, expect, it } from 'vitest';
import { clockTimes, eventWhen, googleCalendarEventLink } from './event-times.server';
import { eventJsonLd } from './event-links.server';
import { readIcs } from './testing/ics';
import { catalogueOf } from '../i18n/catalogues.server';
import { atomXml, eventsCalendar, fixedOffsetVTimezone, NEWS_FEED_SIZE, newsFeed } from './feeds.server';

// The feeds as an independent reader sees them: rss-parser for RSS and Atom, ical.js for iCalendar.

const site = { origin: 'https://school.example', schoolName: 'Demo School' };

const news = (n: number, o: Partial<NewsItem> = {}): NewsItem => ({
  _id: `n${n}`,
  date: `2025-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 27) + 1).padStart(2, '0')}`,
  fromDate: null,
  title: `News ${n}`,
  description: `About ${n}`,
  attachments: [],
  ...o,
});

const event = (o: Partial<SchoolEvent> = {}): SchoolEvent => ({
  _id: 'e1',
  title: 'Sports Day',
  description: 'Races.',
  date: '2025-12-05',
  fromDate: null,
  location: 'Campus',
  venue: 'Ground',
  time: '9:00 AM - 11:30 AM',
  images: [],
  attachments: [],
  ...o,
});

const parseIcs = readIcs;

describe('event times', () => {
  it('reads the clock times of free text, and nothing from plain numbers', () => {
    expect(clockTimes('9:00 AM - 11:30 AM')).toEqual([540, 690]);
    expect(clockTimes('12:15 pm to 1 p.m.')).toEqual([735, 780]);
    expect(clockTimes('14:30')).toEqual([870]);
    expect(clockTimes('Class 10 only')).toEqual([]);
    expect(clockTimes('')).toEqual([]);
  });

  it('puts a timed event in Asia/Kolkata (+05:30, no daylight saving) and a day without a time as all-day', () => {
    const timed = eventWhen(event(), 'Asia/Kolkata');
    expect(timed?.allDay).toBe(false);
    expect(timed?.start.toUTC().toISO()).toBe('2025-12-05T03:30:00.000Z');
    expect(timed?.end.toUTC().toISO()).toBe('2025-12-05T06:00:00.000Z');
    const allDay = eventWhen(event({ time: 'All day', fromDate: '2025-12-04' }), 'Asia/Kolkata');
    expect(allDay).toMatchObject({ allDay: true });
    expect(allDay?.start.toISODate()).toBe('2025-12-04');
    expect(allDay?.end.toISODate()).toBe('2025-12-06');
    expect(eventWhen(event({ date: null, fromDate: null }))).toBeNull();
  });

  it('links Google Calendar with UTC times, or the days of an all-day event', () => {
    const timed = eventWhen(event(), 'Asia/Kolkata');
    if (!timed) throw new Error('no time');
    const url = new URL(googleCalendarEventLink(event(), timed, 'https://school.example/Events/item?id=e1'));
    expect(url.searchParams.get('dates')).toBe('20251205T033000Z/20251205T060000Z');
    expect(url.searchParams.get('location')).toBe('Ground, Campus');
    const day = eventWhen(event({ time: '' }), 'Asia/Kolkata');
    if (!day) throw new Error('no day');
    expect(new URL(googleCalendarEventLink(event(), day, '')).searchParams.get('dates')).toBe('20251205/20251206');
  });
});

describe('news feed', () => {
  const items = Array.from({ length: 60 }, (_, i) => news(i));
  items[1] = news(1, { date: '2025-12-31', attachments: ['STHSM/public/Images/circular.pdf'] });
  const files = new Map([['STHSM/public/Images/circular.pdf', { length: 1234, type: 'application/pdf' }]]);

  it('RSS 2.0: the latest 50 items, newest first, with link, date, summary and the first attachment as enclosure', async () => {
    const parsed = await new Parser().parseString(newsFeed(items, site, files).rss2());
    expect(parsed.title).toBe('Demo School: News');
    expect(parsed.items).toHaveLength(NEWS_FEED_SIZE);
    const first = parsed.items[0];
    expect(first?.title).toBe('News 1');
    expect(first?.link).toBe('https://school.example/news/item?id=n1');
    expect(first?.isoDate).toBe('2025-12-31T00:00:00.000Z');
    expect(first?.contentSnippet).toBe('About 1');
    expect(first?.enclosure).toEqual({
      url: 'https://school.example/api/image/STHSM/public/Images/circular.pdf',
      length: '1234',
      type: 'application/pdf',
    });
    const dates = parsed.items.map((i) => i.isoDate ?? '');
    expect(dates.toSorted().toReversed()).toEqual(dates);
  });

  it("Atom: the same items; updated is the server's updatedAt when it sends one, and the enclosure keeps its type", async () => {
    const edited = items.map((n) => (n._id === 'n1' ? { ...n, updatedAt: '2026-01-02T10:00:00.000Z' } : n));
    const xml = atomXml(newsFeed(edited, site, files, 'atom'));
    const parsed = await new Parser<Record<string, never>, { id: string; updated: string; published: string }>({
      customFields: { item: ['id', 'updated', 'published'] },
    }).parseString(xml);
    expect(parsed.items).toHaveLength(NEWS_FEED_SIZE);
    expect(parsed.items[0]?.id).toBe('https://school.example/news/item?id=n1');
    expect(parsed.items[0]?.link).toBe('https://school.example/news/item?id=n1');
    expect(parsed.items[0]?.updated).toBe('2026-01-02T10:00:00.000Z');
    expect(parsed.items[0]?.published).toBe('2025-12-31T00:00:00.000Z');
    // The feed's own updated is its newest change.
    expect(xml).toMatch(/^<\?xml[^]*?<updated>2026-01-02T10:00:00.000Z<\/updated>/);
    expect(xml).toMatch(
      /<link rel="enclosure" href="https:\/\/school.example\/api\/image\/STHSM\/public\/Images\/circular.pdf" type="application\/pdf" length="1234"\/>/,
    );
  });
});

it('escapes the plain-text title and summary for the HTML they are read as', async () => {
  const xml = atomXml(newsFeed([news(1, { title: 'Fees < 5,000 & "more"', description: 'Bring <b>forms</b>' })], site, new Map(), 'atom'));
  const rss = newsFeed([news(1, { title: 'Fees < 5,000 & "more"', description: 'Bring <b>forms</b>' })], site).rss2();
  expect(xml).toContain('Fees &lt; 5,000 &amp; &quot;more&quot;');
  expect(rss).toContain('<title><![CDATA[Fees < 5,000 & "more"]]></title>');
  expect((await new Parser().parseString(rss)).items[0]?.content).toBe('Bring &lt;b&gt;forms&lt;/b&gt;');
});

describe('events calendar', () => {
  const events = [
    event(),
    event({ _id: 'e2', title: 'Exams', date: '2025-12-10', fromDate: '2025-12-08', time: '', version: 4 }),
    event({ _id: 'e3', title: 'Undated', date: null }),
  ];

  it('is RFC 5545 text with a VTIMEZONE for Asia/Kolkata, times in it, all-day DATEs, UIDs {id}@{host} and SEQUENCE = version - 1', () => {
    const text = eventsCalendar(events, site, { zone: 'Asia/Kolkata' });
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const { events: parsed, zones } = parseIcs(text);
    expect(zones).toEqual(['Asia/Kolkata']);
    expect(parsed).toEqual([
      {
        uid: 'e1@school.example',
        summary: 'Sports Day',
        sequence: 0,
        isDate: false,
        start: '2025-12-05T03:30:00.000Z',
        end: '2025-12-05T06:00:00.000Z',
        tzid: 'Asia/Kolkata',
      },
      { uid: 'e2@school.example', summary: 'Exams', sequence: 3, isDate: true, start: '2025-12-08', end: '2025-12-11', tzid: null },
    ]);
    expect(text).toContain('DTSTART;TZID=Asia/Kolkata:20251205T090000');
    expect(text).toContain('DTSTART;VALUE=DATE:20251208');
  });

  it('keeps the UID and raises SEQUENCE when an event is edited', () => {
    const before = parseIcs(eventsCalendar([event({ version: 1 })], site)).events[0];
    const after = parseIcs(eventsCalendar([event({ version: 2, time: '10:00 AM', updatedAt: '2025-11-01T08:00:00Z' })], site)).events[0];
    expect(after?.uid).toBe(before?.uid);
    expect(after?.sequence).toBe(1);
    expect(after?.start).toBe('2025-12-05T04:30:00.000Z');
  });

  it('a single event download says METHOD:PUBLISH', () => {
    const text = eventsCalendar([event()], site, { single: true });
    expect(text).toContain('METHOD:PUBLISH');
    expect(parseIcs(text).events).toHaveLength(1);
  });

  it('writes a zone with daylight saving in UTC (no VTIMEZONE needed), still at the right instant', () => {
    expect(fixedOffsetVTimezone('Asia/Kolkata')).toContain('TZOFFSETTO:+0530');
    expect(fixedOffsetVTimezone('Europe/London')).toBeNull();
    const text = eventsCalendar([event({ date: '2025-07-01' })], site, { zone: 'Europe/London' });
    expect(text).not.toContain('VTIMEZONE');
    expect(parseIcs(text).events[0]?.start).toBe('2025-07-01T08:00:00.000Z');
  });
});

describe('event structured data', () => {
  it('gives schema.org start and end with the school offset, or the days of an all-day event', () => {
    expect(eventJsonLd(event(), 'https://school.example/Events/item?id=e1', null)).toMatchObject({
      '@type': 'Event',
      startDate: '2025-12-05T09:00:00+05:30',
      endDate: '2025-12-05T11:30:00+05:30',
      location: { '@type': 'Place', name: 'Ground, Campus' },
    });
    expect(eventJsonLd(event({ time: '', fromDate: '2025-12-04' }), 'u', null)).toMatchObject({
      startDate: '2025-12-04',
      endDate: '2025-12-05',
    });
    expect(eventJsonLd(event({ date: null }), 'u', null)).toBeNull();
  });
});

describe('feeds in another language (issue 35)', () => {
  const hindi = { ...site, locale: 'hi' as const, messages: catalogueOf('hi') };

  it('a Hindi news feed has Hindi words, says hi-IN and links the Hindi pages; its items stay as the school wrote them', async () => {
    const parsed = await new Parser().parseString(newsFeed([news(1)], hindi).rss2());
    expect(parsed.title).toBe('Demo School: समाचार');
    expect(parsed.description).toBe('Demo School के समाचार और परिपत्र।');
    expect(parsed.link).toBe('https://school.example/hi/news');
    expect(parsed.language).toBe('hi-IN');
    expect(parsed.items[0]?.link).toBe('https://school.example/hi/news/item?id=n1');
    expect(parsed.items[0]?.title).toBe('News 1');
    expect(newsFeed([news(1)], hindi).rss2()).toContain('href="https://school.example/hi/news.rss"');
  });

  it('a Hindi calendar names itself in Hindi and links each event’s Hindi page', () => {
    const calendar = new ICAL.Component(ICAL.parse(eventsCalendar([event()], hindi, { zone: 'Asia/Kolkata' })));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Demo School: कार्यक्रम');
    expect(calendar.getFirstPropertyValue('url')).toBe('https://school.example/hi/Events');
    expect(calendar.getFirstSubcomponent('vevent')?.getFirstPropertyValue('url')).toBe('https://school.example/hi/Events/item?id=e1');
  });
});
