import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { contentVersions } from '../../src/content/state.ts';
import { createPageCache } from '../../src/page-cache.ts';
import { mountSite } from '../../src/site.ts';
import { createSchool } from '../factories.ts';
import { engine, NOW, otherServer, startTestApp, type TestApp } from '../helpers.ts';
import { standInSite } from '../site-stand-in.ts';
import { recordChild } from '../staff/children-support.ts';
import { as, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';
import { publicValues, VALID } from './publish-helpers.ts';

// Items that show a child (issue 16, docs/decisions/0055), on both engines through real HTTP with the
// response and page caches on: publishing needs the guardian's consent; withdrawing it or its end
// date passing takes every such item off the public API at once — here, from the caches, and in a
// second server process — with no job; the birthday section shows first names unless the school
// chooses more, and never a birth date.

let t: TestApp;
let editor: Signed;
let admin: Signed;
let clock = NOW;
const pages = createPageCache({ ttlMs: 30_000 });
let other: FastifyInstance;

beforeAll(async () => {
  const site = standInSite();
  t = await startTestApp({}, () => clock, {
    responseCache: { now: () => clock.getTime() },
    mount: async (app, config) => {
      await mountSite(app, {
        siteOrigin: config.siteOrigin,
        allowedOrigins: config.allowedOrigins,
        build: site.build,
        pages,
        buildDir: config.webBuildDir,
        pageCacheTtlMs: config.pageCacheTtlMs,
        schools: { schoolOf: () => config.schoolCode, isMapped: () => false },
      });
    },
  });
  await createSchool(t.db, { code: 'STHSM' });
  editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
  admin = await signIn(t.app, await createStaff(t.db, { role: 'admin' }));
  other = await otherServer(t, { now: () => clock });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const content = (type: string) => `/api/admin/STHSM/content/${type}`;
const birthdayNames = async (app: FastifyInstance) =>
  ((await app.inject({ url: '/api/birthdays/STHSM' })).json() as Array<{ name: string }>).map((b) => b.name);

/** Birthdays and toppers whose names start with "Nil", as the public API gives them. */
const shown = async (app: FastifyInstance) => ({
  birthdays: ((await app.inject({ url: '/api/birthdays/STHSM' })).json() as Array<{ name: string; class: string }>).filter((b) =>
    b.name.startsWith('Nil'),
  ),
  toppers: ((await app.inject({ url: '/api/topper/STHSM' })).json() as Array<{ name: string }>)
    .filter((b) => b.name.startsWith('Nil'))
    .map((b) => b.name),
});

describe(`items showing a child (${engine})`, () => {
  it('refuses to publish a birthday without consent, naming the child, and publishes it with consent', async () => {
    const child = await recordChild(t.app, editor, { results: {} }, { name: 'Ravi Kumar', class: 'V-A' });
    const body = { ...VALID.birthdays, child: child.id };

    const refused = await as(t.app, editor)('POST', content('birthdays'), { ...body, intent: 'publish' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toContain('Ravi Kumar');
    expect(refused.json().errors.child).toContain('Birthday on the site');
    expect(refused.json().submitted).toMatchObject({ child: child.id });

    // A draft may link the child; publishing it is refused the same way; an unknown child never.
    const draft = await as(t.app, editor)('POST', content('birthdays'), body);
    expect(draft.statusCode).toBe(201);
    const id = draft.json().item.id;
    expect(draft.json().item.fields.child).toBe(child.id);
    expect((await as(t.app, editor)('POST', `${content('birthdays')}/${id}/publish`, {})).statusCode).toBe(422);
    const unknown = await as(t.app, editor)('POST', content('birthdays'), { ...body, child: 'no-such-child' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.child).toMatch(/consent register/);
    expect(await publicValues(t.app, 'birthdays')).toEqual([]);

    await as(t.app, editor)('PUT', `/api/admin/STHSM/children/${child.id}`, {
      name: 'Ravi Kumar',
      class: 'V-A',
      birthdayGivenOn: '2025-08-01',
      birthdayEndsOn: '2026-03-31',
    });
    const published = await as(t.app, editor)('POST', `${content('birthdays')}/${id}/publish`, {});
    expect(published.statusCode).toBe(200);
    expect(await birthdayNames(t.app)).toEqual(['Ravi']);
  });

  it('withdrawing consent takes the item off the API, the caches and the other server at once, and refuses saving it published', async () => {
    const child = await recordChild(t.app, editor, { birthday: {}, results: {} }, { name: 'Asha Verma', class: 'XII' });
    const birthday = (
      await as(t.app, editor)('POST', content('birthdays'), { ...VALID.birthdays, name: 'Asha Verma', child: child.id, intent: 'publish' })
    ).json().item;
    const topper = (await as(t.app, editor)('POST', content('toppers'), { ...VALID.toppers, child: child.id, intent: 'publish' })).json()
      .item;
    expect(await birthdayNames(t.app)).toContain('Asha');
    expect(await birthdayNames(other)).toContain('Asha');
    expect(await publicValues(t.app, 'toppers')).toEqual(['Asha Verma']);
    // Warm the caches: the JSON answers (twice: the second is a hit) and a page.
    const cached = await t.app.inject({ url: '/api/topper/STHSM' });
    expect((await t.app.inject({ url: '/api/topper/STHSM', headers: { 'if-none-match': String(cached.headers.etag) } })).statusCode).toBe(
      304,
    );
    await t.app.inject({ url: '/' });
    const start = pages.stats();
    await t.app.inject({ url: '/' });
    expect(pages.stats().hits).toBe(start.hits + 1);

    const withdrawn = await as(t.app, editor)('POST', `/api/admin/STHSM/children/${child.id}/withdraw`, { purpose: 'all' });
    expect(withdrawn.json().withdrawn).toEqual(['birthday', 'results']);
    expect(await birthdayNames(t.app)).not.toContain('Asha');
    expect(await birthdayNames(other)).not.toContain('Asha');
    expect(await publicValues(t.app, 'toppers')).toEqual([]);
    expect((await other.inject({ url: '/api/topper/STHSM' })).json()).toEqual([]);
    const after = pages.stats();
    await t.app.inject({ url: '/' });
    expect(pages.stats().misses).toBe(after.misses + 1);

    // Still published in the staff list, but any save that keeps it published is refused.
    const save = await as(t.app, editor)('PUT', `${content('toppers')}/${topper.id}`, {
      ...VALID.toppers,
      child: child.id,
      version: topper.version,
    });
    expect(save.statusCode).toBe(422);
    expect(save.json().error).toContain('Asha Verma');
    // Unpublishing stays possible.
    expect((await as(t.app, editor)('POST', `${content('birthdays')}/${birthday.id}/unpublish`, {})).statusCode).toBe(200);
    const audit = await t.db.selectFrom('audit_log').select(['target', 'after']).where('action', '=', 'consent.withdrawn').execute();
    expect(audit).toEqual([{ target: child.id, after: JSON.stringify({ purposes: ['birthday', 'results'] }) }]);
  });

  it('an end date passing hides the item with no job and no write (clock pinned)', async () => {
    try {
      const child = await recordChild(t.app, editor, { results: { endsOn: '2025-08-14' } }, { name: 'Neha Gupta', class: 'X' });
      await as(t.app, editor)('POST', content('toppers'), {
        ...VALID.toppers,
        name: 'Neha Gupta',
        class: 'X',
        child: child.id,
        intent: 'publish',
      });
      expect(await publicValues(t.app, 'toppers')).toEqual(['Neha Gupta']);
      // Each process reads the coming transitions at most once a (real) second (content/watch.ts).
      await new Promise((resolve) => setTimeout(resolve, 1100));
      // The end date is the last day covered: its end is midnight in Kolkata (18:30 UTC).
      clock = new Date('2025-08-14T18:29:59.000Z');
      expect(await publicValues(t.app, 'toppers')).toEqual(['Neha Gupta']);
      expect((await other.inject({ url: '/api/topper/STHSM' })).json()).toHaveLength(1);
      clock = new Date('2025-08-14T18:30:00.000Z');
      expect(await publicValues(t.app, 'toppers')).toEqual([]);
      expect((await other.inject({ url: '/api/topper/STHSM' })).json()).toEqual([]);
    } finally {
      clock = NOW;
    }
  });

  it('a scheduled publish needs consent when it starts to show; it shows only while consent lasts', async () => {
    const child = await recordChild(t.app, editor, { results: { endsOn: '2025-08-20' } }, { name: 'Kabir Joshi', class: 'X' });
    const topper = { ...VALID.toppers, name: 'Kabir Joshi', class: 'X', child: child.id, intent: 'publish' };
    const late = await as(t.app, editor)('POST', content('toppers'), { ...topper, publishAt: '2025-09-01T09:00' });
    expect(late.statusCode).toBe(422);
    expect(late.json().error).toContain('Kabir Joshi');
    const soon = await as(t.app, editor)('POST', content('toppers'), { ...topper, publishAt: '2025-08-15T09:00' });
    expect(soon.statusCode).toBe(201);
    try {
      expect(await publicValues(t.app, 'toppers')).not.toContain('Kabir Joshi');
      clock = new Date('2025-08-16T00:00:00.000Z');
      expect(await publicValues(t.app, 'toppers')).toContain('Kabir Joshi');
      clock = new Date('2025-08-21T00:00:00.000Z');
      expect(await publicValues(t.app, 'toppers')).not.toContain('Kabir Joshi');
    } finally {
      clock = NOW;
    }
  });

  it('shows first name and class only unless the school turns on full names; never a birth date', async () => {
    await as(t.app, editor)('POST', content('birthdays'), {
      ...VALID.birthdays,
      name: 'Ishaan Dev Malhotra',
      class: 'II-B',
      intent: 'publish',
    });
    const first = await t.app.inject({ url: '/api/birthdays/STHSM' });
    expect(first.json()).toContainEqual(expect.objectContaining({ name: 'Ishaan', class: 'II-B' }));
    expect(first.body).not.toMatch(/Malhotra|\d{4}-\d{2}-\d{2}|08-14/);
    for (const item of first.json()) expect(Object.keys(item).toSorted()).toEqual(['_id', 'attachments', 'class', 'name']);

    expect((await as(t.app, admin)('PUT', '/api/admin/STHSM/children-settings', { birthdayNames: 'full' })).statusCode).toBe(200);
    expect(await birthdayNames(t.app)).toContain('Ishaan Dev Malhotra');
    expect(await birthdayNames(other)).toContain('Ishaan Dev Malhotra');
    expect((await as(t.app, admin)('GET', '/api/admin/STHSM/children-settings')).json()).toEqual({ birthdayNames: 'full' });
    await as(t.app, admin)('PUT', '/api/admin/STHSM/children-settings', { birthdayNames: 'first' });
    expect(await birthdayNames(t.app)).toContain('Ishaan');
    expect(await birthdayNames(t.app)).not.toContain('Ishaan Dev Malhotra');
  });

  // Last: it leaves a topper and a birthday published, which the lists of the tests above do not expect.
  it('a linked birthday and topper show the register\u2019s current name and class: a correction shows at once, here and on the other server', async () => {
    const child = await recordChild(t.app, editor, { birthday: {}, results: {} }, { name: 'Nila Rao', class: 'IX-A' });
    await as(t.app, editor)('POST', content('birthdays'), {
      ...VALID.birthdays,
      name: 'Nila Rao',
      class: 'IX-A',
      child: child.id,
      intent: 'publish',
    });
    await as(t.app, editor)('POST', content('toppers'), {
      ...VALID.toppers,
      class: 'X',
      name: 'Nila Rao',
      child: child.id,
      intent: 'publish',
    });
    expect(await shown(t.app)).toEqual({ birthdays: [expect.objectContaining({ name: 'Nila', class: 'IX-A' })], toppers: ['Nila Rao'] });
    expect((await shown(other)).toppers).toEqual(['Nila Rao']);

    // The school's content counter moves, so every other server drops its copies too (decision 0061).
    const before = (await contentVersions(t.db)).get('STHSM');
    const edit = await as(t.app, editor)('PUT', `/api/admin/STHSM/children/${child.id}`, { name: 'Nilima Rao', class: 'X-A' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await contentVersions(t.db)).get('STHSM')).toBeGreaterThan(before ?? 0);
    for (const app of [t.app, other])
      expect(await shown(app)).toEqual({ birthdays: [expect.objectContaining({ name: 'Nilima', class: 'X-A' })], toppers: ['Nilima Rao'] });
  });
});
