import { beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_GALLERY } from '@sthsm/contract';
import type { SchoolSeed } from '../src/types.ts';
import { records, school, TODAY, year } from './fixture.ts';

let sthsm: SchoolSeed;
beforeAll(() => {
  sthsm = school(records(), 'STHSM');
});

const now = TODAY.getTime();
const currentYear = TODAY.getUTCFullYear();

describe('STHSM news and highlights', () => {
  it('has at least 30 news, some undated, some with attachments, newest first', () => {
    expect(sthsm.news.length).toBeGreaterThanOrEqual(30);
    expect(sthsm.news.some((n) => !n.date)).toBe(true);
    expect(sthsm.news.filter((n) => n.attachments.length > 0).length).toBeGreaterThanOrEqual(10);
    const dated = sthsm.news.filter((n) => n.date).map((n) => n.date ?? '');
    expect(dated).toEqual(dated.toSorted().toReversed());
    expect(new Set(sthsm.news.map((n) => year(n.date)).filter(Boolean)).size).toBeGreaterThanOrEqual(3);
  });

  it('has no placeholder text', () => {
    const text = JSON.stringify(sthsm).toLowerCase();
    expect(text).not.toContain('lorem');
    expect(text).not.toContain('ipsum');
  });

  it('has 6 to 10 highlights, most with an attachment', () => {
    expect(sthsm.highlights.length).toBeGreaterThanOrEqual(6);
    expect(sthsm.highlights.length).toBeLessThanOrEqual(10);
    expect(sthsm.highlights.filter((h) => h.attachments.length > 0).length).toBeGreaterThan(sthsm.highlights.length / 2);
  });
});

describe('STHSM events', () => {
  it('has at least 20 events with 1 to 3 images, venue, location and time', () => {
    expect(sthsm.events.length).toBeGreaterThanOrEqual(20);
    for (const event of sthsm.events) {
      expect(event.images.length).toBeGreaterThanOrEqual(1);
      expect(event.images.length).toBeLessThanOrEqual(3);
      expect(event.venue).not.toBe('');
      expect(event.location).not.toBe('');
      expect(event.time).toMatch(/^\d{1,2}:\d{2} [AP]M - \d{1,2}:\d{2} [AP]M$/);
    }
  });

  it('has upcoming events, events this year and some attachments', () => {
    expect(sthsm.events.filter((e) => Date.parse(e.date ?? '') > now).length).toBeGreaterThanOrEqual(2);
    expect(sthsm.events.some((e) => year(e.date) === currentYear)).toBe(true);
    expect(sthsm.events.some((e) => e.attachments.length > 0)).toBe(true);
  });
});

describe('STHSM albums and videos', () => {
  it('has at least 12 photo-gallery albums of 5 to 20 photos over three years', () => {
    const gallery = sthsm.albums.filter((a) => a.category === PHOTO_GALLERY);
    expect(gallery.length).toBeGreaterThanOrEqual(12);
    for (const album of gallery) {
      expect(album.attachments.length).toBeGreaterThanOrEqual(5);
      expect(album.attachments.length).toBeLessThanOrEqual(20);
      expect(Date.parse(album.updatedOn)).toBeGreaterThanOrEqual(Date.parse(album.date ?? ''));
    }
    expect(gallery.some((a) => year(a.date) === currentYear)).toBe(true);
    expect(new Set(gallery.map((a) => year(a.date))).size).toBeGreaterThanOrEqual(3);
    expect(new Set(gallery.map((a) => a.date?.slice(5, 7))).size).toBeGreaterThanOrEqual(5);
  });

  it('has three albums of other categories', () => {
    expect(sthsm.albums.filter((a) => a.category !== PHOTO_GALLERY)).toHaveLength(3);
  });

  it('has at least 10 videos with a thumbnail and a YouTube-style link, over several years', () => {
    expect(sthsm.videos.length).toBeGreaterThanOrEqual(10);
    for (const video of sthsm.videos) {
      expect(video.videoUrl).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
      expect(video.attachments).toHaveLength(1);
    }
    expect(new Set(sthsm.videos.map((v) => year(v.date))).size).toBeGreaterThanOrEqual(3);
  });
});

describe('STHSM people', () => {
  it('has toppers of X and XII in the session "previous year-current year"', () => {
    const session = `${currentYear - 1}-${currentYear}`;
    const current = sthsm.toppers.filter((t) => t.sessionYear === session);
    expect(current.some((t) => t.class === 'X' && t.stream === 'ICSE')).toBe(true);
    expect(new Set(current.filter((t) => t.class === 'XII').map((t) => t.stream))).toEqual(
      new Set(['Science (PCM)', 'Science (PCB)', 'Commerce', 'Humanities']),
    );
    expect(new Set(sthsm.toppers.map((t) => t.sessionYear)).size).toBeGreaterThanOrEqual(3);
    for (const topper of sthsm.toppers) {
      expect(topper.division).toMatch(/^\d{2}\.\d%$/);
      expect(topper.division).not.toBe('100.0%');
    }
    expect(sthsm.toppers.some((t) => t.attachments.length === 0)).toBe(true);
  });

  it('has 3 to 5 birthdays today and more over the year, most with photos', () => {
    const today = TODAY.toISOString().slice(5, 10);
    const todays = sthsm.birthdays.filter((b) => b.monthDay === today);
    expect(todays.length).toBeGreaterThanOrEqual(3);
    expect(todays.length).toBeLessThanOrEqual(5);
    expect(sthsm.birthdays.length - todays.length).toBeGreaterThanOrEqual(8);
    expect(sthsm.birthdays.every((b) => /^(?:I|II|III|IV|V|VI|VII|VIII|IX|X|XI|XII)-[A-C]$/.test(b.class))).toBe(true);
    expect(sthsm.birthdays.filter((b) => b.attachments.length > 0).length).toBeGreaterThan(sthsm.birthdays.length / 2);
  });

  it('has one or two notifications active today and one expired', () => {
    const active = sthsm.notifications.filter((n) => Date.parse(n.activeFrom) <= now && now <= Date.parse(n.activeUntil));
    expect(active.length).toBeGreaterThanOrEqual(1);
    expect(active.length).toBeLessThanOrEqual(2);
    for (const n of active) {
      expect(n.title && n.description && n.url).toBeTruthy();
      expect(n.image).toHaveLength(1);
      expect(n.attachments).toHaveLength(1);
    }
    expect(sthsm.notifications.some((n) => Date.parse(n.activeUntil) < now)).toBe(true);
  });

  it('has an HTML principal message with a portrait', () => {
    const [message] = sthsm.principalMessages;
    expect(message?.message).toMatch(/<p>[\s\S]*<strong>[\s\S]*<ul><li>/);
    expect(message?.attachments).toHaveLength(1);
    expect(sthsm.visitor).toBeGreaterThan(1000);
  });
});
