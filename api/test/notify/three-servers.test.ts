import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSchool } from '../factories.ts';
import { engine, NOW, type TestApp } from '../helpers.ts';
import { VALID } from '../publish/publish-helpers.ts';
import { as, createStaff, signIn } from '../staff/staff-helpers.ts';
import type { PushService } from '../support/push-service.ts';
import { emailSubscriber, insertEmailSubscribers, loopback, startNotifyRig, type NotifyRig } from './support.ts';

// Three servers on one database, each with its own send job (a module graph of its own, so each is
// a lease holder of its own, as three processes are), all ticking at once and again: every
// subscriber gets each item exactly once (issue 34), on both engines.

const PUSH_SUBSCRIBERS = 60;
const EMAIL_SUBSCRIBERS = 15;

let rig: NotifyRig;
let t: TestApp;
let smtp: NotifyRig['smtp'];
let push: PushService;
const others: Array<{ app: FastifyInstance; tick: () => Promise<void> | undefined }> = [];

beforeAll(async () => {
  rig = await startNotifyRig({ MAIL_FROM: 'office@school.example' });
  ({ t, smtp, push } = rig);
  await createSchool(t.db, { code: 'STHSM', name: 'St Example School' });
  for (let i = 0; i < 2; i++) {
    vi.resetModules();
    const { buildApp } = await import('../../src/app.ts');
    const job = await import('../../src/notify/job.ts');
    const app = await buildApp({ config: t.config, db: t.db, now: () => NOW, pushAddresses: loopback, pushCa: push.ca });
    await app.ready();
    others.push({ app, tick: () => job.notifiers.get(app)?.tick() });
  }
  for (let i = 0; i < PUSH_SUBSCRIBERS; i++) {
    const sub = push.subscription(`phone-${i}`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscribe/STHSM/push',
      payload: { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth }, topics: ['news'] },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  await insertEmailSubscribers(
    t.db,
    Array.from({ length: EMAIL_SUBSCRIBERS }, (_, i) =>
      emailSubscriber({ id: `email-${String(i).padStart(3, '0')}`, email: `parent${i}@example.org`, frequency: 'instant', at: NOW }),
    ),
  );
});
/** Every server's send job at once. */
const ticks = () => Promise.all([rig.tick(), ...others.map((o) => o.tick())]);

afterAll(async () => {
  for (const other of others) await other.app.close();
  await rig.close();
});

describe(`three servers (${engine})`, () => {
  it('deliver each of two items once to every subscriber, however often they all tick', async () => {
    const editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
    for (const title of ['Term timetable published', 'Sports day moved to Friday']) {
      const res = await as(t.app, editor)('POST', '/api/admin/STHSM/content/news', {
        ...VALID.news,
        title,
        intent: 'publish',
        notify: 'on',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    for (let round = 0; round < 4; round++) await ticks();
    await expect.poll(() => smtp.mails.length).toBe(EMAIL_SUBSCRIBERS * 2);
    const delivered = push.received.filter((r) => r.status === 201);
    expect(delivered).toHaveLength(PUSH_SUBSCRIBERS * 2);
    const perPhone = new Map<string, string[]>();
    for (const r of delivered) perPhone.set(r.name, [...(perPhone.get(r.name) ?? []), (r.payload as { title: string }).title]);
    expect(perPhone.size).toBe(PUSH_SUBSCRIBERS);
    for (const titles of perPhone.values()) expect(titles.toSorted()).toEqual(['Sports day moved to Friday', 'Term timetable published']);
    const perAddress = new Map<string, number>();
    for (const m of smtp.mails) for (const to of m.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    expect([...perAddress.values()]).toEqual(Array.from({ length: EMAIL_SUBSCRIBERS }, () => 2));
  });
});
