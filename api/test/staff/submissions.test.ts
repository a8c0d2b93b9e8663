import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alumniFieldInWords, PROFESSION_OPTIONS } from '@sthsm/contract/alumni';
import { journalFileIn } from '../../src/backup/erasures.ts';
import { findAlumniSubmission } from '../../src/repositories/alumni.ts';
import { listErasures } from '../../src/repositories/erasure-journal.ts';
import { recordAudit } from '../../src/staff/audit.ts';
import { createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { as, createStaff, signIn, type Signed } from './staff-helpers.ts';
import { parseCsv, storeSubmission } from './submissions-support.ts';

// The alumni submissions inbox, the retention setting and a person's request (issue 16), through
// the HTTP API on both engines: admins only, the school's own data only, every read and erasure
// audited without the personal data, erasures journaled so a restore cannot bring them back.

let t: TestApp;
let admin: Signed;
let editor: Signed;
let otherAdmin: Signed;
const logs: string[] = [];

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'info' }, undefined, { logStream: { write: (line) => void logs.push(line) } });
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  admin = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'admin', email: 'head@example.org' }));
  editor = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'editor' }));
  otherAdmin = await signIn(t.app, await createStaff(t.db, { school: 'OTHER', role: 'admin' }));
});
afterAll(() => t.close());

async function auditRows(action: string) {
  return t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('at').orderBy('id').execute();
}

async function clear() {
  await t.db.deleteFrom('alumni_submissions').execute();
}

describe(`the submissions inbox (${engine})`, () => {
  it('lists the school\u2019s submissions newest first, 25 a page, with search and the handled filter', async () => {
    await clear();
    for (let i = 0; i < 27; i++) {
      await storeSubmission(t.db, { at: new Date(Date.UTC(2025, 6, 1, 0, i)).toISOString(), name: `Person ${String(i).padStart(2, '0')}` });
    }
    await storeSubmission(t.db, {
      at: '2025-08-02T00:00:00.000Z',
      name: 'Zoë Ångström',
      email: 'zoe@example.org',
      handledAt: '2025-08-03T00:00:00.000Z',
    });
    await storeSubmission(t.db, { school: 'OTHER', name: 'Not Ours' });

    const first = await as(t.app, admin)('GET', '/api/admin/STHSM/submissions');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const body = first.json();
    expect(body).toMatchObject({ total: 28, page: 1, pageSize: 25, retentionMonths: 24 });
    expect(body.items).toHaveLength(25);
    expect(body.items[0]).toMatchObject({ name: 'Zoë Ångström', handledAt: '2025-08-03T00:00:00.000Z' });
    expect(body.items[1].name).toBe('Person 26');
    expect(body.items.map((s: { name: string }) => s.name)).not.toContain('Not Ours');

    const second = (await as(t.app, admin)('GET', '/api/admin/STHSM/submissions?page=2')).json();
    expect(second.items.map((s: { name: string }) => s.name)).toEqual(['Person 02', 'Person 01', 'Person 00']);

    const searched = (await as(t.app, admin)('GET', `/api/admin/STHSM/submissions?q=${encodeURIComponent('zoë')}`)).json();
    expect(searched.items.map((s: { email: string }) => s.email)).toEqual(['zoe@example.org']);
    const byPhone = (await as(t.app, admin)('GET', '/api/admin/STHSM/submissions?q=90000')).json();
    expect(byPhone.total).toBe(28);
    const wildcard = (await as(t.app, admin)('GET', '/api/admin/STHSM/submissions?q=%25')).json();
    expect(wildcard.total).toBe(28);
    expect((await as(t.app, admin)('GET', '/api/admin/STHSM/submissions?q=nobody')).json().total).toBe(0);
    expect((await as(t.app, admin)('GET', '/api/admin/STHSM/submissions?status=handled')).json().total).toBe(1);
    expect((await as(t.app, admin)('GET', '/api/admin/STHSM/submissions?status=unhandled')).json().total).toBe(27);
    expect((await as(t.app, admin)('GET', '/api/admin/STHSM/submissions?status=maybe')).statusCode).toBe(400);
  });

  it('audits each look at the list without the words searched for or anyone\u2019s data', async () => {
    // The clock is pinned: every row has the same time, so start from none of this kind.
    await t.db.deleteFrom('audit_log').where('action', '=', 'submissions.listed').execute();
    await as(t.app, admin)('GET', `/api/admin/STHSM/submissions?q=${encodeURIComponent('Zoë')}`);
    const rows = await auditRows('submissions.listed');
    const last = rows.at(-1)!;
    expect(last).toMatchObject({ school_code: 'STHSM', actor_email: 'head@example.org', target: null });
    expect(JSON.parse(last.after!)).toEqual({ page: 1, status: 'all', searched: true, shown: 1 });
    const everything = JSON.stringify(await t.db.selectFrom('audit_log').selectAll().execute());
    for (const personal of ['Zoë', 'zoe@example.org', 'Ångström', 'Person 26', '90000']) expect(everything).not.toContain(personal);
  });

  it('opens one, marks it handled and unhandled, and answers 404 for another school\u2019s', async () => {
    await clear();
    const mine = await storeSubmission(t.db, { name: 'Ravi Kumar' });
    const theirs = await storeSubmission(t.db, { school: 'OTHER' });
    const opened = await as(t.app, admin)('GET', `/api/admin/STHSM/submissions/${mine.id}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ id: mine.id, name: 'Ravi Kumar', email: mine.email, address: '1 Park Road', handledAt: null });
    expect((await auditRows('submissions.opened')).at(-1)).toMatchObject({ target: mine.id, after: null });

    const handled = await as(t.app, admin)('PUT', `/api/admin/STHSM/submissions/${mine.id}/handled`, { handled: true });
    expect(handled.statusCode).toBe(200);
    expect(handled.json().handledAt).toBe('2025-08-14T05:30:00.000Z');
    const undone = await as(t.app, admin)('PUT', `/api/admin/STHSM/submissions/${mine.id}/handled`, { handled: false });
    expect(undone.json().handledAt).toBeNull();
    expect((await auditRows('submissions.marked_handled')).at(-1)?.target).toBe(mine.id);
    expect((await auditRows('submissions.marked_unhandled')).at(-1)?.target).toBe(mine.id);
    expect((await as(t.app, admin)('PUT', `/api/admin/STHSM/submissions/${mine.id}/handled`, { handled: 'yes' })).statusCode).toBe(400);

    expect((await as(t.app, admin)('GET', `/api/admin/STHSM/submissions/${theirs.id}`)).statusCode).toBe(404);
    expect((await as(t.app, admin)('PUT', `/api/admin/STHSM/submissions/${theirs.id}/handled`, { handled: true })).statusCode).toBe(404);
    expect((await as(t.app, otherAdmin)('GET', `/api/admin/STHSM/submissions/${mine.id}`)).statusCode).toBe(403);
    expect((await findAlumniSubmission(t.db, theirs.id))?.handled_at).toBeNull();
  });

  it('is closed to editors and to other schools\u2019 administrators', async () => {
    for (const who of [editor, otherAdmin]) {
      expect((await as(t.app, who)('GET', '/api/admin/STHSM/submissions')).statusCode).toBe(403);
      expect((await as(t.app, who)('GET', '/api/admin/STHSM/submissions.csv')).statusCode).toBe(403);
      expect((await as(t.app, who)('GET', '/api/admin/STHSM/person?email=a@example.org')).statusCode).toBe(403);
    }
    expect((await as(t.app, null)('GET', '/api/admin/STHSM/submissions')).statusCode).toBe(401);
  });
});

describe(`erasing submissions (${engine})`, () => {
  it('erases the chosen ones for good, journaled and audited by count only', async () => {
    await clear();
    const [a, b, keep] = [await storeSubmission(t.db), await storeSubmission(t.db), await storeSubmission(t.db)];
    const theirs = await storeSubmission(t.db, { school: 'OTHER' });
    const res = await as(t.app, admin)('POST', '/api/admin/STHSM/submissions/erase', { ids: [a.id, b.id, theirs.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ erased: 2 });
    expect(await findAlumniSubmission(t.db, a.id)).toBeUndefined();
    expect(await findAlumniSubmission(t.db, b.id)).toBeUndefined();
    expect(await findAlumniSubmission(t.db, keep.id)).toBeDefined();
    expect(await findAlumniSubmission(t.db, theirs.id)).toBeDefined();
    const entry = (await listErasures(t.db)).find((e) => e.ids.includes(a.id));
    expect(entry).toMatchObject({ kind: 'alumni_submission', ids: expect.arrayContaining([a.id, b.id]) });
    expect(entry?.ids).not.toContain(theirs.id);
    expect(await readFile(journalFileIn(t.config.backupDir), 'utf8')).toContain(a.id);
    const row = (await auditRows('submissions.erased')).at(-1)!;
    expect(row).toMatchObject({ target: '2 submissions', actor_email: 'head@example.org' });
    expect(JSON.parse(row.after!)).toEqual({ count: 2 });
    expect(JSON.stringify(row)).not.toContain(a.email);
  });

  it('refuses an empty choice, made-up ids or only another school\u2019s, erasing nothing', async () => {
    const theirs = await storeSubmission(t.db, { school: 'OTHER' });
    const journal = (await listErasures(t.db)).length;
    for (const [body, status] of [
      [{ ids: [] }, 400],
      [{}, 400],
      [{ ids: ['../../etc'] }, 400],
      [{ ids: [theirs.id] }, 404],
      [{ ids: ['0'.repeat(24)] }, 404],
    ] as const) {
      const res = await as(t.app, admin)('POST', '/api/admin/STHSM/submissions/erase', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect((await listErasures(t.db)).length).toBe(journal);
    expect(await findAlumniSubmission(t.db, theirs.id)).toBeDefined();
  });

  it('refuses an erasure without the CSRF token or from another site', async () => {
    const s = await storeSubmission(t.db);
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/admin/STHSM/submissions/erase',
      payload: { ids: [s.id] },
      headers: { origin: 'http://localhost:80', cookie: admin.cookie },
    });
    expect(noToken.statusCode).toBe(403);
    const foreign = await as(t.app, admin)(
      'POST',
      '/api/admin/STHSM/submissions/erase',
      { ids: [s.id] },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    expect(await findAlumniSubmission(t.db, s.id)).toBeDefined();
  });
});

/** A cell as stored: without the apostrophe that neutralised a formula-like start. */
const unquote = (v: string | undefined) => (v && /^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v);

describe(`the CSV export (${engine})`, () => {
  it('streams every field, Unicode intact and formula-like cells neutralised, over real HTTP', async () => {
    await clear();
    const tricky = {
      name: "=cmd|' /C calc'!A0",
      location: '+SUM(1,2)',
      address: '-2+3\n"quoted", with comma',
      designation: '@SUM(A1)',
      school1: '\tTabbed',
      school: '\rReturn',
      father_name: 'नेहा शर्मा 👩‍🎓',
    };
    const s = await storeSubmission(t.db, { email: 'ünïcødé@example.org', extra: tricky, handledAt: '2025-08-10T00:00:00.000Z' });
    await storeSubmission(t.db, { school: 'OTHER', name: 'Not Ours' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const res = await fetch(`http://127.0.0.1:${port}/api/admin/STHSM/submissions.csv`, { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="submissions-STHSM-2025-08-14.csv"');
    expect(res.headers.get('x-total-count')).toBe('1');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.toString('utf8').slice(1));
    expect(rows).toHaveLength(2);
    const [header, row] = rows as [string[], string[]];
    const cell = (label: string) => row[header.indexOf(label)];
    // Times in the school's zone (Asia/Kolkata, UTC+5:30), named in the header, as spreadsheets read them.
    expect(header.slice(0, 3)).toEqual(['Received (Asia/Kolkata)', 'Handled (Asia/Kolkata)', 'Form']);
    expect(cell('Name')).toBe(`'${tricky.name}`);
    expect(cell('Location')).toBe(`'${tricky.location}`);
    expect(cell('Address')).toBe(`'${tricky.address}`);
    expect(cell('Designation')).toBe(`'${tricky.designation}`);
    expect(cell('Organisation name')).toBe(`'${tricky.school1}`);
    expect(cell('College')).toBe(`'${tricky.school}`);
    expect(cell("Ward's name")).toBe(tricky.father_name);
    expect(cell('Email')).toBe('ünïcødé@example.org');
    // A telephone number keeps its plus with no apostrophe: digits and spaces cannot be a formula.
    expect(s.phone).toMatch(/^\+/);
    expect(cell('Mobile')).toBe(s.phone);
    expect(cell('Handled (Asia/Kolkata)')).toBe('2025-08-10 05:30');
    expect(cell('Received (Asia/Kolkata)')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(cell('Id')).toBe(s.id);
    // Every stored field is in the file: undoing the apostrophe gives the stored value back.
    const stored = (await findAlumniSubmission(t.db, s.id))!;
    for (const [label, column] of [
      ['Batch joined', 'from_year'],
      ['Class joined', 'class'],
      ['Batch left', 'to_year'],
      ['Last class', 'school2'],
      ["Ward's class", 'subject'],
      ['Degree', 'profession3'],
      ['Office address', 'address1'],
      ['Profession', 'profession1'],
      ['Name', 'name'],
      ['Address', 'address'],
      ['Mobile', 'phone'],
    ] as const) {
      expect(unquote(cell(label)), label).toBe(alumniFieldInWords(column, stored[column] ?? ''));
    }
    // Codes in the words the form showed: class "1" is Class 1, profession "20" its name.
    expect(cell('Class joined')).toBe(alumniFieldInWords('class', stored.class ?? ''));
    expect(cell('Class joined')).not.toBe(stored.class);
    expect(cell('Profession')).toBe(PROFESSION_OPTIONS[19]?.label);
    const audit = (await auditRows('submissions.exported')).at(-1)!;
    expect(audit).toMatchObject({ target: '1 submission', actor_email: 'head@example.org' });
    expect(JSON.stringify(audit)).not.toContain('calc');
  });

  it('exports only what the search and filter match', async () => {
    await storeSubmission(t.db, { name: 'Findable Person' });
    const res = await as(t.app, admin)('GET', '/api/admin/STHSM/submissions.csv?q=findable&status=unhandled');
    const rows = parseCsv(res.body.slice(1));
    expect(rows.map((r) => r[3])).toEqual(['Name', 'Findable Person']);
  });
});

describe(`the retention period (${engine})`, () => {
  it('is 24 months by default, changed by an administrator, checked and audited', async () => {
    expect((await as(t.app, admin)('GET', '/api/admin/STHSM/privacy')).json()).toEqual({ retentionMonths: 24 });
    for (const bad of [0, 121, 2.5, 'soon']) {
      const res = await as(t.app, admin)('PUT', '/api/admin/STHSM/privacy', { retentionMonths: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error).toMatch(/month/);
    }
    const set = await as(t.app, admin)('PUT', '/api/admin/STHSM/privacy', { retentionMonths: 12 });
    expect(set.json()).toEqual({ retentionMonths: 12 });
    expect((await as(t.app, admin)('GET', '/api/admin/STHSM/privacy')).json()).toEqual({ retentionMonths: 12 });
    expect((await as(t.app, otherAdmin)('GET', '/api/admin/OTHER/privacy')).json()).toEqual({ retentionMonths: 24 });
    const row = (await auditRows('privacy.retention_changed')).at(-1)!;
    expect(JSON.parse(row.before!)).toEqual({ retentionMonths: 24 });
    expect(JSON.parse(row.after!)).toEqual({ retentionMonths: 12 });
    expect((await as(t.app, editor)('PUT', '/api/admin/STHSM/privacy', { retentionMonths: 6 })).statusCode).toBe(403);
    expect((await as(t.app, admin)('GET', '/api/admin/STHSM/privacy')).json()).toEqual({ retentionMonths: 12 });
    // The public privacy notice reads the same period.
    expect((await t.app.inject({ method: 'GET', url: '/api/privacy/STHSM' })).json()).toEqual({ retentionMonths: 12 });
    expect((await t.app.inject({ method: 'GET', url: '/api/privacy/OTHER' })).json()).toEqual({ retentionMonths: 24 });
    expect((await t.app.inject({ method: 'GET', url: '/api/privacy/NOPE' })).statusCode).toBe(404);
  });
});

describe(`a person\u2019s request (${engine})`, () => {
  it('finds every submission and audit entry of one e-mail address, exports and erases them', async () => {
    await clear();
    const one = await storeSubmission(t.db, { email: 'Meera.Iyer@example.org', phone: '+91 98765 43210' });
    const two = await storeSubmission(t.db, { email: 'meera.iyer@example.org', phone: '09876543210' });
    const other = await storeSubmission(t.db, { email: 'someone@example.org', phone: '+91 91234 56789' });
    const theirs = await storeSubmission(t.db, { school: 'OTHER', email: 'meera.iyer@example.org' });
    await recordAudit(t.db, { action: 'staff.invited', school: 'STHSM', target: 'meera.iyer@example.org' });
    await recordAudit(t.db, { action: 'staff.invited', school: 'OTHER', target: 'meera.iyer@example.org' });

    const found = await as(t.app, admin)('GET', '/api/admin/STHSM/person?email=MEERA.IYER@example.org');
    expect(found.statusCode).toBe(200);
    const body = found.json();
    expect(body.submissions.map((s: { id: string }) => s.id).sort()).toEqual([one.id, two.id].sort());
    expect(body.auditEntries).toEqual([expect.objectContaining({ action: 'staff.invited', target: 'meera.iyer@example.org' })]);

    const byPhone = (await as(t.app, admin)('GET', `/api/admin/STHSM/person?phone=${encodeURIComponent('98765-43210')}`)).json();
    expect(byPhone.submissions.map((s: { id: string }) => s.id).sort()).toEqual([one.id, two.id].sort());

    const json = await as(t.app, admin)('GET', '/api/admin/STHSM/person/export?email=meera.iyer@example.org&format=json');
    expect(json.headers['content-disposition']).toMatch(/^attachment; filename="person-STHSM-2025-08-14\.json"$/);
    expect(JSON.parse(json.body).submissions).toHaveLength(2);
    const csv = await as(t.app, admin)('GET', '/api/admin/STHSM/person/export?email=meera.iyer@example.org&format=csv');
    const rows = parseCsv(csv.body.slice(1));
    expect(rows.filter((r) => r[0] === 'Alumni submission')).toHaveLength(2);
    expect(rows.filter((r) => r[0] === 'Audit entry')).toHaveLength(1);

    for (const bad of ['', '?email=not-an-address', '?phone=12', '?email=a@example.org&phone=9876543210']) {
      const res = await as(t.app, admin)('GET', `/api/admin/STHSM/person${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }

    const erased = await as(t.app, admin)('POST', '/api/admin/STHSM/person/erase', { email: 'meera.iyer@example.org' });
    expect(erased.json()).toEqual({ erased: 2 });
    expect(await findAlumniSubmission(t.db, one.id)).toBeUndefined();
    expect(await findAlumniSubmission(t.db, two.id)).toBeUndefined();
    expect(await findAlumniSubmission(t.db, other.id)).toBeDefined();
    expect(await findAlumniSubmission(t.db, theirs.id)).toBeDefined();
    expect((await listErasures(t.db)).find((e) => e.ids.includes(one.id))?.ids.sort()).toEqual([one.id, two.id].sort());
    expect((await as(t.app, admin)('POST', '/api/admin/STHSM/person/erase', { email: 'meera.iyer@example.org' })).json()).toEqual({
      erased: 0,
    });

    const trail = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', 'in', ['person.looked_up', 'person.exported', 'person.erased'])
      .execute();
    expect(trail.map((r) => r.action).sort()).toEqual([
      'person.erased',
      'person.exported',
      'person.exported',
      'person.looked_up',
      'person.looked_up',
    ]);
    expect(JSON.stringify(trail).toLowerCase()).not.toContain('meera');
    expect(JSON.stringify(trail)).not.toContain('98765');
  });

  it('keeps e-mail addresses and searches out of the log lines', () => {
    const text = logs.join('\n');
    expect(text).toContain('/api/admin/STHSM/person');
    for (const personal of ['meera', 'MEERA', 'Zo%C3%AB', 'zoë', '98765', 'findable']) expect(text).not.toContain(personal);
  });
});
