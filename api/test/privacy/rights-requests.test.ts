import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { journalFileIn } from '../../src/backup/erasures.ts';
import { restoreArchive } from '../../src/backup/restore.ts';
import { backupSourceFrom, runBackup } from '../../src/backup/run.ts';
import { listErasures } from '../../src/repositories/erasure-journal.ts';
import { runRetention } from '../../src/privacy/retention.ts';
import { RIGHTS_RESPONSE_DAYS } from '@sthsm/contract/rights-requests';
import { createSchool } from '../factories.ts';
import { engine, NOW, startTestApp, type TestApp } from '../helpers.ts';
import { freshTarget } from '../backup/support.ts';
import { insertEmailSubscribers, emailSubscriber } from '../notify/support.ts';
import { startSmtp, type CaughtMail } from '../staff/smtp.ts';
import { as, auditActions, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';
import { storeSubmission } from '../staff/submissions-support.ts';

// A person's request about their data (issue 37, docs/decisions/0150): the public form's request
// is confirmed by a mailed link before it enters the administrators' queue, due 30 days later; the
// staff side finds, exports, erases (journaled: a restore re-applies it), corrects and closes it,
// and the person is told. Forged, used and expired links change nothing; another school sees nothing.

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let backupDir: string;
let clock = NOW;
let admin: Signed;
let editor: Signed;
let contributor: Signed;
let otherAdmin: Signed;

const DAY = 24 * 3600_000;

beforeAll(async () => {
  smtp = await startSmtp();
  backupDir = await mkdtemp(path.join(tmpdir(), 'sthsm-rights-'));
  t = await startTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: 'St Example <office@school.example>', SITE_URL: 'https://www.school.example', BACKUP_DIR: backupDir },
    () => clock,
  );
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  admin = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'admin' }));
  editor = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'editor' }));
  contributor = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'contributor' }));
  otherAdmin = await signIn(t.app, await createStaff(t.db, { school: 'OTHER', role: 'admin' }));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await rm(backupDir, { recursive: true, force: true });
});
beforeEach(() => {
  clock = NOW;
});

let address = 0;
const REMOTE = () => `203.0.113.${(address++ % 200) + 1}`;
const post = (url: string, body: unknown, headers: Record<string, string> = {}, remoteAddress = REMOTE()) =>
  t.app.inject({ method: 'POST', url, payload: body as Record<string, unknown>, headers, remoteAddress });
const mailsTo = (to: string): CaughtMail[] => smtp.mails.filter((m) => m.to.includes(to));
const confirmLink = (mail: CaughtMail | undefined) =>
  /https:\/\/www\.school\.example\/privacy\/request\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];

const request = (email: string, more: Record<string, string> = {}) => ({
  kind: 'access',
  about: 'me',
  name: 'Testa Fictional',
  email,
  phone: '',
  ...more,
});

/** Sends a request and answers the token of the link mailed for it. */
async function send(email: string, more: Record<string, string> = {}, school = 'STHSM'): Promise<string> {
  const before = mailsTo(email).length;
  const res = await post(`/api/rights/${school}`, request(email, more));
  expect(res.statusCode, res.body).toBe(202);
  // (A loop, not expect.poll: a describe's beforeAll sends one too.)
  for (let i = 0; i < 100 && mailsTo(email).length <= before; i++) await new Promise((r) => setTimeout(r, 20));
  expect(mailsTo(email)).toHaveLength(before + 1);
  const token = confirmLink(mailsTo(email).at(-1));
  expect(token).toBeDefined();
  return token ?? '';
}

async function pendingCount(email: string) {
  return (await t.db.selectFrom('rights_requests').select('status').where('email', '=', email).execute()).filter(
    (r) => r.status === 'pending',
  ).length;
}

describe(`a request from the public form (${engine})`, () => {
  it('is mailed a link; the link confirms it, and it is in the queue with its due date', async () => {
    const email = 'asker.one@example.org';
    const token = await send(email, { kind: 'erase' });
    // Not in the queue before it is confirmed.
    expect((await as(t.app, admin)('GET', '/api/admin/STHSM/requests')).json().items).toEqual([]);
    const confirmed = await post('/api/rights/STHSM/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const due = new Date(NOW.getTime() + RIGHTS_RESPONSE_DAYS * DAY).toISOString();
    expect(confirmed.json()).toEqual({ request: { kind: 'erase', about: 'me', dueAt: due } });
    const queue = (await as(t.app, admin)('GET', '/api/admin/STHSM/requests')).json();
    expect(queue.items).toEqual([
      expect.objectContaining({
        kind: 'erase',
        name: 'Testa Fictional',
        receivedAt: NOW.toISOString(),
        dueAt: due,
        status: 'open',
        overdue: false,
      }),
    ]);
    expect(queue).toMatchObject({ open: 1, overdue: 0, responseDays: 30 });
    // The dashboard's line, for administrators only (docs/decisions/0126).
    expect((await as(t.app, admin)('GET', '/api/admin/STHSM/dashboard')).json().requests).toEqual({ open: 1, overdue: 0 });
    expect((await as(t.app, editor)('GET', '/api/admin/STHSM/dashboard')).json().requests).toBeNull();
    // Used: the same link again changes nothing.
    const again = await post('/api/rights/STHSM/confirm', { token });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toMatch(/expired, was already used/);
    expect((await as(t.app, admin)('GET', '/api/admin/STHSM/requests')).json().items).toHaveLength(1);
    // Past its due date it says so.
    await t.db
      .updateTable('rights_requests')
      .set({ due_at: new Date(NOW.getTime() - 1000).toISOString() })
      .where('email', '=', email)
      .execute();
    const late = (await as(t.app, admin)('GET', '/api/admin/STHSM/requests')).json();
    expect(late).toMatchObject({ open: 1, overdue: 1 });
    expect(late.items[0].overdue).toBe(true);
  });

  it('changes nothing for a forged or an expired link, and erases the unconfirmed request after it ends', async () => {
    const email = 'asker.two@example.org';
    const token = await send(email);
    for (const forged of ['A'.repeat(43), 'short', '']) {
      const res = await post('/api/rights/STHSM/confirm', { token: forged });
      expect(res.statusCode).toBe(404);
    }
    // The right link at another school is as unknown as a forged one.
    expect((await post('/api/rights/OTHER/confirm', { token })).statusCode).toBe(404);
    clock = new Date(NOW.getTime() + 48 * 3600_000 + 1000);
    const expired = await post('/api/rights/STHSM/confirm', { token });
    expect(expired.statusCode).toBe(404);
    expect(await pendingCount(email)).toBe(1);
    await runRetention({ db: t.db, backupDir, now: () => clock });
    expect(await pendingCount(email)).toBe(0);
    expect(await auditActions(t.db, 'STHSM')).toContain('requests.retention_erased');
    const journal = await listErasures(t.db);
    expect(journal.some((e) => e.kind === 'rights_request')).toBe(true);
  });

  it('answers 400 with a message beside each field, storing nothing', async () => {
    const res = await post('/api/rights/STHSM', { kind: 'correct', about: 'child', name: '', email: 'not an address', phone: '12' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: 'Enter your name.',
      email: 'Enter a valid email address, like name@example.org.',
      phone: 'Enter a mobile number with 7 to 15 digits, or leave it empty.',
      childName: 'Enter your child’s name.',
      childClass: 'Enter your child’s class.',
      correction: 'Say what should be corrected.',
    });
    const kinds = await post('/api/rights/STHSM', { kind: 'everything', about: 'x' });
    expect(kinds.json().errors).toMatchObject({ kind: 'Choose what you ask for.', about: 'Choose whom the request is about.' });
    expect(await t.db.selectFrom('rights_requests').select('id').where('email', '=', 'not an address').execute()).toEqual([]);
  });

  it('refuses a request posted from another site’s page, and limits requests per address', async () => {
    const foreign = await post('/api/rights/STHSM', request('foreign.page@example.org'), {
      origin: 'https://attacker.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(foreign.statusCode).toBe(403);
    expect(await pendingCount('foreign.page@example.org')).toBe(0);
    // Five a minute from one network address (SUBSCRIBE_RATE_LIMIT_PER_MINUTE), then 429.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post('/api/rights/STHSM', request(`limit${i}@example.org`), {}, '198.51.100.7')).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    // At most three unconfirmed requests per e-mail address: the fourth is neither stored nor mailed, and answered the same.
    const email = 'many.times@example.org';
    for (let i = 0; i < 4; i++) expect((await post('/api/rights/STHSM', request(email))).statusCode).toBe(202);
    await expect.poll(() => mailsTo(email).length).toBe(3);
    expect(await pendingCount(email)).toBe(3);
  });
});

describe(`the staff queue (${engine})`, () => {
  let requestId: string;
  const email = 'data.subject@example.org';
  const phone = '+91 00000 55501';
  let mine: Awaited<ReturnType<typeof storeSubmission>>;
  let byPhone: Awaited<ReturnType<typeof storeSubmission>>;
  let stranger: Awaited<ReturnType<typeof storeSubmission>>;

  beforeAll(async () => {
    mine = await storeSubmission(t.db, { name: 'Testa Subject', email, phone: '+91 00000 11111' });
    byPhone = await storeSubmission(t.db, { name: 'Testa Subject', email: 'old.address@example.org', phone: '00000-55501' });
    stranger = await storeSubmission(t.db, { name: 'Someone Else', email: 'else@example.org', phone: '+91 00000 99999' });
    await insertEmailSubscribers(t.db, [
      emailSubscriber({ id: 'sub-subject', email, frequency: 'weekly', at: NOW }),
      emailSubscriber({ id: 'sub-else', email: 'else@example.org', frequency: 'weekly', at: NOW }),
    ]);
    await t.db
      .insertInto('children')
      .values([
        {
          _id: 'child-subject',
          school_code: 'STHSM',
          name: 'Kiddo Fictional',
          class: 'IV B',
          admission_number: null,
          created_at: NOW.toISOString(),
          updated_at: NOW.toISOString(),
        },
        {
          _id: 'child-other',
          school_code: 'STHSM',
          name: 'Kiddo Fictional',
          class: 'IX A',
          admission_number: null,
          created_at: NOW.toISOString(),
          updated_at: NOW.toISOString(),
        },
      ])
      .execute();
    // A second child of theirs, known by the consent they confirmed from this address (another name, another class).
    await t.db
      .insertInto('children')
      .values({
        _id: 'child-confirmed',
        school_code: 'STHSM',
        name: 'Tiny Fictional',
        class: 'I A',
        admission_number: null,
        created_at: NOW.toISOString(),
        updated_at: NOW.toISOString(),
      })
      .execute();
    await t.db
      .insertInto('child_consents')
      .values({
        child_id: 'child-confirmed',
        purpose: 'photos',
        school_code: 'STHSM',
        given_on: '2025-06-01',
        ends_on: '2026-03-31',
        ends_at: '2026-03-31T18:30:00.000Z',
        recorded_by: null,
        recorded_by_email: null,
        recorded_at: NOW.toISOString(),
        withdrawn_at: null,
        verified_by: 'guardian',
        guardian_email: 'Data.Subject@example.org',
        confirmed_at: NOW.toISOString(),
        withdrawn_by: null,
        withdrawn_by_email: null,
      })
      .execute();
    const token = await send(email, { kind: 'erase', about: 'child', childName: 'kiddo fictional', childClass: 'iv b', phone });
    expect((await post('/api/rights/STHSM/confirm', { token })).statusCode).toBe(200);
    const queue = (await as(t.app, admin)('GET', '/api/admin/STHSM/requests')).json();
    requestId = queue.items.find((i: { about: string }) => i.about === 'child').id;
  });

  it('refuses editors, contributors and another school’s administrator, who see and change nothing', async () => {
    for (const who of [editor, contributor, otherAdmin]) {
      for (const [method, url, body] of [
        ['GET', '/api/admin/STHSM/requests', undefined],
        ['GET', `/api/admin/STHSM/requests/${requestId}`, undefined],
        ['GET', `/api/admin/STHSM/requests/${requestId}/export`, undefined],
        ['POST', `/api/admin/STHSM/requests/${requestId}/erase`, {}],
        ['POST', `/api/admin/STHSM/requests/${requestId}/close`, { outcome: 'done' }],
      ] as const) {
        expect((await as(t.app, who)(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      }
    }
    // Another school's administrator in their own school: the id is not theirs.
    expect((await as(t.app, otherAdmin)('GET', `/api/admin/OTHER/requests/${requestId}`)).statusCode).toBe(404);
    expect((await as(t.app, otherAdmin)('POST', `/api/admin/OTHER/requests/${requestId}/erase`, {})).statusCode).toBe(404);
    expect((await as(t.app, otherAdmin)('GET', '/api/admin/OTHER/requests')).json().items).toEqual([]);
    expect(await t.db.selectFrom('alumni_submissions').select('_id').where('_id', '=', mine.id).execute()).toHaveLength(1);
  });

  it('finds the person’s submissions (by e-mail and mobile), subscriptions, child and audit entries', async () => {
    const res = await as(t.app, admin)('GET', `/api/admin/STHSM/requests/${requestId}`);
    expect(res.statusCode, res.body).toBe(200);
    const { request: asked, found } = res.json();
    expect(asked).toMatchObject({
      kind: 'erase',
      about: 'child',
      email,
      phone,
      childName: 'kiddo fictional',
      childClass: 'iv b',
      status: 'open',
    });
    expect(found.submissions.map((s: { id: string }) => s.id).sort()).toEqual([mine.id, byPhone.id].sort());
    expect(found.subscriptions.map((s: { id: string }) => s.id)).toEqual(['sub-subject']);
    expect(found.children.map((c: { id: string }) => c.id)).toEqual(['child-confirmed', 'child-subject']);
    expect(found.children[0].consents).toEqual(['photos']);
    // The audit entry of the opening names the request and counts, never the person.
    const entry = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'requests.opened').executeTakeFirstOrThrow();
    expect(entry.target).toBe(requestId);
    expect(JSON.stringify(entry)).not.toContain(email);
    expect(JSON.parse(entry.after ?? '{}')).toEqual({ submissions: 2, subscriptions: 1, children: 2, auditEntries: expect.any(Number) });
  });

  it('exports what was found as JSON and CSV', async () => {
    const json = await as(t.app, admin)('GET', `/api/admin/STHSM/requests/${requestId}/export?format=json`);
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toMatch(/attachment; filename="request-STHSM-/);
    const body = JSON.parse(json.body);
    expect(body.submissions).toHaveLength(2);
    expect(body.subscriptions[0]).toMatchObject({ email, frequency: 'weekly' });
    expect(body.children).toEqual([
      expect.objectContaining({ name: 'Tiny Fictional', class: 'I A', consents: ['photos'] }),
      expect.objectContaining({ name: 'Kiddo Fictional', class: 'IV B' }),
    ]);
    const csv = await as(t.app, admin)('GET', `/api/admin/STHSM/requests/${requestId}/export?format=csv`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('Alumni submission');
    expect(csv.body).toContain('Subscription');
    expect(csv.body).not.toContain('else@example.org');
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'requests.exported').execute();
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain(email);
  });

  it('corrects a field of their submission, audited by field names only; not another person’s', async () => {
    const res = await as(t.app, admin)('POST', `/api/admin/STHSM/requests/${requestId}/correct`, {
      submissionId: byPhone.id,
      changes: { location: 'Testville' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().location).toBe('Testville');
    const entry = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'requests.corrected').executeTakeFirstOrThrow();
    expect(JSON.parse(entry.after ?? '{}')).toEqual({ submission: byPhone.id, fields: ['location'] });
    expect(JSON.stringify(entry)).not.toContain('Testville');
    const foreign = await as(t.app, admin)('POST', `/api/admin/STHSM/requests/${requestId}/correct`, {
      submissionId: stranger.id,
      changes: { location: 'Elsewhere' },
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await as(t.app, admin)('POST', `/api/admin/STHSM/requests/${requestId}/correct`, { submissionId: byPhone.id, changes: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/at least one field/);
  });

  it('erases their submissions and subscriptions together, journaled, and a restore of an earlier backup re-applies it', async () => {
    const archive = await runBackup(backupSourceFrom(t.config, t.db), { dir: backupDir, keep: 10, trigger: 'manual' });
    if (archive.status !== 'succeeded') throw new Error('backup skipped');
    const res = await as(t.app, admin)('POST', `/api/admin/STHSM/requests/${requestId}/erase`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ submissions: 2, subscriptions: 1 });
    const left = await t.db.selectFrom('alumni_submissions').select('_id').where('_id', 'in', [mine.id, byPhone.id, stranger.id]).execute();
    expect(left.map((r) => r._id)).toEqual([stranger.id]);
    expect(await t.db.selectFrom('subscriptions').select('id').where('id', 'in', ['sub-subject', 'sub-else']).execute()).toEqual([
      { id: 'sub-else' },
    ]);
    const journal = (await listErasures(t.db)).filter((e) => e.kind === 'alumni_submission' || e.kind === 'subscription');
    expect(journal.map((e) => [e.kind, [...e.ids].sort()])).toEqual(
      expect.arrayContaining([
        ['alumni_submission', [mine.id, byPhone.id].sort()],
        ['subscription', ['sub-subject']],
      ]),
    );
    const file = await readFile(journalFileIn(backupDir), 'utf8');
    expect(file).toContain('sub-subject');
    expect(file).not.toContain(email);
    const entry = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'requests.erased').executeTakeFirstOrThrow();
    expect(JSON.parse(entry.after ?? '{}')).toEqual({ submissions: 2, subscriptions: 1 });

    const target = await freshTarget();
    try {
      const report = await restoreArchive(archive.file, target, { force: false, journalFiles: [journalFileIn(backupDir)] });
      expect(report.erasures.unknown).toEqual([]);
      expect(report.erasures.reapplied.map((r) => r.entry.kind).sort()).toEqual(
        expect.arrayContaining(['alumni_submission', 'subscription']),
      );
      const db = target.open();
      try {
        expect(await db.selectFrom('alumni_submissions').select('_id').where('_id', 'in', [mine.id, byPhone.id]).execute()).toEqual([]);
        expect(await db.selectFrom('subscriptions').select('id').where('id', '=', 'sub-subject').execute()).toEqual([]);
        expect(await db.selectFrom('alumni_submissions').select('_id').where('_id', '=', stranger.id).execute()).toHaveLength(1);
      } finally {
        await db.destroy();
      }
    } finally {
      await target.cleanup();
    }
  });

  it('refuses a write without the CSRF token or from a foreign Origin', async () => {
    const url = `/api/admin/STHSM/requests/${requestId}/close`;
    const noToken = await t.app.inject({
      method: 'POST',
      url,
      payload: { outcome: 'done' },
      headers: { cookie: admin.cookie, origin: 'http://localhost:80' },
    });
    expect(noToken.statusCode).toBe(403);
    expect((await as(t.app, admin)('POST', url, { outcome: 'done' }, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await as(t.app, admin)('GET', '/api/admin/STHSM/requests')).json().open).toBeGreaterThan(0);
  });

  it('marks it done (the person is mailed), and refuses a request with a reason', async () => {
    const bad = await as(t.app, admin)('POST', `/api/admin/STHSM/requests/${requestId}/close`, { outcome: 'refused' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/Give the reason/);
    const before = mailsTo(email).length;
    const done = await as(t.app, admin)('POST', `/api/admin/STHSM/requests/${requestId}/close`, { outcome: 'done' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ request: { status: 'done', closedAt: NOW.toISOString() }, mailed: true });
    await expect.poll(() => mailsTo(email).length).toBe(before + 1);
    expect(mailsTo(email).at(-1)?.text).toMatch(/has done your request for erasure of data about your child/);
    // Closed: nothing more changes.
    expect((await as(t.app, admin)('POST', `/api/admin/STHSM/requests/${requestId}/close`, { outcome: 'done' })).statusCode).toBe(409);
    expect((await as(t.app, admin)('POST', `/api/admin/STHSM/requests/${requestId}/erase`, {})).statusCode).toBe(409);

    const other = 'refused.one@example.org';
    const token = await send(other, { kind: 'correct', correction: 'My name is spelt wrong.' });
    expect((await post('/api/rights/STHSM/confirm', { token })).statusCode).toBe(200);
    const id = (await as(t.app, admin)('GET', '/api/admin/STHSM/requests'))
      .json()
      .items.find((i: { kind: string }) => i.kind === 'correct').id;
    const refused = await as(t.app, admin)('POST', `/api/admin/STHSM/requests/${id}/close`, {
      outcome: 'refused',
      reason: 'We hold no data about you.',
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().request).toMatchObject({ status: 'refused', reason: 'We hold no data about you.' });
    await expect.poll(() => mailsTo(other).length).toBe(2);
    expect(mailsTo(other).at(-1)?.text).toContain('We hold no data about you.');
    const entry = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'requests.refused').executeTakeFirstOrThrow();
    expect(JSON.stringify(entry)).not.toContain('We hold no data');
  });

  it('erases a closed request 12 months after it was closed (journaled)', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('rights_requests')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', 'in', ['done', 'refused'])
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(2);
    await runRetention({ db: t.db, backupDir, now: () => new Date(NOW.getTime() + 300 * DAY) });
    expect(await count()).toBe(2);
    await runRetention({ db: t.db, backupDir, now: () => new Date(NOW.getTime() + 370 * DAY) });
    expect(await count()).toBe(0);
    const entries = (await listErasures(t.db)).filter((e) => e.kind === 'rights_request');
    expect(entries.flatMap((e) => e.ids)).toContain(requestId);
  });
});
