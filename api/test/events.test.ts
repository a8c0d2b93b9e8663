import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBirthday, createEvent, createNotification, createSchool } from './factories.ts';
import { startTestApp, type TestApp } from './helpers.ts';

// Date-driven lists: home events, all events, today's birthdays, current notifications (today = 2025-08-14).
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db);
  await createSchool(t.db, { code: 'OTHER' });
  await createSchool(t.db, { code: 'PAST' });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const titles = (body: Array<{ title: string }>) => body.map((x) => x.title);

describe('events', () => {
  beforeAll(async () => {
    await createEvent(t.db, { title: 'Last year', date: '2024-11-05' });
    await createEvent(t.db, { title: 'Today', date: '2025-08-14T00:00:00.000Z' });
    await createEvent(t.db, { title: 'Far future', date: '2025-12-20' });
    await createEvent(t.db, {
      title: 'Next week',
      date: '2025-08-21',
      images: ['STHSM/public/Images/e.jpg'],
      venue: 'Auditorium',
      time: '9:30 AM',
    });
    await createEvent(t.db, { title: 'Undated', date: null });
    await createEvent(t.db, { school: 'OTHER', title: 'Other upcoming', date: '2025-09-01' });
  });

  it('GET /api/events/{code} lists upcoming events soonest first', async () => {
    const res = await get('/api/events/STHSM');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(titles(body)).toEqual(['Today', 'Next week', 'Far future']);
    expect(body[1]).toEqual({
      _id: expect.any(String),
      title: 'Next week',
      description: expect.any(String),
      date: '2025-08-21',
      fromDate: null,
      location: expect.any(String),
      venue: 'Auditorium',
      time: '9:30 AM',
      images: ['STHSM/public/Images/e.jpg'],
      attachments: [],
      version: 1,
      updatedAt: expect.any(String),
    });
  });

  it('falls back to the latest past events when nothing is upcoming', async () => {
    await createEvent(t.db, { school: 'PAST', title: 'Old', date: '2023-01-01' });
    await createEvent(t.db, { school: 'PAST', title: 'Recent', date: '2025-07-01' });
    expect(titles((await get('/api/events/PAST')).json())).toEqual(['Recent', 'Old']);
  });

  it('GET /api/events/All/{code} lists every event newest first, undated last, this school only', async () => {
    const body = (await get('/api/events/All/STHSM')).json();
    expect(titles(body)).toEqual(['Far future', 'Next week', 'Today', 'Last year', 'Undated']);
  });

  it('answers 404 for unknown schools', async () => {
    expect((await get('/api/events/NOPE')).statusCode).toBe(404);
    expect((await get('/api/events/All/NOPE')).statusCode).toBe(404);
  });
});

describe('GET /api/birthdays/{code}', () => {
  it('lists only birthdays falling today, in the CONTRACT shape', async () => {
    await createBirthday(t.db, { name: 'Meera', class: 'VI', monthDay: '08-14', attachments: ['STHSM/public/Images/m.jpg'] });
    await createBirthday(t.db, { name: 'Yesterday', monthDay: '08-13' });
    await createBirthday(t.db, { school: 'OTHER', name: 'Other child', monthDay: '08-14' });
    const body = (await get('/api/birthdays/STHSM')).json();
    expect(body).toEqual([{ _id: expect.any(String), name: 'Meera', class: 'VI', attachments: ['STHSM/public/Images/m.jpg'] }]);
    expect((await get('/api/birthdays/NOPE')).statusCode).toBe(404);
  });
});

describe('GET /api/notification/{code}', () => {
  it('lists notifications active today, inclusive of both ends of the window', async () => {
    await createNotification(t.db, { title: 'Ends today', activeFrom: '2025-08-01', activeUntil: '2025-08-14' });
    await createNotification(t.db, {
      title: 'Starts today',
      activeFrom: '2025-08-14T00:00:00.000Z',
      activeUntil: '2025-08-20',
      url: 'https://example.org',
    });
    await createNotification(t.db, { title: 'Expired', activeFrom: '2025-07-01', activeUntil: '2025-08-13' });
    await createNotification(t.db, { title: 'Future', activeFrom: '2025-08-15', activeUntil: '2025-08-30' });
    await createNotification(t.db, { school: 'OTHER', title: 'Other notice' });
    const body = (await get('/api/notification/STHSM')).json();
    expect(titles(body)).toEqual(['Starts today', 'Ends today']);
    expect(body[0]).toEqual({
      _id: expect.any(String),
      title: 'Starts today',
      description: expect.any(String),
      image: [],
      attachments: [],
      url: 'https://example.org',
    });
    expect((await get('/api/notification/NOPE')).statusCode).toBe(404);
  });
});
