import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breachClock } from '@sthsm/contract/breaches';
import { createSchool, createSchoolProfile } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { as, createStaff, ORIGIN, signIn, type Signed } from './staff-helpers.ts';

// The personal-data breach register (issue 37) through the HTTP API on both engines: administrators
// only; the 72-hour clock from the awareness time; the three notices drafted from the stored facts,
// each saying what it still needs; every change audited by the record's id and field names only.

let t: TestApp;
let clock = new Date('2026-12-12T06:30:00.000Z');
let admin: Signed;
let editor: Signed;
let contributor: Signed;
let otherAdmin: Signed;

beforeAll(async () => {
  t = await startTestApp({}, () => clock);
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  await createSchoolProfile(t.db, {
    school: 'STHSM',
    name: 'St. Thomas Higher Secondary School',
    email: 'office@sthsm.example',
    emails: { office: 'office@sthsm.example', admissions: 'admissions@sthsm.example', principal: 'principal@sthsm.example' },
    phones: [{ label: 'Office', number: '+91 98765 43210', whatsapp: false }],
    privacyContact: { name: 'The Bursar', email: 'dp@sthsm.example', phone: '+91 98765 43211' },
  });
  // Another school without a data protection contact: its drafts give its office instead.
  await createSchoolProfile(t.db, {
    school: 'OTHER',
    name: 'Another School',
    email: 'office@other.example',
    emails: { office: 'office@other.example', admissions: 'admissions@other.example', principal: 'principal@other.example' },
    phones: [{ label: 'Office', number: '+91 98765 43299', whatsapp: false }],
    privacyContact: undefined,
  });
  admin = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'admin' }));
  editor = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'editor' }));
  contributor = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'contributor' }));
  otherAdmin = await signIn(t.app, await createStaff(t.db, { school: 'OTHER', role: 'admin' }));
});
afterAll(() => t.close());

/** Aware at 10 Dec 2026, 9:30 am in Kolkata (04:00 UTC): the report is due 13 Dec, 04:00 UTC. */
const FACTS = {
  whatHappened: 'A spreadsheet of alumni contact details was e-mailed to the wrong parents group.',
  happenedAt: '2026-12-10T08:15',
  awareAt: '2026-12-10T09:30',
  place: 'The office e-mail account',
  dataKinds: ['names', 'contacts', 'alumniSubmissions'],
  whose: ['alumni'],
  peopleCount: '212',
  containment: 'Asked every recipient to delete the message; recalled it.',
};

const countBreaches = async () =>
  Number(
    (
      await t.db
        .selectFrom('breaches')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const breachAudit = () =>
  t.db.selectFrom('audit_log').selectAll().where('action', 'like', 'breach.%').orderBy('at').orderBy('id').execute();

async function record(body: object = FACTS) {
  const res = await as(t.app, admin)('POST', '/api/admin/STHSM/breaches', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe(`the breach register (${engine})`, () => {
  it('records a breach, starts the 72-hour clock at awareness, and drafts the notices from the facts', async () => {
    const { breach, drafts } = await record();
    expect(breach).toMatchObject({
      awareAt: '2026-12-10T04:00:00.000Z',
      happenedAt: '2026-12-10T02:45:00.000Z',
      dataKinds: ['names', 'contacts', 'alumniSubmissions'],
      whose: ['alumni'],
      peopleCount: 212,
      closedAt: null,
      version: 1,
      local: { awareAt: '2026-12-10T09:30', happenedAt: '2026-12-10T08:15' },
    });
    expect(breach.clock).toEqual({
      dueAt: '2026-12-13T04:00:00.000Z',
      state: 'left',
      hours: 21,
      text: 'Report to the Data Protection Board due by 13 Dec 2026, 9:30 am (India Standard Time) — 21 hours left',
    });
    const [people, intimation, report] = drafts;
    expect(drafts.map((d: { key: string }) => d.key)).toEqual(['people', 'intimation', 'report']);
    for (const d of drafts) {
      expect(d.text).toContain('St. Thomas Higher Secondary School');
      expect(d.text).toContain('10 December 2026');
      expect(d.text).toContain('9:30 am');
      expect(d.text).toContain('about 212 people');
      expect(d.text).toContain('names, contact details (e-mail addresses and phone numbers) and alumni form submissions of alumni');
      expect(d.text).toContain('The office e-mail account');
    }
    expect(people.text).toContain('Asked every recipient to delete the message; recalled it.');
    expect(people.text).toContain('The Bursar, e-mail dp@sthsm.example or phone +91 98765 43211');
    expect(people.text).toContain('[still to fill in: Likely consequences for them]');
    expect(people.missing).toEqual(['Likely consequences for them', 'What the affected people can do to protect themselves']);
    expect(intimation.text).toContain('rule 7(2)(a)');
    expect(intimation.text).toContain('by 13 December 2026 at 9:30 am');
    expect(intimation.missing).toEqual(['Likely consequences for them']);
    expect(report.text).toContain('rule 7(2)(b)');
    expect(report.missing).toEqual([
      'First intimation sent to the Board',
      'Who or what caused it',
      'What will stop it happening again',
      'Affected people told',
      'How many people were told',
      'Likely consequences for them',
    ]);

    const list = (await as(t.app, admin)('GET', '/api/admin/STHSM/breaches')).json();
    expect(list.items.map((b: { id: string }) => b.id)).toEqual([breach.id]);
    const dashboard = (await as(t.app, admin)('GET', '/api/admin/STHSM/dashboard')).json();
    expect(dashboard.breaches).toEqual([
      { id: breach.id, awareAt: breach.awareAt, dueAt: breach.clock.dueAt, overdue: false, clock: breach.clock.text },
    ]);
    expect((await as(t.app, editor)('GET', '/api/admin/STHSM/dashboard')).json().breaches).toBeNull();

    const rows = await breachAudit();
    expect(rows.map((r) => [r.action, r.target])).toEqual([['breach.recorded', breach.id]]);
  });

  it('gives the office e-mail and phone when the school has no data protection contact', async () => {
    const res = await as(t.app, otherAdmin)('POST', '/api/admin/OTHER/breaches', FACTS);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().drafts[0].text).toContain('please contact the school: e-mail office@other.example or phone +91 98765 43299.');
    await t.db.deleteFrom('breaches').where('school_code', '=', 'OTHER').execute();
  });

  it('says plainly when the time it happened is not known', async () => {
    const { breach, drafts } = await record({ whatHappened: 'A staff laptop was stolen.', awareAt: '2026-12-11T10:00' });
    expect(breach.happenedAt).toBeNull();
    expect(breach.peopleCount).toBeNull();
    expect(drafts[0].text).toContain('a time not known yet');
    expect(drafts[0].missing).toEqual(
      expect.arrayContaining(['When it happened (once it is known)', 'Where', 'What personal data', 'Whose data', 'About how many people']),
    );
  });

  it('updates with the version, refuses a stale one (409, nothing changed), and closes', async () => {
    const { breach } = await record();
    const path = `/api/admin/STHSM/breaches/${breach.id}`;
    const saved = await as(t.app, admin)('PUT', path, {
      ...FACTS,
      version: 1,
      consequences: 'Unwanted calls and messages.',
      safetySteps: 'Be wary of calls asking for money.',
      cause: 'A wrong recipient chosen by autocomplete.',
      prevention: 'Lists are shared only through the staff area.',
      boardIntimationAt: '2026-12-10T12:00',
      boardReportAt: '2026-12-12T11:00',
      peopleToldAt: '2026-12-11T10:00',
      peopleToldCount: '212',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json();
    expect(after.breach.version).toBe(2);
    expect(after.breach.clock.state).toBe('sent');
    for (const d of after.drafts) expect(d.missing).toEqual([]);
    expect(after.drafts[2].text).toContain('212 people were sent the notice');
    expect(after.drafts[2].text).toContain('Further to our intimation of 10 December 2026 at 12:00 pm India Standard Time');

    const stale = await as(t.app, admin)('PUT', path, { ...FACTS, version: 1, whatHappened: 'Something else' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.version).toBe(2);
    expect(stale.json().current.whatHappened).toBe(FACTS.whatHappened);

    const closed = await as(t.app, admin)('POST', `${path}/close`, { version: 2 });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().breach.closedAt).toBe(clock.toISOString());
    expect((await as(t.app, admin)('GET', '/api/admin/STHSM/dashboard')).json().breaches.map((b: { id: string }) => b.id)).not.toContain(
      breach.id,
    );

    const rows = (await breachAudit()).filter((r) => r.target === breach.id);
    // One clock for the whole test: the rows share their time, so they are compared as a set.
    expect(rows.map((r) => r.action).toSorted()).toEqual(['breach.closed', 'breach.recorded', 'breach.updated']);
    expect(JSON.parse(rows.find((r) => r.action === 'breach.updated')!.after ?? '{}').fields).toEqual(
      expect.arrayContaining(['consequences', 'safety_steps', 'cause', 'prevention', 'board_report_at']),
    );
  });

  it('keeps the free text out of the audit log', async () => {
    const all = await t.db.selectFrom('audit_log').selectAll().where('action', 'like', 'breach.%').execute();
    expect(all.length).toBeGreaterThan(0);
    for (const row of all) {
      const written = JSON.stringify(row);
      for (const words of ['spreadsheet', 'laptop', 'autocomplete', 'office e-mail account', 'recipient', 'Unwanted']) {
        expect(written).not.toContain(words);
      }
    }
  });

  it('refuses bad input with a message per field and writes nothing', async () => {
    const before = await countBreaches();
    const auditBefore = (await breachAudit()).length;
    const res = await as(t.app, admin)('POST', '/api/admin/STHSM/breaches', {
      whatHappened: '  ',
      awareAt: '2026-12-40T09:30',
      happenedAt: 'yesterday',
      peopleCount: 'many',
      dataKinds: ['names', 'passwords'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Some fields need attention. Nothing was saved.');
    expect(res.json().errors).toMatchObject({
      whatHappened: 'Say what happened.',
      awareAt: 'Give the date and time the school became aware of it.',
      happenedAt: expect.stringContaining('When it happened'),
      peopleCount: expect.stringContaining('whole number'),
      dataKinds: expect.stringContaining('choose from the list'),
    });
    const later = await as(t.app, admin)('POST', '/api/admin/STHSM/breaches', { ...FACTS, awareAt: '2026-12-20T09:30' });
    expect(later.statusCode).toBe(400);
    expect(later.json().errors.awareAt).toContain('still ahead');
    const other = await as(t.app, admin)('POST', '/api/admin/STHSM/breaches', { ...FACTS, dataKinds: ['other'] });
    expect(other.json().errors.dataOther).toBe('Say what the other personal data is.');
    expect(await countBreaches()).toBe(before);
    expect((await breachAudit()).length).toBe(auditBefore);
  });

  it('refuses editors, contributors, another school\u2019s administrator and forged writes, changing nothing', async () => {
    const { breach } = await record();
    const path = `/api/admin/STHSM/breaches/${breach.id}`;
    const before = await countBreaches();
    const auditBefore = (await breachAudit()).length;
    for (const who of [editor, contributor]) {
      expect((await as(t.app, who)('GET', '/api/admin/STHSM/breaches')).statusCode).toBe(403);
      expect((await as(t.app, who)('POST', '/api/admin/STHSM/breaches', FACTS)).statusCode).toBe(403);
      expect((await as(t.app, who)('GET', path)).statusCode).toBe(403);
      expect((await as(t.app, who)('PUT', path, { ...FACTS, version: 1 })).statusCode).toBe(403);
      expect((await as(t.app, who)('POST', `${path}/close`, { version: 1 })).statusCode).toBe(403);
    }
    // Another school's administrator: refused in this school, and the record is unknown in theirs.
    expect((await as(t.app, otherAdmin)('GET', path)).statusCode).toBe(403);
    expect((await as(t.app, otherAdmin)('PUT', path, { ...FACTS, version: 1 })).statusCode).toBe(403);
    expect((await as(t.app, otherAdmin)('GET', `/api/admin/OTHER/breaches/${breach.id}`)).statusCode).toBe(404);
    expect((await as(t.app, otherAdmin)('PUT', `/api/admin/OTHER/breaches/${breach.id}`, { ...FACTS, version: 1 })).statusCode).toBe(404);
    expect((await as(t.app, otherAdmin)('POST', `/api/admin/OTHER/breaches/${breach.id}/close`, { version: 1 })).statusCode).toBe(404);
    expect((await as(t.app, otherAdmin)('GET', '/api/admin/OTHER/breaches')).json().items).toEqual([]);
    // No CSRF token, or a foreign Origin.
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/admin/STHSM/breaches',
      payload: FACTS,
      headers: { origin: ORIGIN, cookie: admin.cookie },
    });
    expect(noToken.statusCode).toBe(403);
    expect(
      (await as(t.app, admin)('PUT', path, { ...FACTS, version: 1, whatHappened: 'x' }, { origin: 'https://evil.example' })).statusCode,
    ).toBe(403);
    expect((await as(t.app, admin)('POST', `${path}/close`, { version: 1 }, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect(await countBreaches()).toBe(before);
    expect((await breachAudit()).length).toBe(auditBefore);
    const still = (await as(t.app, admin)('GET', path)).json().breach;
    expect(still).toMatchObject({ version: 1, closedAt: null, whatHappened: FACTS.whatHappened });
  });

  it('counts the hours left and overdue at fixed clocks', async () => {
    const aware = '2026-12-10T04:00:00.000Z';
    const tz = 'Asia/Kolkata';
    const due = 'Report to the Data Protection Board due by 13 Dec 2026, 9:30 am (India Standard Time)';
    expect(breachClock(aware, null, new Date('2026-12-11T11:00:00.000Z'), tz)).toEqual({
      dueAt: '2026-12-13T04:00:00.000Z',
      state: 'left',
      hours: 41,
      text: `${due} — 41 hours left`,
    });
    expect(breachClock(aware, null, new Date('2026-12-13T03:30:00.000Z'), tz).text).toBe(`${due} — less than an hour left`);
    expect(breachClock(aware, null, new Date('2026-12-13T04:00:00.000Z'), tz).text).toBe(`${due} — overdue by less than an hour`);
    expect(breachClock(aware, null, new Date('2026-12-13T05:10:00.000Z'), tz).text).toBe(`${due} — overdue by 1 hour`);
    expect(breachClock(aware, null, new Date('2026-12-13T09:00:00.000Z'), tz)).toMatchObject({
      state: 'overdue',
      hours: 5,
      text: `${due} — overdue by 5 hours`,
    });
    expect(breachClock(aware, '2026-12-12T00:00:00.000Z', new Date('2026-12-14T00:00:00.000Z'), tz)).toMatchObject({
      state: 'sent',
      text: `${due} — sent.`,
    });

    // Through the API (now 12 Dec, 06:30 UTC): due at 07:00 UTC, then overdue on the record and the dashboard.
    const { breach } = await record({ ...FACTS, happenedAt: '', awareAt: '2026-12-09T12:30' });
    expect(breach.clock.text).toBe(
      'Report to the Data Protection Board due by 12 Dec 2026, 12:30 pm (India Standard Time) — less than an hour left',
    );
    const saved = clock;
    clock = new Date('2026-12-12T09:10:00.000Z');
    try {
      const again = (await as(t.app, admin)('GET', `/api/admin/STHSM/breaches/${breach.id}`)).json().breach;
      expect(again.clock).toMatchObject({ state: 'overdue', hours: 2 });
      const dash = (await as(t.app, admin)('GET', '/api/admin/STHSM/dashboard')).json().breaches;
      expect(dash.find((b: { id: string }) => b.id === breach.id)).toMatchObject({
        overdue: true,
        clock: expect.stringContaining('overdue by 2 hours'),
      });
    } finally {
      clock = saved;
    }
  });
});
