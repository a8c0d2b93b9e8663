import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalFileIn } from '../../src/backup/erasures.ts';
import { restoreArchive } from '../../src/backup/restore.ts';
import { backupSourceFrom, runBackup } from '../../src/backup/run.ts';
import { ERASED_CHILD_NAME } from '../../src/repositories/children.ts';
import { listErasures } from '../../src/repositories/erasure-journal.ts';
import { freshTarget } from '../backup/support.ts';
import { createSchool } from '../factories.ts';
import { engine, NOW, startTestApp, type TestApp } from '../helpers.ts';
import { publicValues, VALID } from '../publish/publish-helpers.ts';
import { recordChild } from './children-support.ts';
import { as, createStaff, ORIGIN, signIn, type Signed } from './staff-helpers.ts';

// Erasing a child's record (issue 37, docs/decisions/0153): a parent asks the school to erase their
// child's data. Administrators only; the name, class, admission number, consents and e-mailed
// requests go, journaled (a restore of an earlier backup erases them again); what showed the child
// stays off the site, because the tombstone of its id has no consent.

let t: TestApp;
let admin: Signed;
let editor: Signed;
let otherAdmin: Signed;
let backupDir: string;

beforeAll(async () => {
  backupDir = await mkdtemp(path.join(tmpdir(), 'sthsm-child-erasure-'));
  t = await startTestApp({ BACKUP_DIR: backupDir });
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  admin = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'admin' }));
  editor = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'editor' }));
  otherAdmin = await signIn(t.app, await createStaff(t.db, { school: 'OTHER', role: 'admin' }));
});
afterAll(async () => {
  await t.close();
  await rm(backupDir, { recursive: true, force: true });
});

const content = (type: string) => `/api/admin/STHSM/content/${type}`;
const birthdayNames = async () =>
  ((await t.app.inject({ url: '/api/birthdays/STHSM' })).json() as Array<{ name: string }>).map((b) => b.name);

describe(`erasing a child's record (${engine})`, () => {
  it('erases the record, its consents and requests for good, keeps what showed the child off the site, and survives a restore', async () => {
    const child = await recordChild(
      t.app,
      editor,
      { birthday: {}, results: {} },
      { name: 'Zarina Fictitia', class: 'VI-B', admissionNumber: 'Z-0042' },
    );
    await as(t.app, editor)('POST', content('birthdays'), {
      ...VALID.birthdays,
      name: 'Zarina Fictitia',
      child: child.id,
      intent: 'publish',
    });
    await as(t.app, editor)('POST', content('toppers'), { ...VALID.toppers, name: 'Zarina Fictitia', child: child.id, intent: 'publish' });
    await t.db
      .insertInto('consent_requests')
      .values({
        id: 'request-zarina',
        school_code: 'STHSM',
        child_id: child.id,
        guardian_name: 'Guardian Fictitia',
        guardian_email: 'guardian.fictitia@example.org',
        purposes: '["photos"]',
        ends_on: '2026-03-31',
        ends_at: '2026-03-31T18:30:00.000Z',
        token_hash: 'not-a-real-hash',
        status: 'pending',
        confirm_by: '2025-08-28T05:30:00.000Z',
        link_until: '2025-08-28T05:30:00.000Z',
        sent_at: NOW.toISOString(),
        sent_by: null,
        sent_by_email: null,
        confirmed_at: null,
      })
      .execute();
    expect(await birthdayNames()).toContain('Zarina');
    expect(await publicValues(t.app, 'toppers')).toEqual(['Zarina Fictitia']);
    const archive = await runBackup(backupSourceFrom(t.config, t.db), { dir: backupDir, keep: 10, trigger: 'manual' });
    if (archive.status !== 'succeeded') throw new Error('backup skipped');

    // Editors manage consent but do not erase; another school's administrator reaches nothing.
    expect((await as(t.app, editor)('POST', `/api/admin/STHSM/children/${child.id}/erase`, {})).statusCode).toBe(403);
    expect((await as(t.app, otherAdmin)('POST', `/api/admin/STHSM/children/${child.id}/erase`, {})).statusCode).toBe(403);
    expect((await as(t.app, otherAdmin)('POST', `/api/admin/OTHER/children/${child.id}/erase`, {})).statusCode).toBe(404);
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/admin/STHSM/children/${child.id}/erase`,
      headers: { cookie: admin.cookie, origin: ORIGIN },
      payload: {},
    });
    expect(forged.statusCode).toBe(403);
    expect((await as(t.app, admin)('GET', `/api/admin/STHSM/children/${child.id}`)).statusCode).toBe(200);

    const res = await as(t.app, admin)('POST', `/api/admin/STHSM/children/${child.id}/erase`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ erased: true });

    // Gone from the register: not found, not listed, not searchable; erasing again finds nothing.
    expect((await as(t.app, admin)('GET', `/api/admin/STHSM/children/${child.id}`)).statusCode).toBe(404);
    expect((await as(t.app, admin)('GET', '/api/admin/STHSM/children?q=Zarina')).json().total).toBe(0);
    expect((await as(t.app, admin)('POST', `/api/admin/STHSM/children/${child.id}/erase`, {})).statusCode).toBe(404);
    // Nothing of them is left in the register's tables: a tombstone of the id alone.
    const row = await t.db.selectFrom('children').selectAll().where('_id', '=', child.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: ERASED_CHILD_NAME, class: '', admission_number: null });
    expect(row.erased_at).not.toBeNull();
    expect(await t.db.selectFrom('child_consents').select('purpose').where('child_id', '=', child.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('consent_requests').select('id').where('child_id', '=', child.id).execute()).toEqual([]);
    // What showed the child stays off the site (no consent is in effect for the tombstone).
    expect(await birthdayNames()).not.toContain('Zarina');
    expect(await publicValues(t.app, 'toppers')).toEqual([]);
    // Journaled, and audited by the random id only.
    expect((await listErasures(t.db)).filter((e) => e.kind === 'child').map((e) => e.ids)).toEqual([[child.id]]);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'children.erased').execute();
    expect(audit.map((a) => a.target)).toEqual([child.id]);
    expect(JSON.stringify(audit)).not.toMatch(/Zarina|Z-0042|guardian\.fictitia/);

    // A restore of the backup made before erases the child again.
    const target = await freshTarget();
    try {
      const report = await restoreArchive(archive.file, target, { force: false, journalFiles: [journalFileIn(backupDir)] });
      expect(report.erasures.unknown).toEqual([]);
      expect(report.erasures.reapplied.map((r) => r.entry.kind)).toContain('child');
      const db = target.open();
      try {
        expect(await db.selectFrom('children').select(['name', 'admission_number']).where('_id', '=', child.id).execute()).toEqual([
          { name: ERASED_CHILD_NAME, admission_number: null },
        ]);
        expect(await db.selectFrom('child_consents').select('purpose').where('child_id', '=', child.id).execute()).toEqual([]);
        expect(await db.selectFrom('consent_requests').select('id').where('child_id', '=', child.id).execute()).toEqual([]);
      } finally {
        await db.destroy();
      }
    } finally {
      await target.cleanup();
    }
  });
});
