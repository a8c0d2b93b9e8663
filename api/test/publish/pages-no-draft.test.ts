import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool, createSchoolPage } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { as, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';

// An information page's draft actions when the page has no pending draft: a plain 409 with the
// page as it is, never a 500, and nothing changes (no version, no audit entry).

let t: TestApp;
let editor: Signed;
const CONTACT = {
  description: 'How to reach the school.',
  lead: 'The office is open on working days.',
  officeHours: 'Monday to Saturday, 8 AM to 2 PM.',
  directions: 'Near the old bus stand.',
};
const url = '/api/admin/STHSM/pages/contact-us';

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db);
  await createSchoolPage(t.db, 'STHSM', 'contact-us', CONTACT);
  editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
});
afterAll(() => t.close());

describe(`a page's draft actions without a draft (${engine})`, () => {
  it.each(['submit', 'discard', 'publish', 'return'])('%s answers 409 "no pending draft" and changes nothing', async (action) => {
    const res = await as(t.app, editor)('POST', `${url}/${action}`, { comment: 'Please check.' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error: 'This page has no pending draft.', current: { version: 1, draft: null } });
    const page = (await as(t.app, editor)('GET', url)).json().page;
    expect(page).toMatchObject({ version: 1, status: 'published', content: CONTACT, draft: null });
    const audit = await t.db.selectFrom('audit_log').select('action').where('school_code', '=', 'STHSM').execute();
    expect(audit.map((a) => a.action)).not.toContain(`page.${action}`);
  });
});
