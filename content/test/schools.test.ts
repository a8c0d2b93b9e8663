import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SLUGS, PHOTO_GALLERY, pageSchemas, schoolProfileSchema } from '@sthsm/contract';
import { buildDemoRecords } from '../src/demo.ts';
import { getProfile, profiles } from '../src/profile.ts';
import type { DemoData } from '../src/types.ts';
import { records, school, titles, TODAY, year } from './fixture.ts';

let data: DemoData;
beforeAll(() => {
  data = records();
});

describe('the second school (DEMO2)', () => {
  it('is small, has no videos, and has one album and toppers of one session', () => {
    const demo2 = school(data, 'DEMO2');
    expect(demo2.videos).toEqual([]);
    expect(demo2.albums.filter((a) => a.category === PHOTO_GALLERY)).toHaveLength(1);
    expect(demo2.events.length).toBeGreaterThanOrEqual(1);
    expect(demo2.news.length).toBeGreaterThanOrEqual(3);
    expect(new Set(demo2.toppers.map((t) => t.sessionYear))).toEqual(new Set([`${TODAY.getUTCFullYear() - 1}-${TODAY.getUTCFullYear()}`]));
  });

  it('has titles that never appear under STHSM, and shares no record ids with it', () => {
    const demo2 = school(data, 'DEMO2');
    const sthsm = school(data, 'STHSM');
    const theirs = titles(demo2);
    expect(theirs.every((t) => t.startsWith('Little Flower'))).toBe(true);
    expect(JSON.stringify(sthsm)).not.toContain('Little Flower');
    const ids = (s: typeof sthsm) => new Set([...s.news, ...s.events, ...s.albums, ...s.toppers].map((r) => r._id));
    const ours = ids(sthsm);
    expect([...ids(demo2)].filter((id) => ours.has(id))).toEqual([]);
  });
});

describe('school profiles and pages as the seed stores them', () => {
  it('match the contract schemas the API and the staff editors check them with', () => {
    for (const seed of data.schools) {
      const profile = schoolProfileSchema.safeParse(seed.profile);
      expect(profile.success, `${seed.code} profile: ${profile.error?.message}`).toBe(true);
      expect(Object.keys(seed.pages).sort()).toEqual([...PAGE_SLUGS].sort());
      for (const slug of PAGE_SLUGS) {
        const page = pageSchemas[slug].safeParse(seed.pages[slug]);
        expect(page.success, `${seed.code} ${slug}: ${page.error?.message}`).toBe(true);
      }
    }
  });

  it('tell each school in its own name: nothing of STHSM in DEMO2 and nothing of DEMO2 in STHSM', () => {
    const demo2 = school(data, 'DEMO2');
    const sthsm = school(data, 'STHSM');
    const own = (s: typeof demo2) => JSON.stringify({ profile: s.profile, pages: s.pages, hosts: s.hosts });
    for (const word of ['STHSM', 'St. Thomas', 'Thomasian', 'Mahimnagar', 'sthsm']) expect(own(demo2)).not.toContain(word);
    for (const word of ['DEMO2', 'Little Flower', 'Rosepur', 'demo2']) expect(own(sthsm)).not.toContain(word);
    expect(demo2.pages.home.slider.length).toBeGreaterThan(0);
    expect(sthsm.pages.home.slider).toHaveLength(17);
    expect(sthsm.pages['computer-lab'].photos).toHaveLength(10);
    expect(sthsm.pages.library.photos).toHaveLength(12);
  });

  it('map a host name of their own to each school', () => {
    expect(school(data, 'STHSM').hosts).toEqual(['sthsm.localhost']);
    expect(school(data, 'DEMO2').hosts).toEqual(['demo2.localhost']);
  });
});

describe('school profiles', () => {
  it('holds every fact of the school information table for STHSM', () => {
    const p = getProfile('STHSM');
    expect(p).toMatchObject({
      board: 'CISCE',
      affiliationNo: 'UP-168',
      affiliatedSince: 2003,
      established: 1976,
      academicSession: 'April to March',
      copyrightYear: 2024,
      website: 'https://sthsm.example.org',
    });
    expect(p?.phones).toHaveLength(3);
    expect(p?.phones.filter((ph) => ph.whatsapp)).toHaveLength(1);
    expect(p?.parentPortal.helpDesk.hours).toBe('8:00 AM to 8:00 PM');
    expect(p?.map.embedUrl).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=/);
    expect(p?.app.schoolCode).toBe('STHSM');
  });

  it('matches codes exactly, like the API', () => {
    expect(getProfile('sthsm')).toBeUndefined();
    expect(getProfile('toString')).toBeUndefined();
    expect(getProfile('DEMO2')?.name).not.toBe(getProfile('STHSM')?.name);
  });

  it('uses only example.org addresses', () => {
    const text = JSON.stringify(profiles);
    for (const email of text.match(/[\w.+-]+@[\w.-]+/g) ?? []) expect(email).toMatch(/@([\w-]+\.)*example\.org$/);
    for (const url of text.match(/https:\/\/[^"\s]+/g) ?? []) {
      expect(url).toMatch(/^https:\/\/(([\w-]+\.)*example\.org|www\.openstreetmap\.org)(\/|$)/);
    }
  });
});

/** Digit runs of 10 or more (phone-like) that are not the obviously fake "+91 00000 0xxxx" kind. */
function realLookingPhones(text: string): string[] {
  return (text.match(/\+?\d[\d\s-]{8,}\d/g) ?? [])
    .map((m) => m.replaceAll(/\D/g, ''))
    .filter((digits) => digits.length >= 10)
    .filter((digits) => !/^(91)?00000\d{5}$/.test(digits));
}

describe('no real-looking phone numbers', () => {
  it('finds none in the profiles or the seeds', () => {
    expect(realLookingPhones(JSON.stringify(profiles))).toEqual([]);
    // Ids and file references are hex, not phone numbers.
    const seeds = JSON.stringify(data.schools, (key, value: unknown) =>
      key === '_id' || key === 'id' || key === 'attachments' || key === 'images' || key === 'image' ? undefined : value,
    );
    expect(realLookingPhones(seeds)).toEqual([]);
  });

  it('flags a real-looking number', () => {
    expect(realLookingPhones('Call +91 98765 43210')).toHaveLength(1);
    expect(realLookingPhones('Call +91 00000 00101 or 2024-11-14')).toEqual([]);
  });
});

describe('dates around any today', () => {
  it.each(['2026-01-01T00:00:00Z', '2025-12-31T23:00:00Z', '2025-04-01T08:00:00Z', '2025-05-20T12:00:00Z', '2031-02-28T12:00:00Z'])(
    '%s has current-year gallery, events and toppers',
    (day) => {
      const today = new Date(day);
      const sthsm = buildDemoRecords({ today }).find((s) => s.code === 'STHSM');
      if (!sthsm) throw new Error('no STHSM');
      const current = today.getUTCFullYear();
      expect(sthsm.albums.some((a) => a.category === PHOTO_GALLERY && year(a.date) === current)).toBe(true);
      expect(sthsm.events.some((e) => year(e.date) === current)).toBe(true);
      expect(sthsm.events.some((e) => Date.parse(e.date ?? '') > today.getTime())).toBe(true);
      expect(sthsm.toppers.some((t) => t.sessionYear === `${current - 1}-${current}` && t.class === 'XII')).toBe(true);
      expect(sthsm.birthdays.filter((b) => b.monthDay === today.toISOString().slice(5, 10)).length).toBeGreaterThanOrEqual(3);
      expect(sthsm.news.length).toBeGreaterThanOrEqual(30);
      expect(sthsm.events.length).toBeGreaterThanOrEqual(20);
    },
  );
});
