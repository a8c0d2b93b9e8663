import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { as, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';
import { publicValues, VALID } from './publish-helpers.ts';

// Results day (issue 14, item 8): the toppers of X and XII, a notification and an announcement are
// scheduled for one minute. With the clock pinned they all appear together at that minute — from
// a warm response cache (its entries do not outlive the moment) and after a server restart in
// between (nothing runs a job: the public query itself filters by the window). An Unpublish at
// passed while the server is down is gone from the restarted server's first answer.

const BEFORE = new Date('2026-05-13T04:29:00.000Z');
const AT = new Date('2026-05-13T04:30:00.000Z'); // 10:00 in Asia/Kolkata
let clock = BEFORE;
let t: TestApp;
let editor: Signed;
const cacheClock = () => clock.getTime();

const SCHEDULE = { intent: 'publish', publishAt: '2026-05-13T10:00' };
const ITEMS = [
  ['toppers', { ...VALID.toppers, name: 'Meera X topper', class: 'X', sessionYear: '2025-2026' }],
  ['toppers', { ...VALID.toppers, name: 'Kabir XII topper', class: 'XII', sessionYear: '2025-2026' }],
  ['notifications', { ...VALID.notifications, title: 'Board results are out' }],
  ['announcements', { ...VALID.announcements, description: 'Congratulations to the class of 2026!' }],
] as const;

async function visible(app: FastifyInstance) {
  return {
    toppers: (await publicValues(app, 'toppers')).filter((n) => String(n).includes('topper')),
    notifications: (await publicValues(app, 'notifications')).filter((n) => n === 'Board results are out'),
    announcements: (await publicValues(app, 'announcements')).filter((n) => String(n).startsWith('Congratulations')),
  };
}
const NONE = { toppers: [], notifications: [], announcements: [] };
/** The expiring notice of the last test, as the public API gives it. */
const notices = async (app: FastifyInstance) => (await publicValues(app, 'notifications')).filter((n) => n === 'Exam timetable');
const ALL = {
  toppers: expect.arrayContaining(['Meera X topper', 'Kabir XII topper']),
  notifications: ['Board results are out'],
  announcements: ['Congratulations to the class of 2026!'],
};

beforeAll(async () => {
  t = await startTestApp({}, () => clock, { responseCache: { now: cacheClock } });
  await createSchool(t.db);
  editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
  for (const [type, body] of ITEMS) {
    const res = await as(t.app, editor)('POST', `/api/admin/STHSM/content/${type}`, { ...body, ...SCHEDULE });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().item).toMatchObject({ displayStatus: 'scheduled', publishAt: AT.toISOString() });
  }
});
afterAll(() => t.close());

describe(`results day (${engine})`, () => {
  it('shows nothing a minute early, then everything together at the minute, from a warm cache', async () => {
    clock = BEFORE;
    expect(await visible(t.app)).toEqual(NONE);
    clock = new Date(AT.getTime() - 1);
    expect(await visible(t.app)).toEqual(NONE);
    clock = AT;
    expect((await visible(t.app)).toppers).toHaveLength(2);
    expect(await visible(t.app)).toEqual(ALL);
  });

  it('after a server restart in between, everything appears at the minute', async () => {
    clock = BEFORE;
    await t.app.close();
    // The "restart": a new server on the same database, its caches empty; the clock passes the minute while it is down.
    clock = AT;
    const restarted = await buildApp({ config: t.config, db: t.db, now: () => clock, responseCache: { now: cacheClock } });
    await restarted.ready();
    try {
      expect(await visible(restarted)).toEqual(ALL);
      const toppers = (await restarted.inject({ url: '/api/topper/STHSM' })).json() as Array<{ name: string; class: string }>;
      expect(
        toppers
          .filter((x) => x.name.includes('topper'))
          .map((x) => x.class)
          .toSorted(),
      ).toEqual(['X', 'XII']);
    } finally {
      await restarted.close();
    }
  });

  it('an Unpublish at passed while the server is down: gone after the restart, and not a moment early before it', async () => {
    const start = async () => {
      const app = await buildApp({ config: t.config, db: t.db, now: () => clock, responseCache: { now: cacheClock } });
      await app.ready();
      return app;
    };
    clock = AT;
    const first = await start();
    try {
      const res = await as(first, editor)('POST', '/api/admin/STHSM/content/notifications', {
        ...VALID.notifications,
        title: 'Exam timetable',
        intent: 'publish',
        unpublishAt: '2026-05-13T12:00',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().item.unpublishAt).toBe('2026-05-13T06:30:00.000Z');
      expect(await notices(first)).toEqual(['Exam timetable']);
      // A minute before its end, from the warm cache: still shown.
      clock = new Date('2026-05-13T06:29:00.000Z');
      expect(await notices(first)).toEqual(['Exam timetable']);
    } finally {
      await first.close();
    }
    // Down over the moment; the restarted server's first answer leaves it out.
    clock = new Date('2026-05-13T06:30:00.000Z');
    const second = await start();
    try {
      expect(await notices(second)).toEqual([]);
      const item = (await as(second, editor)('GET', `/api/admin/STHSM/content/notifications?status=expired`)).json() as {
        items: Array<{ fields: { title: string } }>;
      };
      expect(item.items.map((i) => i.fields.title)).toContain('Exam timetable');
    } finally {
      await second.close();
    }
  });
});
