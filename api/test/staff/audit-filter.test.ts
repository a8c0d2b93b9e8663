import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../src/staff/audit.ts';
import { createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { as, createStaff, signIn, type Signed } from './staff-helpers.ts';

// The audit log's filters (GET /api/admin/{code}/audit and .csv, which the /admin/audit page
// calls): "Action starts with" finds every real action name — most have an underscore
// (session.sign_in_failed) — and "Who" finds addresses with one, `_` and `%` meaning themselves.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The areas of the audit log's action names (`area.verb`, api/src/staff/audit.ts). */
const AREAS = 'account|children|consent|content|media|page|person|privacy|session|settings|staff|submissions';

/** Every action name written as a literal in api/src, and every one the /admin/audit page names in words. */
async function realActionNames(): Promise<string[]> {
  const names = new Set<string>();
  const literal = new RegExp(`['\`]((?:${AREAS})\\.[a-z]+(?:_[a-z]+)*)['\`]`, 'g');
  const files = (await readdir(path.join(ROOT, 'api/src'), { recursive: true })).filter((f) => f.endsWith('.ts'));
  for (const file of files) {
    const text = await readFile(path.join(ROOT, 'api/src', file), 'utf8');
    for (const m of text.matchAll(literal)) names.add(m[1] as string);
  }
  const page = await readFile(path.join(ROOT, 'web/app/routes/admin/audit.tsx'), 'utf8');
  for (const m of page.matchAll(/^\s+'([a-z]+\.[a-z_]+)': '/gm)) names.add(m[1] as string);
  return [...names].sort();
}

let t: TestApp;
let admin: Signed;
let names: string[];

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db);
  await createSchool(t.db, { code: 'OTHER', name: 'Other' });
  admin = await signIn(t.app, await createStaff(t.db, { role: 'admin', email: 'head@example.org' }));
  names = await realActionNames();
  // One entry per real name, its name as the target; one in another school that no filter may show.
  for (const action of names) await recordAudit(t.db, { action, school: 'STHSM', target: `entry of ${action}` });
  await recordAudit(t.db, { action: 'session.sign_in_failed', school: 'OTHER', target: 'entry of another school' });
  // Addresses where `_` and `%` must mean themselves.
  await recordAudit(t.db, { action: 'people.test', school: 'STHSM', actor: { id: 'u1', email: 'first_last@example.org' }, target: 'u1' });
  await recordAudit(t.db, { action: 'people.test', school: 'STHSM', actor: { id: 'u2', email: 'firstxlast@example.org' }, target: 'u2' });
  await recordAudit(t.db, { action: 'people.test', school: 'STHSM', actor: { id: 'u3', email: 'rate100%@example.org' }, target: 'u3' });
});
afterAll(() => t.close());

type Page = { total: number; items: Array<{ action: string; target: string }> };
const list = async (query: Record<string, string>) => {
  const res = await as(t.app, admin)('GET', `/api/admin/STHSM/audit?${new URLSearchParams(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};

describe(`the audit log's action filter (${engine})`, () => {
  it('knows the real action names, underscores and all', () => {
    expect(names.length).toBeGreaterThan(40);
    expect(names).toEqual(expect.arrayContaining(['session.sign_in_failed', 'session.sign_in_refused', 'account.two_factor_enabled']));
  });

  it('finds every real action name: exactly the entries whose action starts with it, in this school', async () => {
    const wrong: string[] = [];
    for (const action of names) {
      const page = await list({ action });
      const expected = names
        .filter((n) => n.startsWith(action))
        .map((n) => `entry of ${n}`)
        .sort();
      // (The administrator's own sign-in is in the log too.)
      const got = page.items
        .map((e) => e.target)
        .filter((target) => target.startsWith('entry of '))
        .sort();
      if (JSON.stringify(got) !== JSON.stringify(expected)) wrong.push(`${action}: ${got.length} of ${expected.length}`);
    }
    expect(wrong).toEqual([]);
  });

  it('session.sign_in_failed: exactly its entry, also in the CSV export and written in capitals', async () => {
    expect((await list({ action: 'session.sign_in_failed' })).items.map((e) => e.target)).toEqual(['entry of session.sign_in_failed']);
    expect((await list({ action: 'SESSION.SIGN_IN_' })).items.map((e) => e.action).sort()).toEqual([
      'session.sign_in_failed',
      'session.sign_in_refused',
    ]);
    const csv = await as(t.app, admin)('GET', '/api/admin/STHSM/audit.csv?action=session.sign_in_failed');
    expect(csv.body.trim().split('\r\n')).toHaveLength(2);
    expect(csv.body).toContain('"entry of session.sign_in_failed"');
  });

  it('an underscore or a percent sign is a character, not a wildcard', async () => {
    // `session.sign_in` must not match session.signed_in (`_` would be "any one character").
    expect((await list({ action: 'session.sign_in' })).items.map((e) => e.action)).not.toContain('session.signed_in');
    expect((await list({ action: '%' })).total).toBe(0);
    expect((await list({ action: 'session._' })).total).toBe(0);
  });
});

describe(`the audit log's "who" filter (${engine})`, () => {
  it('finds an address with an underscore, and only that one', async () => {
    expect((await list({ actor: 'first_last' })).items.map((e) => e.target)).toEqual(['u1']);
    expect((await list({ actor: 'rate100%' })).items.map((e) => e.target)).toEqual(['u3']);
    expect((await list({ actor: 'FIRST' })).items.map((e) => e.target).sort()).toEqual(['u1', 'u2']);
  });
});
