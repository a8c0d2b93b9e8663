import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool, createSchoolPage } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { as, auditActions, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';

// The information pages' texts: a save is a draft the public does not see until an editor
// publishes it; contributors submit, editors publish or return; stale saves are 409 with both
// texts; every save is a version (diff, restore), audited.

let t: TestApp;
let editor: Signed;
let contributor: Signed;
const CONTACT = {
  description: 'How to reach the school.',
  lead: 'The office is open on working days.',
  officeHours: 'Monday to Saturday, 8 AM to 2 PM.',
  directions: 'Near the old bus stand.',
};
const url = '/api/admin/STHSM/pages/contact-us';
const publicText = async () => ((await t.app.inject({ url: '/api/pages/STHSM/contact-us' })).json() as { content: typeof CONTACT }).content;

beforeAll(async () => {
  t = await startTestApp({}, undefined, { responseCache: true });
  await createSchool(t.db);
  await createSchoolPage(t.db, 'STHSM', 'contact-us', CONTACT);
  editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
  contributor = await signIn(t.app, await createStaff(t.db, { role: 'contributor' }));
});
afterAll(() => t.close());

describe(`information pages (${engine})`, () => {
  it('keeps a draft off the public page until it is published, and shows it at once then', async () => {
    expect(await publicText()).toEqual(CONTACT);
    const draft = await as(t.app, contributor)('PUT', url, { content: { ...CONTACT, officeHours: 'Monday to Friday.' }, version: 1 });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().page).toMatchObject({ version: 2, status: 'draft', content: CONTACT, draft: { officeHours: 'Monday to Friday.' } });
    expect(await publicText()).toEqual(CONTACT);

    expect((await as(t.app, contributor)('POST', `${url}/publish`, {})).statusCode).toBe(403);
    expect((await as(t.app, contributor)('PUT', url, { content: CONTACT, version: 2, intent: 'publish' })).statusCode).toBe(403);
    expect((await as(t.app, contributor)('POST', `${url}/submit`, { version: 2 })).json().page.status).toBe('review');
    expect((await as(t.app, editor)('POST', `${url}/return`, { comment: 'Saturday too.' })).json().page).toMatchObject({
      status: 'draft',
      reviewNote: 'Saturday too.',
    });
    const published = await as(t.app, editor)('POST', `${url}/publish`, {});
    expect(published.json().page).toMatchObject({
      version: 5,
      status: 'published',
      draft: null,
      content: { officeHours: 'Monday to Friday.' },
    });
    expect((await publicText()).officeHours).toBe('Monday to Friday.');
  });

  it('refuses invalid text with field messages, and a stale save with 409 and both texts', async () => {
    // An empty text is only left to write in a draft (decision 0142): publishing it is refused.
    const bad = await as(t.app, editor)('PUT', url, { content: { ...CONTACT, lead: '' }, version: 5, intent: 'publish' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('lead');
    const long = await as(t.app, editor)('PUT', url, { content: { ...CONTACT, lead: 'x'.repeat(1501) }, version: 5 });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toHaveProperty('lead');
    const stale = await as(t.app, editor)('PUT', url, { content: { ...CONTACT, lead: 'Mine.' }, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ current: { version: 5 }, submitted: { content: { lead: 'Mine.' } } });
    expect((await as(t.app, editor)('PUT', '/api/admin/STHSM/pages/no-such-page', { content: {}, version: 1 })).statusCode).toBe(404);
  });

  it('keeps versions, diffs them and restores one (editors: live at once), audited', async () => {
    const versions = (await as(t.app, editor)('GET', `${url}/versions`)).json().versions;
    expect(versions.map((v: { version: number; action: string }) => `${v.version} ${v.action}`)).toEqual([
      '5 published',
      '4 returned',
      '3 submitted',
      '2 updated',
    ]);
    const diff = (await as(t.app, editor)('GET', `${url}/diff?from=2&to=5`)).json();
    expect(diff.changes).toEqual([]);
    const live = await as(t.app, editor)('PUT', url, {
      content: { ...CONTACT, officeHours: 'Monday to Friday.', directions: 'Behind the library.' },
      version: 5,
      intent: 'publish',
    });
    expect(live.json().page.version).toBe(6);
    const change = (await as(t.app, editor)('GET', `${url}/diff?from=5&to=6`)).json().changes;
    expect(change).toMatchObject([{ field: 'directions', before: 'Near the old bus stand.', after: 'Behind the library.' }]);
    expect((await publicText()).directions).toBe('Behind the library.');
    const restored = await as(t.app, editor)('POST', `${url}/versions/5/restore`, { version: 6 });
    expect(restored.json().page).toMatchObject({ version: 7, status: 'published', content: { directions: 'Near the old bus stand.' } });
    expect((await publicText()).directions).toBe('Near the old bus stand.');
    expect(await auditActions(t.db, 'STHSM')).toEqual(
      expect.arrayContaining(['page.updated', 'page.submitted', 'page.returned', 'page.published', 'page.restored']),
    );
  });
});
