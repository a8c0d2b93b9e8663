import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ContentType } from '@sthsm/contract';

// Valid bodies for every content type, and the public list each type shows in (CONTRACT.md), for
// the publishing tests. Dates fall on the test clock's day (helpers.ts NOW: 14 August 2025).

export const VALID: Record<ContentType, Record<string, unknown>> = {
  news: { title: 'Sports day results', date: '2025-08-10', description: 'House Red won.', attachments: [] },
  announcements: { description: 'School closed on Friday for the festival.', attachments: [] },
  events: {
    title: 'Science exhibition',
    description: 'Projects by classes VI to XII.',
    date: '2025-08-20',
    location: 'Main hall',
    venue: 'Main hall',
    time: '10:00 AM',
    images: ['STHSM/public/Images/e1.jpg'],
    attachments: [],
  },
  albums: {
    title: 'Investiture ceremony',
    description: 'Photos.',
    category: 'PhotoGallery',
    date: '2025-08-01',
    attachments: ['STHSM/public/Images/p1.jpg', 'STHSM/public/Images/p2.jpg'],
  },
  videos: {
    title: 'Annual day highlights',
    date: '2025-07-01',
    videoUrl: 'https://www.youtube.com/embed/abc123',
    attachments: ['STHSM/public/Images/thumb1.jpg'],
  },
  toppers: { name: 'Asha Verma', class: 'XII', division: '97.2%', stream: 'Science', sessionYear: '2024-2025', attachments: [] },
  // One word: the public birthday list shows first names only (issue 16), so the name is found there as typed.
  birthdays: { name: 'Ravi', class: 'V-A', monthDay: '08-14', attachments: [] },
  notifications: { title: 'Fee reminder', description: 'Second term fees are due.', image: [], attachments: [], url: '' },
  'principal-message': { message: '<p>Dear parents, <strong>welcome</strong>.</p>', attachments: [] },
};

/** Where the public sees each type (CONTRACT.md), and the field that identifies an item in that list. */
export const PUBLIC: Record<ContentType, { url: string; key: string }> = {
  news: { url: '/api/news/STHSM', key: 'title' },
  announcements: { url: '/api/highlight/STHSM', key: 'description' },
  events: { url: '/api/events/All/STHSM', key: 'title' },
  albums: { url: '/api/gallery/all/STHSM', key: 'title' },
  videos: { url: '/api/video/all/STHSM', key: 'title' },
  toppers: { url: '/api/topper/STHSM', key: 'name' },
  birthdays: { url: '/api/birthdays/STHSM', key: 'name' },
  notifications: { url: '/api/notification/STHSM', key: 'title' },
  'principal-message': { url: '/api/PrincipalMessage/STHSM', key: 'message' },
};

/** The values of `key` in a public list (read fresh, past any cache). */
export async function publicValues(app: FastifyInstance, type: ContentType, school = 'STHSM'): Promise<unknown[]> {
  const { url, key } = PUBLIC[type];
  const res = await app.inject({ method: 'GET', url: url.replace('STHSM', school) });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return (res.json() as Array<Record<string, unknown>>).map((item) => item[key]);
}

/** The school's files VALID names (a save refuses a reference to a file the school does not have). */
export async function storeValidFiles(mediaRoot: string): Promise<void> {
  for (const file of ['e1.jpg', 'p1.jpg', 'p2.jpg', 'thumb1.jpg']) {
    const target = path.join(mediaRoot, 'STHSM', 'public', 'Images', file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, 'photo');
  }
}
