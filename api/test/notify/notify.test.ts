import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSchool, createSchoolHost } from '../factories.ts';
import { engine, NOW, type TestApp } from '../helpers.ts';
import { storeValidFiles, VALID } from '../publish/publish-helpers.ts';
import { as, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';
import type { CaughtMail } from '../staff/smtp.ts';
import type { PushService } from '../support/push-service.ts';
import { startNotifyRig, type NotifyRig } from './support.ts';

// Parents' notifications end to end on both engines (issue 34): subscribing by e-mail (double
// opt-in, the same answer for any address, manage and one-click unsubscribe links) and by push
// (addresses checked), then publishing with "Notify subscribers" delivers each item once: decrypted
// by a local push service with each subscription's keys, caught by a local SMTP server.

let rig: NotifyRig;
let t: TestApp;
let smtp: NotifyRig['smtp'];
let push: PushService;
let editor: Signed;
let clock = NOW;

beforeAll(async () => {
  rig = await startNotifyRig({}, () => clock);
  ({ t, smtp, push } = rig);
  await createSchool(t.db, { code: 'STHSM', name: 'St Example School' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  await createSchoolHost(t.db, 'other.example', 'OTHER');
  await storeValidFiles(t.config.mediaRoot);
  editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
});
afterAll(() => rig.close());
beforeEach(() => {
  clock = NOW;
});

const tick = () => rig.tick();
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: body as Record<string, unknown>, headers });
const mailsTo = (address: string): CaughtMail[] => smtp.mails.filter((m) => m.to.includes(address));
/** The message's headers with folded lines joined, as mail programs read them (RFC 5322 §2.2.3). */
const unfolded = (mail: CaughtMail | undefined) => (mail?.raw ?? '').replace(/\r?\n[ \t]+/g, ' ');
const linkIn = (mail: CaughtMail | undefined, path: string) =>
  new RegExp(`https://[^\\s]+${path}\\?token=([A-Za-z0-9_-]{43})`).exec(mail?.text ?? '')?.[1];

async function subscribeEmail(email: string, topics: string[], frequency = 'instant', school = 'STHSM') {
  const res = await post(`/api/subscribe/${school}/email`, { email, topics, frequency });
  expect(res.statusCode, res.body).toBe(202);
  await expect.poll(() => mailsTo(email).length).toBeGreaterThan(0);
  const token = linkIn(mailsTo(email).at(-1), '/subscribe/confirm');
  expect(token).toBeDefined();
  const confirmed = await post(`/api/subscribe/${school}/confirm`, { token });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

async function publishNews(title: string, notify = true, school = 'STHSM', who = editor) {
  const res = await as(t.app, who)('POST', `/api/admin/${school}/content/news`, {
    ...VALID.news,
    title,
    intent: 'publish',
    ...(notify ? { notify: 'on' } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().item as { id: string; version: number };
}

const payloadsTo = (name: string) =>
  push.received.filter((r) => r.name === name && r.status === 201).map((r) => r.payload as { title: string; url: string; body: string });

describe(`subscribing by e-mail (${engine})`, () => {
  it('answers the same for a new, a pending and a subscribed address, and mails a confirmation, then a manage link', async () => {
    const email = 'parent.one@example.org';
    const first = await post('/api/subscribe/STHSM/email', { email, topics: ['news', 'events'], frequency: 'weekly' });
    expect(first.statusCode).toBe(202);
    await expect.poll(() => mailsTo(email).length).toBe(1);
    const confirmMail = mailsTo(email)[0];
    expect(confirmMail?.text).toContain('Confirm your subscription to St Example School');
    const token = linkIn(confirmMail, '/subscribe/confirm');
    expect(token).toBeDefined();
    // Not confirmed: the confirmation link is no manage link.
    expect((await t.app.inject({ method: 'GET', url: `/api/subscribe/STHSM/manage?token=${token}` })).statusCode).toBe(404);
    // Asked again within minutes: the same answer, and no second mail (nobody can mail-bomb an address).
    const again = await post('/api/subscribe/STHSM/email', { email, topics: ['news'], frequency: 'weekly' });
    expect(again.json()).toEqual(first.json());
    const confirmed = await post('/api/subscribe/STHSM/confirm', { token });
    expect(confirmed.json()).toEqual({
      subscription: { email, topics: ['news'], frequency: 'weekly' },
      manageToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    // The confirmation link is used up.
    expect((await post('/api/subscribe/STHSM/confirm', { token })).statusCode).toBe(404);
    // Later, the subscribed address asks again: the same answer, and a manage link (never a confirmation).
    clock = new Date(NOW.getTime() + 11 * 60_000);
    const third = await post('/api/subscribe/STHSM/email', { email, topics: ['results'], frequency: 'daily' });
    expect(third.json()).toEqual(first.json());
    await expect.poll(() => mailsTo(email).length).toBe(2);
    const manage = linkIn(mailsTo(email)[1], '/subscribe/manage');
    expect(manage).toBeDefined();
    const shown = await t.app.inject({ method: 'GET', url: `/api/subscribe/STHSM/manage?token=${manage}` });
    // The choices are the subscriber's: the stranger's request changed nothing.
    expect(shown.json()).toEqual({ subscription: { email, topics: ['news'], frequency: 'weekly' } });
    // Another school's address for the same link opens nothing.
    expect((await t.app.inject({ method: 'GET', url: `/api/subscribe/OTHER/manage?token=${manage}` })).statusCode).toBe(404);
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/subscribe/STHSM/manage?token=${manage}`,
      payload: { topics: ['news', 'results'], frequency: 'instant' },
    });
    expect(changed.json()).toEqual({ subscription: { email, topics: ['news', 'results'], frequency: 'instant' } });
  });

  it('refuses a wrong address, no topic or an unknown frequency with each field’s message, storing nothing', async () => {
    const res = await post('/api/subscribe/STHSM/email', { email: 'not an address', topics: [], frequency: 'hourly' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      email: 'Enter a valid email address, like name@example.org.',
      topics: 'Choose at least one kind of news.',
      frequency: 'Choose how often e-mail should come.',
    });
    const rows = await t.db.selectFrom('subscriptions').select('id').where('email', '=', 'not an address').execute();
    expect(rows).toEqual([]);
  });

  it('takes a form post with one topic (a form sends a single value)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscribe/STHSM/email',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=form.parent%40example.org&topics=news&frequency=daily',
    });
    expect(res.statusCode, res.body).toBe(202);
  });

  it('is 404 for an unknown school and a forged link', async () => {
    expect((await post('/api/subscribe/NOPE/email', { email: 'a@example.org', topics: ['news'], frequency: 'instant' })).statusCode).toBe(
      404,
    );
    expect((await post('/api/subscribe/STHSM/confirm', { token: 'A'.repeat(43) })).statusCode).toBe(404);
    expect((await post('/api/subscribe/STHSM/confirm', { token: '../../etc' })).statusCode).toBe(404);
  });
});

describe(`push subscriptions (${engine})`, () => {
  it('gives the VAPID public key and refuses push addresses the school must not post to', async () => {
    const key = await t.app.inject({ method: 'GET', url: '/api/subscribe/STHSM' });
    expect(key.json()).toMatchObject({ email: true, push: { publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/) } });
    const good = push.subscription('refused-check');
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://10.0.0.1/push',
      'https://[::1]/push',
      'https://169.254.169.254/latest',
    ]) {
      const res = await post('/api/subscribe/STHSM/push', { endpoint, keys: { p256dh: good.p256dh, auth: good.auth }, topics: ['news'] });
      expect(res.statusCode, endpoint).toBe(400);
    }
    const badKeys = await post('/api/subscribe/STHSM/push', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/x',
      keys: { p256dh: 'BAAA', auth: good.auth },
      topics: ['news'],
    });
    expect(badKeys.statusCode).toBe(400);
    const none = await t.db.selectFrom('subscriptions').select('id').where('channel', '=', 'push').execute();
    expect(none).toEqual([]);
  });
});

describe(`sending (${engine})`, () => {
  it('delivers a news item published with "Notify subscribers" once to each subscriber who chose news, and not again', async () => {
    const reader = push.subscription('reader');
    const eventsOnly = push.subscription('events-only');
    const otherSchool = push.subscription('other-school');
    const gone = push.subscription('gone');
    for (const [sub, topics, school] of [
      [reader, ['news'], 'STHSM'],
      [eventsOnly, ['events'], 'STHSM'],
      [otherSchool, ['news'], 'OTHER'],
      [gone, ['news'], 'STHSM'],
    ] as const) {
      const res = await post(`/api/subscribe/${school}/push`, {
        endpoint: sub.endpoint,
        keys: { p256dh: sub.p256dh, auth: sub.auth },
        topics,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    push.answer('gone', 410);
    await subscribeEmail('instant.reader@example.org', ['news']);
    await subscribeEmail('weekly.reader@example.org', ['news'], 'weekly');
    const before = smtp.mails.length;

    const item = await publishNews('Inter-house football final on Saturday');
    await tick();
    expect(payloadsTo('reader')).toEqual([
      {
        title: 'Inter-house football final on Saturday',
        body: 'House Red won.',
        url: `https://www.school.example/news/item?id=${item.id}`,
        tag: `news-${item.id}`,
        topic: 'news',
      },
    ]);
    expect(push.received.find((r) => r.name === 'reader')).toMatchObject({
      vapidSubject: 'mailto:office@school.example',
      vapidAudienceOk: true,
    });
    expect(payloadsTo('events-only')).toEqual([]);
    expect(payloadsTo('other-school')).toEqual([]);
    // 410: the subscription is gone from the database at once.
    const left = await t.db.selectFrom('subscriptions').select('endpoint').where('channel', '=', 'push').execute();
    expect(left.map((r) => r.endpoint)).not.toContain(gone.endpoint);
    const mails = smtp.mails.slice(before).filter((m) => m.to.some((to) => to.endsWith('.reader@example.org')));
    expect(mails.map((m) => m.to)).toEqual([['instant.reader@example.org']]);
    const mail = mails[0];
    expect(unfolded(mail)).toMatch(
      /^List-Unsubscribe: <https:\/\/www\.school\.example\/api\/subscribe\/STHSM\/unsubscribe\?token=[A-Za-z0-9_-]{43}>/m,
    );
    expect(unfolded(mail)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(mail?.text).toContain(`https://www.school.example/news/item?id=${item.id}`);

    // The item's log, for staff: 3 sent (the reader's push, and e-mail to the instant reader and to
    // the first test's parent, who changed to instant news), 1 expired.
    const got = await as(t.app, editor)('GET', `/api/admin/STHSM/content/news/${item.id}`);
    expect(got.json().item.notification).toMatchObject({ status: 'done', sent: 3, failed: 0, expired: 1 });

    // Saved and published again with the box ticked: no second message.
    const again = await as(t.app, editor)('PUT', `/api/admin/STHSM/content/news/${item.id}`, {
      ...VALID.news,
      title: 'Inter-house football final on Saturday',
      version: item.version,
      intent: 'publish',
      notify: 'on',
    });
    expect(again.statusCode, again.body).toBe(200);
    await tick();
    expect(payloadsTo('reader')).toHaveLength(1);
    expect(mailsTo('instant.reader@example.org')).toHaveLength(2);
  });

  it('unsubscribes by the one-click header: a POST to the List-Unsubscribe address, with no session or origin', async () => {
    const email = 'one.click@example.org';
    await subscribeEmail(email, ['news']);
    await publishNews('Library week begins');
    await tick();
    const mail = mailsTo(email).at(-1);
    const url = /^List-Unsubscribe: <([^>]+)>/m.exec(unfolded(mail))?.[1];
    expect(url).toBeDefined();
    const path = new URL(url ?? '').pathname + new URL(url ?? '').search;
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    const count = mailsTo(email).length;
    await publishNews('Library week ends');
    await tick();
    expect(mailsTo(email).length).toBe(count);
  });

  it('does not send an item withdrawn before its turn, and sends a scheduled one when it goes live', async () => {
    const watcher = push.subscription('watcher');
    await post('/api/subscribe/STHSM/push', {
      endpoint: watcher.endpoint,
      keys: { p256dh: watcher.p256dh, auth: watcher.auth },
      topics: ['news'],
    });
    const item = await publishNews('Withdrawn before sending');
    const res = await as(t.app, editor)('POST', `/api/admin/STHSM/content/news/${item.id}/unpublish`, { version: item.version });
    expect(res.statusCode, res.body).toBe(200);
    await tick();
    expect(payloadsTo('watcher').map((p) => p.title)).not.toContain('Withdrawn before sending');

    const scheduled = await as(t.app, editor)('POST', '/api/admin/STHSM/content/news', {
      ...VALID.news,
      title: 'Admissions open tomorrow',
      publishAt: '2025-08-15T09:00',
      intent: 'publish',
      notify: 'on',
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    await tick();
    expect(payloadsTo('watcher').map((p) => p.title)).not.toContain('Admissions open tomorrow');
    clock = new Date('2025-08-15T04:00:00.000Z'); // 09:30 in India
    await tick();
    expect(payloadsTo('watcher').map((p) => p.title)).toContain('Admissions open tomorrow');
  });

  it('tries a 429 again after its Retry-After, once', async () => {
    const busy = push.subscription('busy');
    await post('/api/subscribe/STHSM/push', {
      endpoint: busy.endpoint,
      keys: { p256dh: busy.p256dh, auth: busy.auth },
      topics: ['events'],
    });
    push.answer('busy', 429, { 'retry-after': '120' });
    const res = await as(t.app, editor)('POST', '/api/admin/STHSM/content/events', {
      ...VALID.events,
      title: 'Parents’ meeting',
      intent: 'publish',
      notify: 'on',
    });
    expect(res.statusCode, res.body).toBe(201);
    await tick();
    expect(push.received.filter((r) => r.name === 'busy').map((r) => r.status)).toEqual([429]);
    push.answer('busy', 201);
    clock = new Date(NOW.getTime() + 60_000);
    await tick();
    expect(push.received.filter((r) => r.name === 'busy')).toHaveLength(1);
    clock = new Date(NOW.getTime() + 121_000);
    await tick();
    await tick();
    expect(payloadsTo('busy').map((p) => p.title)).toEqual(['Parents’ meeting']);
  });

  it('sends a daily digest at 17:00 school time with what was sent since the last one, and nothing on a day without news', async () => {
    const email = 'daily.digest@example.org';
    await subscribeEmail(email, ['news'], 'daily');
    const count = mailsTo(email).length;
    clock = new Date(NOW.getTime() + 60_000);
    await publishNews('Science fair winners');
    await tick();
    expect(mailsTo(email).length).toBe(count);
    clock = new Date('2025-08-14T11:31:00.000Z'); // 17:01 in India
    await tick();
    const digests = mailsTo(email).slice(count);
    expect(digests).toHaveLength(1);
    expect(digests[0]?.text).toContain('Science fair winners');
    expect(unfolded(digests[0])).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    // The next day's holds that day's only (the scheduled item sent at 09:30 in an earlier test).
    clock = new Date('2025-08-15T11:31:00.000Z');
    await tick();
    const next = mailsTo(email).slice(count + 1);
    expect(next).toHaveLength(1);
    expect(next[0]?.text).toContain('Admissions open tomorrow');
    expect(next[0]?.text).not.toContain('Science fair winners');
    // A day with nothing sent: no e-mail.
    clock = new Date('2025-08-16T11:31:00.000Z');
    await tick();
    expect(mailsTo(email)).toHaveLength(count + 2);
  });
});
