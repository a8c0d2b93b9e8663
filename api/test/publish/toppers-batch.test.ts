import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool } from '../factories.ts';
import { engine, NOW, startTestApp, type TestApp } from '../helpers.ts';
import { as, auditActions, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';
import { publicValues } from './publish-helpers.ts';

// Results day (issue 30, item 8): toppers pasted from a spreadsheet arrive as one batch,
// POST /api/admin/{code}/toppers/batch, through real HTTP on both engines. Every row is checked
// with a single topper's rules and a wrong row names its number; nothing is saved while any row is
// wrong (all or nothing); contributors cannot publish; another school's admin cannot add to ours;
// a write without the CSRF token is refused; every topper created is audited.

let t: TestApp;
let editor: Signed;
let contributor: Signed;
const URL = '/api/admin/STHSM/toppers/batch';

const ten = (tag: string) =>
  Array.from({ length: 10 }, (_, i) => ({
    name: `${tag} ${i + 1}`,
    class: i % 2 ? 'XII' : 'X',
    division: `${90 + i / 10}`,
    stream: i % 2 ? 'Science' : '',
  }));

async function stored(tag: string) {
  const rows = await t.db.selectFrom('toppers').selectAll().where('name', 'like', `${tag} %`).execute();
  return rows as Array<Record<string, unknown>>;
}

beforeAll(async () => {
  t = await startTestApp({}, () => NOW);
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
  contributor = await signIn(t.app, await createStaff(t.db, { role: 'contributor' }));
});
afterAll(() => t.close());

describe(`toppers pasted as one batch (${engine})`, () => {
  it('publishes ten toppers at once with the shared session, each one audited', async () => {
    const created = async () => (await auditActions(t.db, 'STHSM')).filter((a) => a === 'content.created').length;
    const before = await created();
    const res = await as(t.app, editor)('POST', URL, { sessionYear: '2024-2025', intent: 'publish', rows: ten('Batch') });
    expect(res.statusCode, res.body).toBe(201);
    const items = res.json().items as Array<{ fields: Record<string, unknown>; displayStatus: string }>;
    expect(items).toHaveLength(10);
    expect(items[0]).toMatchObject({
      displayStatus: 'published',
      fields: { name: 'Batch 1', class: 'X', division: '90%', sessionYear: '2024-2025' },
    });
    expect(items[1]?.fields).toMatchObject({ class: 'XII', division: '90.1%', stream: 'Science' });
    const shown = await publicValues(t.app, 'toppers');
    for (let i = 1; i <= 10; i += 1) expect(shown).toContain(`Batch ${i}`);
    expect((await created()) - before).toBe(10);
  });

  it('schedules them for the shared Publish at, in the school\u2019s time zone', async () => {
    const res = await as(t.app, editor)('POST', URL, {
      sessionYear: '2025-2026',
      intent: 'publish',
      publishAt: '2025-08-20T10:00',
      rows: ten('Later').slice(0, 2),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().items[0]).toMatchObject({ displayStatus: 'scheduled', publishAt: '2025-08-20T04:30:00.000Z' });
    expect(await publicValues(t.app, 'toppers')).not.toContain('Later 1');
  });

  it('saves nothing while any row is wrong, and names each wrong row and field', async () => {
    const rows = ten('Wrong');
    rows[3] = { ...rows[3]!, division: 'ninety' };
    rows[6] = { ...rows[6]!, class: 'XI', name: '' };
    const res = await as(t.app, editor)('POST', URL, { sessionYear: '2024-2025', intent: 'publish', rows });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'Some fields need attention. Nothing was saved.',
      rows: [
        { row: 4, errors: { division: 'Percentage must be a number from 0 to 100, like 96.4.' } },
        { row: 7, errors: { name: 'Name is required.', class: 'Class must be X or XII.' } },
      ],
    });
    expect(await stored('Wrong')).toEqual([]);
    const noSession = await as(t.app, editor)('POST', URL, { sessionYear: '2024', intent: 'draft', rows: ten('Wrong') });
    expect(noSession.statusCode).toBe(400);
    expect(noSession.json().errors).toEqual({ sessionYear: 'Session year must look like 2024-2025.' });
    const empty = await as(t.app, editor)('POST', URL, { sessionYear: '2024-2025', rows: [] });
    expect(empty.json().errors).toEqual({ rows: 'Paste at least one row.' });
    expect(await stored('Wrong')).toEqual([]);
  });

  it('lets a contributor submit them for review or keep drafts, never publish', async () => {
    const refused = await as(t.app, contributor)('POST', URL, { sessionYear: '2024-2025', intent: 'publish', rows: ten('Contrib') });
    expect(refused.statusCode).toBe(403);
    expect(await stored('Contrib')).toEqual([]);
    const review = await as(t.app, contributor)('POST', URL, {
      sessionYear: '2024-2025',
      intent: 'review',
      rows: ten('Contrib').slice(0, 3),
    });
    expect(review.statusCode, review.body).toBe(201);
    expect(review.json().items.map((i: { displayStatus: string }) => i.displayStatus)).toEqual(['review', 'review', 'review']);
    expect(await publicValues(t.app, 'toppers')).not.toContain('Contrib 1');
  });

  it('refuses another school\u2019s admin, a request without the CSRF token, and anyone signed out', async () => {
    const otherAdmin = await signIn(t.app, await createStaff(t.db, { school: 'OTHER', role: 'admin' }));
    const body = { sessionYear: '2024-2025', intent: 'publish', rows: ten('Intruder') };
    expect((await as(t.app, otherAdmin)('POST', URL, body)).statusCode).toBe(403);
    expect((await as(t.app, editor)('POST', URL, body, { 'x-csrf-token': 'forged' })).statusCode).toBe(403);
    expect((await as(t.app, null)('POST', URL, body)).statusCode).toBe(401);
    expect(await stored('Intruder')).toEqual([]);
  });
});
