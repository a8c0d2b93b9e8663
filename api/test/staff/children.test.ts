import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { CHILD, recordChild } from './children-support.ts';
import { as, createStaff, signIn, type Signed } from './staff-helpers.ts';

// The consent register (issue 16) through the HTTP API on both engines: administrators and editors
// record children and consent per purpose, contributors are refused, every change is audited by the
// child's random id and the purposes — never the child's name.

let t: TestApp;
let admin: Signed;
let editor: Signed;
let contributor: Signed;
let otherAdmin: Signed;

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  admin = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'admin', email: 'head@example.org' }));
  editor = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'editor', email: 'editor@example.org' }));
  contributor = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'contributor' }));
  otherAdmin = await signIn(t.app, await createStaff(t.db, { school: 'OTHER', role: 'admin' }));
});
afterAll(() => t.close());

const auditOf = (action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('at').orderBy('id').execute();

describe(`the consent register (${engine})`, () => {
  it('records a child with consent per purpose, recorded by the signed-in person, and finds them by search', async () => {
    const res = await as(t.app, editor)('POST', '/api/admin/STHSM/children', {
      ...CHILD,
      birthdayGivenOn: '2025-06-01',
      birthdayEndsOn: '2026-03-31',
      resultsGivenOn: '',
      resultsEndsOn: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { child } = res.json();
    expect(child).toMatchObject({ name: 'Meera Sharma', class: 'V-A', admissionNumber: 'A-1021' });
    expect(child.consents).toEqual([
      expect.objectContaining({
        purpose: 'birthday',
        givenOn: '2025-06-01',
        endsOn: '2026-03-31',
        recordedBy: 'editor@example.org',
        current: true,
      }),
    ]);
    await recordChild(t.app, admin, {}, { name: 'Arjun Rao', class: 'VII-B' });
    await recordChild(t.app, otherAdmin, {}, { name: 'Meera Elsewhere', class: 'I' }, 'OTHER');

    const all = (await as(t.app, editor)('GET', '/api/admin/STHSM/children')).json();
    expect(all.items.map((c: { name: string }) => c.name)).toEqual(['Arjun Rao', 'Meera Sharma']);
    const found = (await as(t.app, editor)('GET', `/api/admin/STHSM/children?q=${encodeURIComponent('meera')}`)).json();
    expect(found.items.map((c: { name: string }) => c.name)).toEqual(['Meera Sharma']);
    expect((await as(t.app, editor)('GET', '/api/admin/STHSM/children?q=A-1021')).json().total).toBe(1);
    expect((await as(t.app, editor)('GET', '/api/admin/STHSM/children?q=%25')).json().total).toBe(0);
    expect((await as(t.app, editor)('GET', `/api/admin/STHSM/children/${child.id}`)).json().child.name).toBe('Meera Sharma');
    // Another school's child is as unknown as a made-up id.
    const theirs = (await as(t.app, otherAdmin)('GET', '/api/admin/OTHER/children')).json().items[0].id;
    expect((await as(t.app, editor)('GET', `/api/admin/STHSM/children/${theirs}`)).statusCode).toBe(404);
  });

  it('refuses bad input with a message per field and keeps what was typed', async () => {
    const body = {
      name: ' ',
      class: 'V-A',
      birthdayGivenOn: '2025-06-01',
      resultsGivenOn: '2025-09-01',
      resultsEndsOn: '2026-01-01',
      photosGivenOn: '2025-13-01',
    };
    const res = await as(t.app, editor)('POST', '/api/admin/STHSM/children', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toMatchObject({
      name: 'Name is required.',
      birthdayEndsOn: 'Enter the date this consent ends.',
      photosGivenOn: 'Date given must be a date like 2025-08-14.',
    });
    expect(res.json().submitted).toEqual(body);
    // Dates checked against the school's today (14 August 2025): given in the future, ended in the past.
    const dates = await as(t.app, editor)('POST', '/api/admin/STHSM/children', {
      ...CHILD,
      resultsGivenOn: '2025-09-01',
      resultsEndsOn: '2026-01-01',
      photosGivenOn: '2025-01-01',
      photosEndsOn: '2025-08-13',
    });
    expect(dates.statusCode).toBe(400);
    expect(dates.json().errors).toEqual({
      resultsGivenOn: 'Date given cannot be in the future.',
      photosEndsOn: 'End date has already passed.',
    });
  });

  it('gives contributors and other schools no access', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/STHSM/children'],
      ['POST', '/api/admin/STHSM/children'],
    ] as const) {
      expect((await as(t.app, contributor)(method, url, method === 'POST' ? CHILD : undefined)).statusCode).toBe(403);
      expect((await as(t.app, otherAdmin)(method, url, method === 'POST' ? CHILD : undefined)).statusCode).toBe(403);
    }
    expect((await as(t.app, editor)('PUT', '/api/admin/STHSM/children-settings', { birthdayNames: 'full' })).statusCode).toBe(403);
  });

  it('edits consent, withdraws one purpose or all, and audits each change without the child\u2019s name', async () => {
    const child = await recordChild(t.app, editor, { birthday: {} }, { name: 'Kavya Menon', class: 'III-C' });
    const edit = await as(t.app, admin)('PUT', `/api/admin/STHSM/children/${child.id}`, {
      name: 'Kavya Menon',
      class: 'IV-C',
      resultsGivenOn: '2025-08-01',
      resultsEndsOn: '2026-05-31',
      photosGivenOn: '2025-08-01',
      photosEndsOn: '2026-05-31',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().child.class).toBe('IV-C');
    expect(edit.json().child.consents.map((c: { purpose: string; recordedBy: string }) => [c.purpose, c.recordedBy])).toEqual([
      ['birthday', expect.stringMatching(/^editor@/)],
      ['photos', 'head@example.org'],
      ['results', 'head@example.org'],
    ]);

    const one = await as(t.app, editor)('POST', `/api/admin/STHSM/children/${child.id}/withdraw`, { purpose: 'photos' });
    expect(one.statusCode).toBe(200);
    expect(one.json().withdrawn).toEqual(['photos']);
    const rest = (await as(t.app, editor)('POST', `/api/admin/STHSM/children/${child.id}/withdraw`, { purpose: 'all' })).json();
    expect(rest.withdrawn).toEqual(['birthday', 'results']);
    expect(rest.child.consents.every((c: { current: boolean; withdrawnAt: string | null }) => !c.current && c.withdrawnAt)).toBe(true);
    // Twice is harmless: nothing more to withdraw, nothing more audited.
    expect((await as(t.app, editor)('POST', `/api/admin/STHSM/children/${child.id}/withdraw`, {})).json().withdrawn).toEqual([]);

    const withdrawn = await auditOf('consent.withdrawn');
    expect(withdrawn.map((r) => [r.target, JSON.parse(r.after ?? '{}')])).toEqual(
      expect.arrayContaining([
        [child.id, { purposes: ['photos'] }],
        [child.id, { purposes: ['birthday', 'results'] }],
      ]),
    );
    expect(withdrawn).toHaveLength(2);
    const entries = [...(await auditOf('children.recorded')), ...(await auditOf('children.updated')), ...withdrawn];
    expect(entries.length).toBeGreaterThanOrEqual(4);
    for (const row of entries) expect(JSON.stringify(row)).not.toMatch(/Kavya|Menon|Meera|Sharma/);
    expect((await as(t.app, editor)('POST', '/api/admin/STHSM/children/no-such-child/withdraw', {})).statusCode).toBe(404);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const list = doc.paths['/api/admin/{code}/children'];
    expect(list.get.responses['200']).toBeDefined();
    expect(list.post.responses['201']).toBeDefined();
    expect(doc.paths['/api/admin/{code}/children/{id}'].put.responses['400']).toBeDefined();
    expect(doc.paths['/api/admin/{code}/children/{id}/withdraw'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/admin/{code}/children-settings'].put).toBeDefined();
    expect(doc.paths['/api/admin/{code}/content/{type}'].post.responses['422']).toBeDefined();
  });
});
