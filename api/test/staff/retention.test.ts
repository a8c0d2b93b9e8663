import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findAlumniSubmission } from '../../src/repositories/alumni.ts';
import { listErasures } from '../../src/repositories/erasure-journal.ts';
import { monthsBefore, setRetentionMonths } from '../../src/repositories/submissions.ts';
import { RETENTION_ACTION, runRetention, slotOf } from '../../src/privacy/retention.ts';
import { createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { storeSubmission } from './submissions-support.ts';

// The retention job with a pinned clock: exactly the submissions older than each school's period
// go, journaled and audited by count; a second run (the same hour, or on another server at the
// same time) erases nothing more and audits nothing more.

let t: TestApp;
const NOW = new Date('2026-03-31T10:15:00.000Z');

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('alumni_submissions').execute();
  await t.db.deleteFrom('retention_runs').execute();
  await t.db.deleteFrom('audit_log').execute();
});

const deps = (now: Date) => ({ db: t.db, backupDir: t.config.backupDir, now: () => now });

describe('monthsBefore', () => {
  it('counts calendar months, the 31st falling back to the month\u2019s last day', () => {
    expect(monthsBefore(NOW, 24).toISOString()).toBe('2024-03-31T10:15:00.000Z');
    expect(monthsBefore(NOW, 1).toISOString()).toBe('2026-02-28T10:15:00.000Z');
    expect(monthsBefore(new Date('2024-03-31T00:00:00.000Z'), 1).toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(monthsBefore(NOW, 15).toISOString()).toBe('2024-12-31T10:15:00.000Z');
  });
});

describe(`the retention job (${engine})`, () => {
  it('erases exactly the submissions past each school\u2019s period, journaled and audited by count', async () => {
    // STHSM keeps the default 24 months: the cut-off is 2024-03-31T10:15:00Z.
    const old1 = await storeSubmission(t.db, { at: '2023-01-01T00:00:00.000Z', email: 'old1@example.org' });
    const old2 = await storeSubmission(t.db, { at: '2024-03-31T10:14:59.999Z' });
    const edge = await storeSubmission(t.db, { at: '2024-03-31T10:15:00.000Z' });
    const young = await storeSubmission(t.db, { at: '2025-12-01T00:00:00.000Z' });
    // OTHER keeps 6 months: the cut-off is 2025-09-30T10:15:00Z.
    await setRetentionMonths(t.db, 'OTHER', 6, NOW.toISOString());
    const otherOld = await storeSubmission(t.db, { school: 'OTHER', at: '2025-09-30T10:00:00.000Z' });
    const otherYoung = await storeSubmission(t.db, { school: 'OTHER', at: '2025-10-01T00:00:00.000Z' });

    const outcome = await runRetention(deps(NOW));
    expect(outcome).toEqual({
      slot: '2026-03-31T10:00:00.000Z',
      status: 'ran',
      erased: [
        { school: 'OTHER', count: 1 },
        { school: 'STHSM', count: 2 },
      ],
    });
    for (const gone of [old1, old2, otherOld]) expect(await findAlumniSubmission(t.db, gone.id)).toBeUndefined();
    for (const kept of [edge, young, otherYoung]) expect(await findAlumniSubmission(t.db, kept.id)).toBeDefined();

    const journaled = (await listErasures(t.db)).flatMap((e) => e.ids);
    expect(journaled).toEqual(expect.arrayContaining([old1.id, old2.id, otherOld.id]));
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', RETENTION_ACTION).orderBy('school_code').execute();
    expect(audit.map((r) => [r.school_code, r.target, r.actor_email])).toEqual([
      ['OTHER', '1 submission', null],
      ['STHSM', '2 submissions', null],
    ]);
    expect(JSON.parse(audit[1]!.after!)).toEqual({ count: 2, retentionMonths: 24, receivedBefore: '2024-03-31T10:15:00.000Z' });
    expect(JSON.stringify(audit)).not.toContain('old1@example.org');
  });

  it('is safe to run twice: the same hour is skipped, the next hour finds nothing more', async () => {
    const old = await storeSubmission(t.db, { at: '2020-01-01T00:00:00.000Z' });
    const young = await storeSubmission(t.db, { at: '2026-01-01T00:00:00.000Z' });
    expect((await runRetention(deps(NOW))).erased).toEqual([{ school: 'STHSM', count: 1 }]);
    expect(await runRetention(deps(new Date(NOW.getTime() + 60_000)))).toEqual({ slot: slotOf(NOW), status: 'slot-taken', erased: [] });
    const nextHour = await runRetention(deps(new Date(NOW.getTime() + 3_600_000)));
    expect(nextHour).toMatchObject({ status: 'ran', erased: [] });
    expect(await findAlumniSubmission(t.db, old.id)).toBeUndefined();
    expect(await findAlumniSubmission(t.db, young.id)).toBeDefined();
    const audits = await t.db.selectFrom('audit_log').select('id').where('action', '=', RETENTION_ACTION).execute();
    expect(audits).toHaveLength(1);
  });

  it('runs once when several servers start it at the same moment', async () => {
    for (let i = 0; i < 5; i++) await storeSubmission(t.db, { at: `2021-0${i + 1}-01T00:00:00.000Z` });
    const outcomes = await Promise.all([runRetention(deps(NOW)), runRetention(deps(NOW)), runRetention(deps(NOW))]);
    expect(outcomes.filter((o) => o.status === 'ran')).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 'slot-taken')).toHaveLength(2);
    expect(outcomes.flatMap((o) => o.erased)).toEqual([{ school: 'STHSM', count: 5 }]);
    const audits = await t.db.selectFrom('audit_log').select('target').where('action', '=', RETENTION_ACTION).execute();
    expect(audits).toEqual([{ target: '5 submissions' }]);
  });
});
