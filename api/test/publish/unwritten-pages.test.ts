import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SLUGS } from '@sthsm/contract';
import { pageTemplate } from '@sthsm/contract/page-templates';
import { createSchool, createSchoolPage } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { as, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';

// Pages nobody has written yet (decision 0134): a school with no page rows has no public page (404,
// not in GET /api/pages/{code}, which the menu and the sitemaps follow); staff see every page, an
// unwritten one as version 0, and its first save makes a draft that stays off the public site until
// it is published. Another school's pages are untouched throughout.

let t: TestApp;
let editor: Signed;
let contributor: Signed;
const CONTACT = {
  description: 'How to reach us.',
  lead: 'Visitors are welcome on working days.',
  officeHours: 'Monday to Friday, 9 AM to 1 PM.',
  directions: 'Opposite the water tank.',
};
const pub = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db);
  await createSchool(t.db, { code: 'NEWSC', name: 'New School' });
  await createSchoolPage(t.db, 'STHSM', 'contact-us', { ...CONTACT, lead: 'The demo school.' });
  editor = await signIn(t.app, await createStaff(t.db, { role: 'editor', school: 'NEWSC' }));
  contributor = await signIn(t.app, await createStaff(t.db, { role: 'contributor', school: 'NEWSC' }));
});
afterAll(() => t.close());

describe(`pages nobody has written yet (${engine})`, () => {
  it('are not public: 404 for each, and an empty published list', async () => {
    for (const slug of PAGE_SLUGS) {
      const res = await pub(`/api/pages/NEWSC/${slug}`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json()).toEqual({ error: `School "NEWSC" has no "${slug}" page yet.` });
    }
    expect((await pub('/api/pages/NEWSC')).json()).toEqual([]);
    expect((await pub('/api/pages/STHSM')).json()).toEqual([{ slug: 'contact-us', updatedAt: expect.any(String) }]);
    expect((await pub('/api/pages/NOPE')).statusCode).toBe(404);
  });

  it('are listed for staff as not written, and open as version 0 with nothing published', async () => {
    const list = (await as(t.app, contributor)('GET', '/api/admin/NEWSC/pages')).json().pages;
    expect(list.map((p: { slug: string }) => p.slug)).toEqual([...PAGE_SLUGS].sort());
    expect(list.find((p: { slug: string }) => p.slug === 'contact-us')).toEqual({
      slug: 'contact-us',
      version: 0,
      updatedAt: '',
      status: 'draft',
      hasDraft: false,
      published: false,
    });
    const page = await as(t.app, contributor)('GET', '/api/admin/NEWSC/pages/contact-us');
    expect(page.statusCode).toBe(200);
    expect(page.json().page).toMatchObject({ version: 0, published: false, content: null, draft: null });
  });

  it('keep a first draft off the public site; publishing makes the page public and listed', async () => {
    const url = '/api/admin/NEWSC/pages/contact-us';
    const empty = await as(t.app, contributor)('PUT', url, { content: { ...CONTACT, lead: '' }, version: 0, intent: 'review' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toHaveProperty('lead');
    const draft = await as(t.app, contributor)('PUT', url, { content: CONTACT, version: 0, intent: 'review' });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().page).toMatchObject({ version: 1, status: 'review', published: false, content: null, draft: CONTACT });
    expect((await pub('/api/pages/NEWSC/contact-us')).statusCode).toBe(404);
    expect((await pub('/api/pages/NEWSC')).json()).toEqual([]);
    // A second first save of the same page (another tab) is a conflict, not a second row.
    expect((await as(t.app, editor)('PUT', url, { content: CONTACT, version: 0 })).statusCode).toBe(409);

    const published = await as(t.app, editor)('POST', `${url}/publish`, { version: 1 });
    expect(published.json().page).toMatchObject({ version: 2, status: 'published', published: true, content: CONTACT, draft: null });
    const res = await pub('/api/pages/NEWSC/contact-us');
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toEqual(CONTACT);
    expect((await pub('/api/pages/NEWSC')).json()).toEqual([{ slug: 'contact-us', updatedAt: expect.any(String) }]);
    expect((await pub('/api/pages/STHSM/contact-us')).json().content.lead).toBe('The demo school.');
  });

  it('a discarded first draft leaves the page unwritten on the site, and a publish at once works too', async () => {
    const url = '/api/admin/NEWSC/pages/timings';
    const other = '/api/admin/NEWSC/pages/school-information';
    const text = { description: 'The school at a glance.', lead: 'Our facts.' };
    expect((await as(t.app, editor)('PUT', other, { content: text, version: 0 })).statusCode).toBe(200);
    const discarded = await as(t.app, editor)('POST', `${other}/discard`, { version: 1 });
    expect(discarded.json().page).toMatchObject({ version: 2, published: false, content: null, draft: null });
    expect((await pub('/api/pages/NEWSC/school-information')).statusCode).toBe(404);
    const live = await as(t.app, editor)('PUT', other, { content: text, version: 2, intent: 'publish' });
    expect(live.json().page).toMatchObject({ version: 3, published: true, content: text });
    expect((await pub('/api/pages/NEWSC/school-information')).statusCode).toBe(200);
    expect((await pub('/api/pages/NEWSC/timings')).statusCode).toBe(404);
    expect((await as(t.app, editor)('GET', url)).json().page.version).toBe(0);
  });

  it('save a draft written in part (texts, pictures and files still empty); review and publishing take only a whole page', async () => {
    await createSchool(t.db, { code: 'PARTS', name: 'Part Written School' });
    const writer = await signIn(t.app, await createStaff(t.db, { role: 'contributor', school: 'PARTS' }));
    const publisher = await signIn(t.app, await createStaff(t.db, { role: 'editor', school: 'PARTS' }));
    // Every page's template saves as a draft as it is: nothing written yet is not a mistake.
    for (const slug of PAGE_SLUGS) {
      const res = await as(t.app, writer)('PUT', `/api/admin/PARTS/pages/${slug}`, { content: pageTemplate(slug), version: 0 });
      expect(res.statusCode, `${slug}: ${res.body}`).toBe(200);
      expect(res.json().page, slug).toMatchObject({ version: 1, published: false, content: null, draft: pageTemplate(slug) });
    }
    const url = '/api/admin/PARTS/pages/syllabus';
    const template = pageTemplate('syllabus') as { documents: Array<Record<string, string>> } & Record<string, unknown>;
    // A part written, with a field the page does not have: kept without it, texts trimmed.
    const part = { ...template, lead: '  Our syllabus, class by class.  ', extra: 'not a field' };
    const saved = await as(t.app, writer)('PUT', url, { content: part, version: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().page.draft).toEqual({ ...template, lead: 'Our syllabus, class by class.' });
    // What is wrong (not merely unwritten) is refused in a draft too.
    const long = await as(t.app, writer)('PUT', url, { content: { ...part, description: 'x'.repeat(321) }, version: 2 });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().errors)).toEqual(['description']);
    const notPdf = { ...part, documents: [{ ...template.documents[0], file: 'https://example.org/syllabus.docx' }] };
    expect((await as(t.app, writer)('PUT', url, { content: notPdf, version: 2 })).statusCode).toBe(400);
    const missing = await as(t.app, writer)('PUT', url, { content: { lead: 'Only this.' }, version: 2 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('description');
    // Submitting or publishing the draft names what is still to write; nothing changes.
    const submit = await as(t.app, writer)('POST', `${url}/submit`, { version: 2 });
    expect(submit.statusCode).toBe(400);
    expect(submit.json().errors).toHaveProperty('description');
    const publish = await as(t.app, publisher)('POST', `${url}/publish`, { version: 2 });
    expect(publish.statusCode).toBe(400);
    expect(publish.json().errors).toHaveProperty('documents');
    const atOnce = await as(t.app, publisher)('PUT', url, { content: part, version: 2, intent: 'publish' });
    expect(atOnce.statusCode).toBe(400);
    const now = (await as(t.app, publisher)('GET', url)).json().page;
    expect(now).toMatchObject({ version: 2, status: 'draft', published: false, content: null });
    expect((await pub('/api/pages/PARTS/syllabus')).statusCode).toBe(404);
    // Restoring the part-written version brings it back as a draft, even for an editor.
    const restored = await as(t.app, publisher)('POST', `${url}/versions/2/restore`, { version: 2 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().page).toMatchObject({ version: 3, status: 'draft', published: false, content: null });
    expect(restored.json().page.draft.lead).toBe('Our syllabus, class by class.');
  });
});
