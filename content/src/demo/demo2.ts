import { PHOTO_GALLERY } from '@sthsm/contract';
import type { SchoolRecords } from '../types.ts';
import { profiles } from '../profile.ts';
import { circular, photo, type SchoolContext } from './context.ts';
import { addDays, dayOfYear, iso } from './dates.ts';
import { buildBirthdays, buildPrincipalMessage, buildToppers } from './people-records.ts';
import { stableId } from './random.ts';

// The second, small school. Every title starts with its name, so tests can prove that none of
// it shows under STHSM. It has no videos (the site must show its placeholder).

export const DEMO2_PREFIX = 'Little Flower';

export function buildDemo2(ctx: SchoolContext): SchoolRecords {
  const profile = profiles.DEMO2;
  if (!profile) throw new Error('DEMO2 profile missing');
  const { today, code } = ctx;
  const newsItems: Array<[string, string, number]> = [
    ['Little Flower: Admissions open for Nursery to Class V', 'Forms are available at the convent office.', -5],
    ['Little Flower: Annual Day rehearsals begin', 'Rehearsals take place after school on weekdays.', -40],
    ['Little Flower: Library week', 'Students may borrow two books each during library week.', -120],
    ['Little Flower: Summer camp registration', 'The summer camp offers art, swimming and chess.', -300],
  ];
  const albumDate = addDays(today, -Math.min(10, dayOfYear(today)));
  const albumTitle = `${DEMO2_PREFIX}: Founders' Day ${albumDate.getUTCFullYear()}`;
  const eventDate = addDays(today, 12);
  const eventTitle = `${DEMO2_PREFIX}: Parents' Open Day`;
  return {
    code,
    name: profile.fullName,
    news: newsItems.map(([title, description, offset], i) => ({
      _id: stableId(`${code}:news:${i}`),
      date: iso(addDays(today, offset)),
      fromDate: iso(addDays(today, offset)),
      title,
      description,
      attachments:
        i === 0
          ? [circular(ctx, 'admissions', title, addDays(today, offset), [description, 'Bring the birth certificate and two photographs.'])]
          : [],
    })),
    highlights: [
      { _id: stableId(`${code}:highlight:0`), description: `${DEMO2_PREFIX}: Admissions open for Nursery to Class V`, attachments: [] },
      {
        _id: stableId(`${code}:highlight:1`),
        description: `${DEMO2_PREFIX}: Parents' Open Day on ${eventDate.toISOString().slice(0, 10)}`,
        attachments: [],
      },
    ],
    toppers: buildToppers(ctx, { sessions: [today.getUTCFullYear() - 1], x: 3, xii: [], photoShare: 0.7 }).map((t) => ({
      ...t,
      name: `${t.name} (${DEMO2_PREFIX})`,
    })),
    principalMessages: [
      buildPrincipalMessage(
        ctx,
        profile.principal.name,
        [`Welcome to ${profile.name}, a small school where every child is known by name.`],
        ['Small classes', 'Caring teachers'],
      ),
    ],
    events: [
      {
        _id: stableId(`${code}:event:open-day`),
        title: eventTitle,
        description: "Parents visit the classrooms, see the children's work and meet the teachers.",
        date: iso(eventDate),
        fromDate: iso(eventDate),
        location: 'Little Flower Campus, Rosepur',
        venue: 'Convent Hall',
        time: '10:00 AM - 12:00 PM',
        images: [
          photo(ctx, { key: 'open-day', title: eventTitle, date: addDays(today, -2), hour: 10, index: 1, kind: 'tile', size: [1200, 800] }),
        ],
        attachments: [],
      },
    ],
    birthdays: buildBirthdays(ctx, 1, 2),
    notifications: [],
    albums: [
      {
        _id: stableId(`${code}:album:founders-day`),
        title: albumTitle,
        description: "Founders' Day mass, cultural programme and games.",
        category: PHOTO_GALLERY,
        date: iso(albumDate),
        updatedOn: iso(today),
        attachments: Array.from({ length: 6 }, (_, n) =>
          photo(ctx, {
            key: `founders-day:${n + 1}`,
            title: albumTitle,
            subtitle: `Photo ${n + 1} of 6`,
            date: albumDate,
            hour: 9,
            index: n + 1,
          }),
        ),
      },
    ],
    videos: [],
    visitor: 1_520,
  };
}
