import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCESS_ACTIONS, ACCESS_EXPIRED_ACTION } from '../../src/privacy/access-log.ts';
import { runRetention } from '../../src/privacy/retention.ts';
import { insertAuditRow } from '../../src/repositories/audit.ts';
import { createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { CHILD, recordChild } from './children-support.ts';
import { as, createStaff, signIn, type Signed } from './staff-helpers.ts';

// The access log (issue 37, docs/decisions/0152): opening or listing personal data leaves an audit
// entry without the data itself; entries of reads are kept a year and then deleted by the hourly
// retention run, once across servers; every other entry stays.

let t: TestApp;
let editor: Signed;
const NOW = new Date('2027-06-15T09:20:00.000Z');
// A year before NOW, in calendar months: the cut-off.
const CUTOFF = '2026-06-15T09:20:00.000Z';

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  editor = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'editor', email: 'editor@example.org' }));
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('retention_runs').execute();
  await t.db.deleteFrom('audit_log').execute();
});

let n = 0;
async function entry(school: string | null, action: string, at: string): Promise<string> {
  const id = `entry-${++n}`;
  await insertAuditRow(t.db, {
    id,
    at,
    school_code: school,
    actor_id: null,
    actor_email: 'someone@example.org',
    action,
    target: null,
    ip: null,
    before: null,
    after: null,
  });
  return id;
}

const ids = async () => (await t.db.selectFrom('audit_log').select('id').orderBy('id').execute()).map((r) => r.id);
const deps = (now: Date) => ({ db: t.db, backupDir: t.config.backupDir, now: () => now });

describe(`the access log (${engine})`, () => {
  it('records who listed and opened consent records, without the words searched or the child\u2019s name', async () => {
    const child = await recordChild(t.app, editor, { photos: {} });
    expect((await as(t.app, editor)('GET', '/api/admin/STHSM/children?q=Meera')).statusCode).toBe(200);
    expect((await as(t.app, editor)('GET', `/api/admin/STHSM/children/${child.id}`)).statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', 'in', ['children.listed', 'children.opened'])
      .orderBy('action')
      .execute();
    expect(rows.map((r) => [r.action, r.school_code, r.actor_email])).toEqual([
      ['children.listed', 'STHSM', 'editor@example.org'],
      ['children.opened', 'STHSM', 'editor@example.org'],
    ]);
    expect(JSON.parse(rows[0]!.after!)).toEqual({ page: 1, searched: true, shown: 1 });
    expect(rows[1]!.target).toBe(child.id);
    for (const row of rows) expect(JSON.stringify(row)).not.toMatch(new RegExp(`${CHILD.name.split(' ')[0]}|${CHILD.admissionNumber}`));
    // Another school's administrator opens nothing, and nothing is recorded in either school for it.
    const other = await signIn(t.app, await createStaff(t.db, { school: 'OTHER', role: 'admin' }));
    expect((await as(t.app, other)('GET', `/api/admin/STHSM/children/${child.id}`)).statusCode).toBe(403);
    expect((await as(t.app, other)('GET', `/api/admin/OTHER/children/${child.id}`)).statusCode).toBe(404);
    expect(await t.db.selectFrom('audit_log').select('id').where('action', '=', 'children.opened').execute()).toHaveLength(1);
  });

  it('deletes reads older than a year, once across three servers, and keeps everything else', async () => {
    const keep = [
      await entry('STHSM', 'submissions.opened', CUTOFF), // exactly a year old: kept
      await entry('STHSM', 'person.looked_up', '2026-12-01T00:00:00.000Z'),
      // Changes, erasures and sign-ins are never deleted, however old.
      await entry('STHSM', 'submissions.erased', '2024-01-01T00:00:00.000Z'),
      await entry('STHSM', 'session.signed_in', '2024-01-01T00:00:00.000Z'),
      await entry('OTHER', 'consent.withdrawn', '2023-05-01T00:00:00.000Z'),
      // A platform-level entry (no school) is not a school's access log.
      await entry(null, 'session.sign_in_failed', '2023-05-01T00:00:00.000Z'),
    ];
    const gone = [];
    for (const action of ACCESS_ACTIONS) gone.push(await entry('STHSM', action, '2026-06-15T09:19:59.999Z'));
    gone.push(
      await entry('OTHER', 'children.opened', '2025-01-01T00:00:00.000Z'),
      await entry('OTHER', 'submissions.listed', '2020-01-01T00:00:00.000Z'),
    );

    const outcomes = await Promise.all([runRetention(deps(NOW)), runRetention(deps(NOW)), runRetention(deps(NOW))]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['ran', 'slot-taken', 'slot-taken']);

    const left = await ids();
    for (const id of keep) expect(left).toContain(id);
    for (const id of gone) expect(left).not.toContain(id);
    const expired = await t.db
      .selectFrom('audit_log')
      .select(['school_code', 'target', 'after', 'at'])
      .where('action', '=', ACCESS_EXPIRED_ACTION)
      .orderBy('school_code')
      .execute();
    expect(expired.map((e) => [e.school_code, e.target])).toEqual([
      ['OTHER', '2 entries'],
      ['STHSM', `${ACCESS_ACTIONS.length} entries`],
    ]);
    expect(JSON.parse(expired[1]!.after!)).toEqual({ count: ACCESS_ACTIONS.length, olderThan: CUTOFF });

    // The next hour's run: the entry that was exactly a year old is now older, and goes alone.
    const later = new Date(NOW.getTime() + 3_600_000);
    await runRetention(deps(later));
    expect(await ids()).not.toContain(keep[0]);
    const again = await t.db
      .selectFrom('audit_log')
      .select(['school_code', 'target'])
      .where('action', '=', ACCESS_EXPIRED_ACTION)
      .where('at', '=', later.toISOString())
      .execute();
    expect(again).toEqual([{ school_code: 'STHSM', target: '1 entry' }]);
    expect((await ids()).length).toBe(keep.length - 1 + 3);
  });
});
