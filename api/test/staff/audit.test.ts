import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../src/staff/audit.ts';
import { csvCell } from '../../src/staff/csv.ts';
import { createSchool } from '../factories.ts';
import { startTestApp, type TestApp } from '../helpers.ts';
import { as, createStaff, signIn, type Signed } from './staff-helpers.ts';

// The audit log: written with the change (same transaction), never holding secrets, readable by
// the school's administrators with filters and pages, and exported as formula-safe CSV.

let t: TestApp;
let admin: Signed;

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db);
  await createSchool(t.db, { code: 'OTHER', name: 'Other' });
  admin = await signIn(t.app, await createStaff(t.db, { role: 'admin', email: 'head@example.org' }));
});
afterAll(() => t.close());

describe('recordAudit', () => {
  it('drops passwords, tokens and codes from before/after, however deep', async () => {
    await recordAudit(t.db, {
      action: 'test.secrets',
      school: 'OTHER',
      target: 'x',
      before: { phone: '1', password: 'p', nested: { csrfToken: 't', backupCodes: ['a'], ok: 2 } },
      after: { totpSecret: 's', name: 'n' },
    });
    const row = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'test.secrets').executeTakeFirstOrThrow();
    expect(JSON.parse(row.before!)).toEqual({ phone: '1', nested: { ok: 2 } });
    expect(JSON.parse(row.after!)).toEqual({ name: 'n' });
  });

  it('is rolled back with the change it records', async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await recordAudit(trx, { action: 'test.rolled_back', school: 'STHSM' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.db.selectFrom('audit_log').select('id').where('action', '=', 'test.rolled_back').execute()).toEqual([]);
  });
});

describe('GET /api/admin/{code}/audit', () => {
  it('lists the school\u2019s entries newest first, 50 a page, with filters', async () => {
    for (let i = 0; i < 55; i++) {
      await recordAudit(t.db, {
        action: 'test.page',
        school: 'STHSM',
        actor: { id: 'a', email: 'writer@example.org' },
        target: `item ${i}`,
        at: new Date(Date.UTC(2025, 0, 1, 0, i)),
      });
    }
    await recordAudit(t.db, { action: 'test.page', school: 'OTHER', target: 'not ours' });
    const first = (await as(t.app, admin)('GET', '/api/admin/STHSM/audit?action=test.page')).json();
    expect(first.total).toBe(55);
    expect(first.items).toHaveLength(50);
    expect(first.items[0]).toMatchObject({ action: 'test.page', target: 'item 54', actor: 'writer@example.org' });
    const second = (await as(t.app, admin)('GET', '/api/admin/STHSM/audit?action=test.page&page=2')).json();
    expect(second.items.map((e: { target: string }) => e.target)).toEqual(['item 4', 'item 3', 'item 2', 'item 1', 'item 0']);
    const byActor = (await as(t.app, admin)('GET', '/api/admin/STHSM/audit?actor=head@')).json();
    expect(byActor.items.every((e: { actor: string }) => e.actor === 'head@example.org')).toBe(true);
    expect(byActor.items.map((e: { action: string }) => e.action)).toContain('session.signed_in');
    const byDay = (await as(t.app, admin)('GET', '/api/admin/STHSM/audit?action=test.page&from=2025-01-01&to=2025-01-01')).json();
    expect(byDay.total).toBe(55);
    expect((await as(t.app, admin)('GET', '/api/admin/STHSM/audit?from=yesterday')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/{code}/audit.csv', () => {
  it('exports every matching entry with formula-like cells neutralised', async () => {
    for (const target of ['=HYPERLINK("http://evil")', '+1+1', '-2', '@SUM(A1)', '\tTAB', '\rCR', 'plain "quoted"']) {
      await recordAudit(t.db, { action: 'test.csv', school: 'STHSM', target });
    }
    const res = await as(t.app, admin)('GET', '/api/admin/STHSM/audit.csv?action=test.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-STHSM-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('"Time (UTC)","Who","Action","Target","Address","Before","After"');
    expect(lines).toHaveLength(8);
    const targets = lines.slice(1).map((l) => l.split('","')[3]);
    expect(targets.sort()).toEqual(
      [`'=HYPERLINK(""http://evil"")`, "'+1+1", "'-2", "'@SUM(A1)", "'\tTAB", "'\rCR", 'plain ""quoted""'].sort(),
    );
  });

  it('csvCell quotes everything and prefixes only formula starts', () => {
    expect(csvCell('=1')).toBe(`"'=1"`);
    expect(csvCell('a=1')).toBe('"a=1"');
    expect(csvCell(null)).toBe('""');
  });

  it('is for administrators only', async () => {
    const editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
    expect((await as(t.app, editor)('GET', '/api/admin/STHSM/audit.csv')).statusCode).toBe(403);
    expect((await as(t.app, editor)('GET', '/api/admin/STHSM/audit')).statusCode).toBe(403);
  });
});
