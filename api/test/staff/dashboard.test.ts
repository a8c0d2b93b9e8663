import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.ts';
import { finishBackupRun, startBackupRun } from '../../src/repositories/backup-runs.ts';
import { createBirthday, createSchool, createSchoolPage, createTopper, id } from '../factories.ts';
import { engine, NOW, startTestApp, type TestApp } from '../helpers.ts';
import { VALID } from '../publish/publish-helpers.ts';
import { as, createStaff, signIn, type Signed, type StaffPerson } from './staff-helpers.ts';
import { storeSubmission } from './submissions-support.ts';

// GET /api/admin/{code}/dashboard through real HTTP on both engines (issue 30 item 7): what each
// role is shown, that a contributor sees only their own work, that Approve and Send back (the
// content API's publish and return) show up as "recently reviewed" with the note, and that
// another school's staff are refused.

let t: TestApp;
let admin: Signed;
let editor: Signed;
let editorPerson: StaffPerson;
let contributor: Signed;
let contributorPerson: StaffPerson;
let otherContributor: Signed;
let otherAdmin: Signed;

const DASHBOARD = '/api/admin/STHSM/dashboard';
const NEWS = '/api/admin/STHSM/content/news';

interface Line {
  type: string;
  id: string;
  title: string;
  version: number;
}
interface Dashboard {
  role: string;
  review: { items: Array<Line & { submittedBy: { name: string; email: string } | null; submittedAt: string }>; total: number };
  scheduled: { items: Array<Line & { publishAt: string }>; total: number };
  drafts: { items: Array<Line & { reviewNote: string | null }>; total: number };
  reviewed: Array<Line & { outcome: string; by: { name: string } | null; note: string | null }>;
  submissions: { unhandled: number; newest: string | null } | null;
  photosWithoutAlt: number | null;
  consentEnding: { days: number; items: Array<{ name: string; purposeLabel: string; endsOn: string }>; total: number } | null;
  unlinked: { toppers: number; birthdays: number } | null;
  backup: {
    lastSuccess: { at: string } | null;
    lastFailure: { at: string; error: string } | null;
    failing: boolean;
    running: { startedAt: string } | null;
  } | null;
}

async function dashboardOf(who: Signed): Promise<Dashboard> {
  const res = await as(t.app, who)('GET', DASHBOARD);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Dashboard;
}

async function news(who: Signed, title: string, extra: Record<string, unknown> = {}) {
  const res = await as(t.app, who)('POST', NEWS, { ...VALID.news, title, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().item as { id: string; version: number };
}

async function storeMedia(db: Db, o: { alt?: string; decorative?: number; kind?: string; school?: string }) {
  const mediaId = id();
  await db
    .insertInto('media')
    .values({
      school_code: o.school ?? 'STHSM',
      _id: mediaId,
      ref: `${o.school ?? 'STHSM'}/media/${mediaId}.jpg`,
      path: `${o.school ?? 'STHSM'}/media/${mediaId}.jpg`,
      kind: o.kind ?? 'image',
      content_type: o.kind === 'pdf' ? 'application/pdf' : 'image/jpeg',
      name: `${mediaId}.jpg`,
      bytes: 100,
      width: 10,
      height: 10,
      alt: o.alt ?? '',
      decorative: o.decorative ?? 0,
      camera: null,
      created_at: NOW.toISOString(),
      created_by: null,
      updated_at: NOW.toISOString(),
    })
    .execute();
}

async function storeConsent(db: Db, name: string, endsOn: string, school = 'STHSM') {
  const childId = id();
  const at = NOW.toISOString();
  await db
    .insertInto('children')
    .values({ _id: childId, school_code: school, name, class: 'V-A', admission_number: null, created_at: at, updated_at: at })
    .execute();
  await db
    .insertInto('child_consents')
    .values({
      child_id: childId,
      purpose: 'birthday',
      school_code: school,
      given_on: '2025-04-01',
      ends_on: endsOn,
      // The end of that day in India (UTC+5:30).
      ends_at: new Date(Date.parse(`${endsOn}T00:00:00.000Z`) + 86_400_000 - 5.5 * 3_600_000).toISOString(),
      recorded_by: null,
      recorded_by_email: null,
      recorded_at: at,
      withdrawn_at: null,
    })
    .execute();
}

beforeAll(async () => {
  // A clock that moves a second at every look: saves are ordered as they happened.
  let tick = 0;
  t = await startTestApp({}, () => new Date(NOW.getTime() + 1000 * tick++));
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  admin = await signIn(t.app, await createStaff(t.db, { role: 'admin' }));
  editorPerson = await createStaff(t.db, { role: 'editor' });
  editor = await signIn(t.app, editorPerson);
  contributorPerson = await createStaff(t.db, { role: 'contributor' });
  contributor = await signIn(t.app, contributorPerson);
  otherContributor = await signIn(t.app, await createStaff(t.db, { role: 'contributor' }));
  otherAdmin = await signIn(t.app, await createStaff(t.db, { role: 'admin', school: 'OTHER' }));
});
afterAll(() => t.close());

describe(`the staff dashboard API (${engine})`, () => {
  it('is empty but complete for a new school: every section an editor or administrator may see', async () => {
    const d = await dashboardOf(admin);
    expect(d).toMatchObject({
      role: 'admin',
      review: { items: [], total: 0 },
      scheduled: { items: [], total: 0 },
      drafts: { items: [], total: 0 },
      reviewed: [],
      submissions: { unhandled: 0, newest: null },
      photosWithoutAlt: 0,
      consentEnding: { days: 30, items: [], total: 0 },
      backup: { lastSuccess: null, lastFailure: null, failing: false, running: null },
    });
    const e = await dashboardOf(editor);
    expect(e.role).toBe('editor');
    expect(e.submissions).toBeNull();
    expect(e.backup).toBeNull();
    expect(e.photosWithoutAlt).toBe(0);
    expect(e.consentEnding).not.toBeNull();
  });

  it("counts the school's published toppers and birthdays not linked to a consent record, for editors and administrators", async () => {
    expect((await dashboardOf(admin)).unlinked).toEqual({ toppers: 0, birthdays: 0 });
    // As an import brings them: published as the old site published them, no child linked.
    await createTopper(t.db);
    await createTopper(t.db);
    await createBirthday(t.db);
    await createTopper(t.db, { school: 'OTHER' });
    expect((await dashboardOf(admin)).unlinked).toEqual({ toppers: 2, birthdays: 1 });
    expect((await dashboardOf(editor)).unlinked).toEqual({ toppers: 2, birthdays: 1 });
    expect((await dashboardOf(contributor)).unlinked).toBeNull();
    expect((await as(t.app, otherAdmin)('GET', '/api/admin/OTHER/dashboard')).json().unlinked).toEqual({ toppers: 1, birthdays: 0 });
    await t.db.deleteFrom('toppers').execute();
    await t.db.deleteFrom('birthdays').execute();
  });

  it('shows an editor what waits for review with who submitted it; a contributor only their own', async () => {
    const mine = await news(contributor, 'Contributor’s sports day', { intent: 'review' });
    const draft = await news(contributor, 'Contributor’s half-written draft');
    const theirs = await news(otherContributor, 'Someone else’s science fair', { intent: 'review' });
    await news(otherContributor, 'Someone else’s private draft');

    const e = await dashboardOf(editor);
    expect(e.review.total).toBe(2);
    expect(e.review.items.map((i) => i.title)).toEqual(['Contributor’s sports day', 'Someone else’s science fair']);
    const line = e.review.items.find((i) => i.id === mine.id);
    expect(line).toMatchObject({ type: 'news', version: 1, submittedBy: { email: contributorPerson.email, name: expect.any(String) } });
    // Editors' own drafts only: nobody else's.
    expect(e.drafts.total).toBe(0);

    const c = await dashboardOf(contributor);
    expect(c.role).toBe('contributor');
    expect(c.review.items.map((i) => i.id)).toEqual([mine.id]);
    expect(c.review.total).toBe(1);
    expect(c.drafts.items.map((i) => i.id)).toEqual([draft.id]);
    expect(JSON.stringify(c)).not.toContain('Someone else');
    expect(theirs.id).not.toBe(mine.id);
  });

  it('never shows a contributor submissions, photos without alt text, consent or backups', async () => {
    await storeSubmission(t.db, { at: '2025-08-13T10:00:00.000Z' });
    await storeMedia(t.db, {});
    await storeConsent(t.db, 'Ravi Kumar', '2025-08-20');
    const c = await dashboardOf(contributor);
    expect(c.submissions).toBeNull();
    expect(c.photosWithoutAlt).toBeNull();
    expect(c.consentEnding).toBeNull();
    expect(c.backup).toBeNull();
    expect(JSON.stringify(c)).not.toContain('Ravi');
  });

  it('counts unhandled submissions and photos without alt text of this school only, and lists consent ending soon', async () => {
    await storeSubmission(t.db, { at: '2025-08-12T10:00:00.000Z', handledAt: '2025-08-12T11:00:00.000Z' });
    await storeSubmission(t.db, { school: 'OTHER', at: '2025-08-14T01:00:00.000Z' });
    await storeMedia(t.db, { alt: 'Children at the science fair' });
    await storeMedia(t.db, { decorative: 1 });
    await storeMedia(t.db, { kind: 'pdf' });
    await storeMedia(t.db, { school: 'OTHER' });
    await storeConsent(t.db, 'Meera Das', '2026-03-31');
    await storeConsent(t.db, 'Other School Child', '2025-08-16', 'OTHER');

    const d = await dashboardOf(admin);
    expect(d.submissions).toEqual({ unhandled: 1, newest: '2025-08-13T10:00:00.000Z' });
    expect(d.photosWithoutAlt).toBe(1);
    expect(d.consentEnding?.items).toEqual([
      {
        childId: expect.any(String),
        name: 'Ravi Kumar',
        class: 'V-A',
        purpose: 'birthday',
        purposeLabel: expect.any(String),
        endsOn: '2025-08-20',
      },
    ]);
    expect(d.consentEnding?.total).toBe(1);
  });

  it('shows administrators the last backup, and says so prominently when the newest one failed', async () => {
    const first = await startBackupRun(t.db, { trigger: 'scheduled', slot: '2025-08-13T21:00', at: '2025-08-13T21:00:00.000Z' });
    await finishBackupRun(t.db, first as string, { at: '2025-08-13T21:01:00.000Z', archive: 'a.tar.gz', sizeBytes: 10 });
    const second = await startBackupRun(t.db, { trigger: 'manual', at: '2025-08-14T04:00:00.000Z' });
    await t.db
      .updateTable('backup_runs')
      .set({ status: 'failed', finished_at: '2025-08-14T04:00:05.000Z', error: 'The disk is full.' })
      .where('_id', '=', second as string)
      .execute();
    const d = await dashboardOf(admin);
    expect(d.backup).toMatchObject({
      lastSuccess: { at: '2025-08-13T21:01:00.000Z', archive: 'a.tar.gz', sizeBytes: 10 },
      lastFailure: { at: '2025-08-14T04:00:05.000Z', error: 'The disk is full.' },
      failing: true,
      running: null,
    });
  });

  it('lists what goes live next, soonest first', async () => {
    const later = await news(editor, 'Results on Monday', { intent: 'publish', publishAt: '2025-08-18T09:00' });
    const sooner = await news(editor, 'Holiday tomorrow', { intent: 'publish', publishAt: '2025-08-15T08:00' });
    await news(editor, 'Already live', { intent: 'publish' });
    const d = await dashboardOf(contributor);
    expect(d.scheduled.items.map((i) => i.id)).toEqual([sooner.id, later.id]);
    expect(d.scheduled.items[0]?.publishAt).toBe('2025-08-15T02:30:00.000Z');
    expect(d.scheduled.total).toBe(2);
  });

  it('tells a contributor their item was approved, or sent back with the note', async () => {
    const approved = await news(contributor, 'Approve me', { intent: 'review' });
    const returned = await news(contributor, 'Send me back', { intent: 'review' });
    const publish = await as(t.app, editor)('POST', `${NEWS}/${approved.id}/publish`, { version: approved.version });
    expect(publish.statusCode, publish.body).toBe(200);
    const back = await as(t.app, editor)('POST', `${NEWS}/${returned.id}/return`, {
      version: returned.version,
      comment: 'Add the date of the match.',
    });
    expect(back.statusCode, back.body).toBe(200);

    const c = await dashboardOf(contributor);
    const outcomes = Object.fromEntries(c.reviewed.map((r) => [r.id, r]));
    expect(outcomes[approved.id]).toMatchObject({ outcome: 'approved', note: null, title: 'Approve me', by: { name: expect.any(String) } });
    expect(outcomes[returned.id]).toMatchObject({ outcome: 'returned', note: 'Add the date of the match.', title: 'Send me back' });
    // The returned one is the contributor's draft again, with its note.
    expect(c.drafts.items.find((i) => i.id === returned.id)?.reviewNote).toBe('Add the date of the match.');
    expect(c.review.items.map((i) => i.id)).not.toContain(approved.id);
    // Nobody else is told about another's item.
    const other = await dashboardOf(otherContributor);
    expect(other.reviewed.map((r) => r.id)).not.toContain(approved.id);
    // Submitted again: it waits, and "sent back" is no longer news.
    const again = await as(t.app, contributor)('POST', `${NEWS}/${returned.id}/submit`, {});
    expect(again.statusCode, again.body).toBe(200);
    const after = await dashboardOf(contributor);
    expect(after.reviewed.map((r) => r.id)).not.toContain(returned.id);
    expect(after.review.items.map((i) => i.id)).toContain(returned.id);
  });

  it('lists an information page waiting for review, and Approve (its publish) takes it off', async () => {
    const contact = {
      description: 'How to reach us.',
      lead: 'Open on working days.',
      officeHours: '8 to 2.',
      directions: 'By the bus stand.',
    };
    await createSchoolPage(t.db, 'STHSM', 'contact-us', contact);
    const page = '/api/admin/STHSM/pages/contact-us';
    const saved = await as(t.app, contributor)('PUT', page, {
      content: { ...contact, officeHours: '8 to 3.' },
      version: 1,
      intent: 'review',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const e = await dashboardOf(editor);
    const line = e.review.items.find((i) => i.type === 'pages');
    expect(line).toMatchObject({
      id: 'contact-us',
      label: 'information page',
      version: 2,
      submittedBy: { email: contributorPerson.email },
    });
    expect((await dashboardOf(contributor)).review.items.map((i) => i.id)).toContain('contact-us');
    expect((await dashboardOf(otherContributor)).review.items.map((i) => i.id)).not.toContain('contact-us');
    const approved = await as(t.app, editor)('POST', `${page}/publish`, { version: line?.version });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await dashboardOf(editor)).review.items.map((i) => i.id)).not.toContain('contact-us');
  });

  it('refuses another school’s administrator (403) and the signed-out (401)', async () => {
    const foreign = await as(t.app, otherAdmin)('GET', DASHBOARD);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain('sports day');
    const signedOut = await as(t.app, null)('GET', DASHBOARD);
    expect(signedOut.statusCode).toBe(401);
    // Their own school's dashboard holds nothing of this one.
    const own = await as(t.app, otherAdmin)('GET', '/api/admin/OTHER/dashboard');
    expect(own.statusCode).toBe(200);
    const body = own.json() as Dashboard;
    expect(body.review.total).toBe(0);
    expect(body.submissions?.unhandled).toBe(1);
    expect(body.photosWithoutAlt).toBe(1);
    expect(body.consentEnding?.items.map((c) => c.name)).toEqual(['Other School Child']);
  });

  it('is listed in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/admin/{code}/dashboard');
    expect(editorPerson.email).toContain('@');
  });
});
