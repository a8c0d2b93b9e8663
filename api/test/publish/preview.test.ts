import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createSchool } from '../factories.ts';
import { engine, NOW, startTestApp, type TestApp } from '../helpers.ts';
import { recordChild } from '../staff/children-support.ts';
import { as, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';
import { VALID } from './publish-helpers.ts';

// Signed preview links: a draft is shown signed out through its link (never cached, noindex);
// a changed token is 403, an expired one 410; the key lives in the database, so another server
// process accepts the link too.

let clock = NOW;
let t: TestApp;
let editor: Signed;

beforeAll(async () => {
  t = await startTestApp({}, () => clock, { responseCache: true });
  await createSchool(t.db);
  editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
});
afterAll(() => t.close());

describe(`preview links (${engine})`, () => {
  it('shows a draft signed out, as it is now, never cached and never indexed; expires; refuses a changed token', async () => {
    const item = (
      await as(t.app, editor)('POST', '/api/admin/STHSM/content/news', { ...VALID.news, title: 'Draft for the principal' })
    ).json().item;
    const link = await as(t.app, editor)('POST', `/api/admin/STHSM/content/news/${item.id}/preview`, { hours: 2 });
    expect(link.statusCode, link.body).toBe(200);
    const { url, expiresAt } = link.json();
    expect(expiresAt).toBe(new Date(NOW.getTime() + 2 * 3600_000).toISOString());
    const token = String(url).split('/preview/')[1] ?? '';
    expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/preview\/[\w-]+\.[\w-]+$/);

    const res = await t.app.inject({ url: `/api/preview/${token}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toMatch(/noindex/);
    expect(res.json()).toMatchObject({
      type: 'news',
      school: 'STHSM',
      displayStatus: 'draft',
      item: { _id: item.id, title: 'Draft for the principal' },
    });
    // Still a draft: not in the public list.
    expect((await t.app.inject({ url: '/api/news/STHSM' })).json()).toEqual([]);

    // An edit shows at once (no cache between).
    await as(t.app, editor)('PUT', `/api/admin/STHSM/content/news/${item.id}`, { ...VALID.news, title: 'Draft, second go', version: 1 });
    expect((await t.app.inject({ url: `/api/preview/${token}` })).json().item.title).toBe('Draft, second go');

    // Another server process on the same database accepts it.
    const other = await buildApp({ config: t.config, db: t.db, now: () => clock });
    try {
      expect((await other.inject({ url: `/api/preview/${token}` })).statusCode).toBe(200);
    } finally {
      await other.close();
    }

    const [payload, signature] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify(['STHSM', 'news', item.id, Date.now() + 10 ** 10])).toString('base64url');
    for (const bad of [`${forged}.${signature}`, `${payload}.${signature.slice(0, -2)}AA`, `${payload}`, 'x'.repeat(20)]) {
      const refused = await t.app.inject({ url: `/api/preview/${bad}` });
      expect(refused.statusCode, bad).toBe(403);
      expect(refused.json()).toEqual({ error: 'This preview link is not valid. Ask for a new one.' });
    }

    clock = new Date(NOW.getTime() + 2 * 3600_000);
    try {
      const expired = await t.app.inject({ url: `/api/preview/${token}` });
      expect(expired.statusCode).toBe(410);
      expect(expired.headers['cache-control']).toBe('no-store');
      expect(expired.json()).toEqual({ error: 'This preview link has expired. Ask for a new one.' });
    } finally {
      clock = NOW;
    }
  });

  it('is made only by the school\u2019s staff', async () => {
    const item = (await as(t.app, editor)('POST', '/api/admin/STHSM/content/news', VALID.news)).json().item;
    expect((await as(t.app, null)('POST', `/api/admin/STHSM/content/news/${item.id}/preview`, {})).statusCode).toBe(401);
  });

  it('withholds an item that names a child without current consent for its purpose (issue 16)', async () => {
    const open = async (item: { id: string }) => {
      const link = (await as(t.app, editor)('POST', `/api/admin/STHSM/content/birthdays/${item.id}/preview`, {})).json();
      return t.app.inject({ url: `/api/preview/${String(link.url).split('/preview/')[1]}` });
    };
    const withConsent = await recordChild(t.app, editor, { birthday: {} }, { name: 'Tara Preview', class: 'II-B' });
    const draft = (
      await as(t.app, editor)('POST', '/api/admin/STHSM/content/birthdays', { ...VALID.birthdays, child: withConsent.id })
    ).json().item;
    expect((await open(draft)).statusCode).toBe(200);

    // Consent for photos only: the birthday draft is not shown through its link.
    const photosOnly = await recordChild(t.app, editor, { photos: {} }, { name: 'Ishan Preview', class: 'II-B' });
    const other = (
      await as(t.app, editor)('POST', '/api/admin/STHSM/content/birthdays', { ...VALID.birthdays, child: photosOnly.id })
    ).json().item;
    const refused = await open(other);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.json().error).toMatch(/^This preview is not shown: the item names a child without current guardian consent for “/);
    expect(refused.body).not.toContain('Ishan');

    // Withdrawing the consent withholds the first one too, at once.
    expect((await as(t.app, editor)('POST', `/api/admin/STHSM/children/${withConsent.id}/withdraw`, { purpose: 'all' })).statusCode).toBe(
      200,
    );
    expect((await open(draft)).statusCode).toBe(403);
  });
});
