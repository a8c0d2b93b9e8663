import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSchool } from '../factories.ts';
import { engine, NOW, type TestApp } from '../helpers.ts';
import { as, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';
import type { PushService } from '../support/push-service.ts';
import { emailSubscriber, insertEmailSubscribers, startNotifyRig, type NotifyRig } from './support.ts';

// Emergency alerts on both engines (issue 34): an editor's alert is on the school's public answer at
// once (past the response cache) and gone at its end time or when ended, reaches every subscriber at
// once whatever they chose (push with Urgency: high, e-mail to digest readers too) and is never held
// by the daily limit; the form's rules; roles and schools; an operator's alert to every school.

let rig: NotifyRig;
let t: TestApp;
let smtp: NotifyRig['smtp'];
let push: PushService;
let editor: Signed;
let clock = NOW;
const tick = () => rig.tick();

beforeAll(async () => {
  rig = await startNotifyRig({ MAIL_FROM: 'office@school.example', NOTIFY_DAILY_LIMIT: '1' }, () => clock, {
    responseCache: { now: () => clock.getTime() },
  });
  ({ t, smtp, push } = rig);
  await createSchool(t.db, { code: 'STHSM', name: 'St Example School' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
});
afterAll(() => rig.close());
beforeEach(() => {
  clock = NOW;
});

const banner = async (school = 'STHSM') =>
  (await t.app.inject({ method: 'GET', url: `/api/alert/${school}` })).json() as Array<{ message: string }>;
const FORM = { message: 'School closed today: heavy rain. Stay safe at home.', link: '/news', endsAt: '2025-08-14T18:00' };

describe(`emergency alerts (${engine})`, () => {
  it('shows at once, reaches every subscriber urgently, and leaves at its end time', async () => {
    const phone = push.subscription('phone');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/subscribe/STHSM/push',
          payload: { endpoint: phone.endpoint, keys: { p256dh: phone.p256dh, auth: phone.auth }, topics: ['events'] },
        })
      ).statusCode,
    ).toBe(201);
    // A weekly digest reader, confirmed: an emergency does not wait for the digest.
    await insertEmailSubscribers(t.db, [
      emailSubscriber({ id: 'weekly-reader', email: 'weekly@example.org', frequency: 'weekly', at: NOW }),
    ]);
    const at = NOW.toISOString();
    // The daily limit (1 here) is used up by a news send: the alert is not held by it.
    await t.db
      .insertInto('notification_sends')
      .values({
        id: 'earlier',
        school_code: 'STHSM',
        content_type: 'news',
        item_id: 'x',
        topic: 'news',
        status: 'done',
        not_before: at,
        title: 'Earlier',
        body: '',
        url: '',
        push_after: null,
        email_after: null,
        created_by: null,
        created_at: at,
        finished_at: at,
      })
      .execute();

    expect(await banner()).toEqual([]);
    const sent = await as(t.app, editor)('POST', '/api/admin/STHSM/alerts', FORM);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().alert).toMatchObject({ message: FORM.message, link: '/news', endsAtLocal: '2025-08-14T18:00', current: true });
    // The cached empty answer is dropped by the send (the school's counter).
    expect((await banner()).map((a) => a.message)).toEqual([FORM.message]);
    expect((await banner('OTHER')).map((a) => a.message)).toEqual([]);

    await tick();
    const got = push.received.filter((r) => r.name === 'phone');
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ status: 201, urgency: 'high' });
    expect(got[0]?.payload).toMatchObject({
      title: 'Urgent: St Example School',
      body: FORM.message,
      url: 'https://www.school.example/news',
      topic: 'emergency',
    });
    // Held until the end (18:00 IST is 12:30 UTC; sent at 05:30 UTC): seven hours.
    expect(Number(got[0]?.ttl)).toBe(7 * 3600);
    await expect.poll(() => smtp.mails.filter((m) => m.to.includes('weekly@example.org')).length).toBe(1);

    const listed = await as(t.app, editor)('GET', '/api/admin/STHSM/alerts');
    expect(listed.json()).toMatchObject({ subscribers: { email: 1, push: 1 }, alerts: [{ notification: { status: 'done', sent: 2 } }] });

    // Five seconds before 18:00 IST it is up (and cached); a second after, gone, well within the cache's life.
    clock = new Date('2025-08-14T12:29:55.000Z');
    expect(await banner()).toHaveLength(1);
    clock = new Date('2025-08-14T12:30:01.000Z');
    expect(await banner()).toEqual([]);
  });

  it('is taken down by End now', async () => {
    const sent = await as(t.app, editor)('POST', '/api/admin/STHSM/alerts', {
      ...FORM,
      message: 'Gas leak near the gate: use the back gate.',
    });
    const id = sent.json().alert.id as string;
    expect((await banner()).map((a) => a.message)).toContain('Gas leak near the gate: use the back gate.');
    const ended = await as(t.app, editor)('POST', `/api/admin/STHSM/alerts/${id}/end`, {});
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().alert).toMatchObject({ current: false });
    expect((await banner()).map((a) => a.message)).not.toContain('Gas leak near the gate: use the back gate.');
  });

  it('refuses two lines, an unsafe link, a past or far end with each field’s message, and sends nothing', async () => {
    const before = await t.db.selectFrom('emergency_alerts').select('id').execute();
    for (const [body, field, message] of [
      [{ ...FORM, message: 'Line one\nLine two' }, 'message', 'Write the alert in one line of at most 200 characters.'],
      [{ ...FORM, message: '' }, 'message', 'Write the alert in one line of at most 200 characters.'],
      [
        { ...FORM, link: 'javascript:alert(1)' },
        'link',
        'The link must be a page of this website (starting with /) or an https:// address.',
      ],
      [{ ...FORM, link: '//evil.example/x' }, 'link', 'The link must be a page of this website (starting with /) or an https:// address.'],
      [{ ...FORM, endsAt: '2025-08-14T10:00' }, 'endsAt', 'The alert must end at least 5 minutes from now.'],
      [{ ...FORM, endsAt: '2025-08-30T10:00' }, 'endsAt', 'An alert may stay up for at most 7 days.'],
      [{ ...FORM, endsAt: 'tomorrow' }, 'endsAt', 'Give the date and time the alert ends.'],
    ] as const) {
      const res = await as(t.app, editor)('POST', '/api/admin/STHSM/alerts', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field]).toBe(message);
      expect(res.json().submitted).toMatchObject({ message: body.message });
    }
    expect(await t.db.selectFrom('emergency_alerts').select('id').execute()).toHaveLength(before.length);
  });

  it('is for administrators and editors of the school only', async () => {
    const contributor = await signIn(t.app, await createStaff(t.db, { role: 'contributor' }));
    expect((await as(t.app, contributor)('POST', '/api/admin/STHSM/alerts', FORM)).statusCode).toBe(403);
    const otherAdmin = await signIn(t.app, await createStaff(t.db, { role: 'admin', school: 'OTHER' }));
    expect((await as(t.app, otherAdmin)('POST', '/api/admin/STHSM/alerts', FORM)).statusCode).toBe(403);
    const sent = await as(t.app, editor)('POST', '/api/admin/STHSM/alerts', { ...FORM, message: 'Ours only' });
    const id = sent.json().alert.id as string;
    // Another school's administrator cannot end it through their own school's path either.
    expect((await as(t.app, otherAdmin)('POST', `/api/admin/OTHER/alerts/${id}/end`, {})).statusCode).toBe(404);
    expect((await banner()).map((a) => a.message)).toContain('Ours only');
    expect((await as(t.app, editor)('POST', '/api/admin/alerts', FORM)).statusCode).toBe(403);
  });

  it('lets a platform operator send one alert to every school', async () => {
    const operator = await signIn(t.app, await createStaff(t.db, { operator: true }));
    const res = await as(t.app, operator)('POST', '/api/admin/alerts', {
      ...FORM,
      message: 'Cyclone warning for the whole state: schools closed.',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ schools: 2 });
    for (const school of ['STHSM', 'OTHER'])
      expect((await banner(school)).map((a) => a.message)).toContain('Cyclone warning for the whole state: schools closed.');
  });
});
