import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool, createSchoolPage } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { as, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';
import { pdfBytes, phoneJpeg, upload } from './media-helpers.ts';

// The library through real routes on both engines: list and filters, one file and where it is
// used, alt text and captions (one, and in bulk: all or nothing), delete refused while used,
// contributors' limits, and alt text required before an album is published or scheduled.

let t: TestApp;
let editor: Signed;
let contributor: Signed;
let otherContributor: Signed;
let photo: { id: string; ref: string; version: number };
let second: { id: string; ref: string; version: number };
let pdf: { id: string; ref: string };

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db, { code: 'STHSM' });
  editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
  contributor = await signIn(t.app, await createStaff(t.db, { role: 'contributor' }));
  otherContributor = await signIn(t.app, await createStaff(t.db, { role: 'contributor' }));
  photo = (await upload(t.app, editor, await phoneJpeg(640, 480, '#225588'), 'Sports day 1.jpg')).json().item;
  second = (await upload(t.app, contributor, await phoneJpeg(640, 480, '#882255'), 'Sports day 2.jpg')).json().item;
  pdf = (await upload(t.app, editor, pdfBytes('fees'), 'Fee schedule.pdf', 'application/pdf')).json().item;
});
afterAll(() => t.close());

const api = (who: Signed) => as(t.app, who);

async function album(attachments: string[]) {
  const res = await api(editor)('POST', '/api/admin/STHSM/content/albums', {
    title: 'Sports day',
    description: 'Races.',
    category: 'PhotoGallery',
    date: '2025-08-01',
    attachments,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().item as { id: string; version: number };
}

describe(`the library (${engine})`, () => {
  it('lists newest first with usage, and filters by name, type, missing alt text and album', async () => {
    const all = (await api(editor)('GET', '/api/admin/media')).json();
    expect(all.total).toBe(3);
    expect(all.usage.bytes).toBeGreaterThan(0);
    expect(all.usage.quotaBytes).toBe(2 * 1024 ** 3);
    expect((await api(editor)('GET', '/api/admin/media?q=fee')).json().items.map((i: { id: string }) => i.id)).toEqual([pdf.id]);
    expect((await api(editor)('GET', '/api/admin/media?type=image')).json().total).toBe(2);
    expect((await api(editor)('GET', '/api/admin/media?missingAlt=1')).json().total).toBe(2);
    const a = await album([second.ref]);
    expect((await api(editor)('GET', `/api/admin/media?album=${a.id}`)).json().items.map((i: { id: string }) => i.id)).toEqual([second.id]);
    expect((await api(editor)('GET', '/api/admin/media?from=2999-01-01')).json().total).toBe(0);
    expect((await api(editor)('GET', '/api/admin/media?from=1-2-3')).statusCode).toBe(400);
  });

  it('saves alt text with the version, and answers 409 with the current file on a stale one', async () => {
    const saved = await api(editor)('PATCH', `/api/admin/media/${photo.id}`, { alt: 'Children running a relay', version: photo.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().item).toMatchObject({ alt: 'Children running a relay', version: photo.version + 1 });
    const stale = await api(editor)('PATCH', `/api/admin/media/${photo.id}`, { alt: 'Something else', version: photo.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.alt).toBe('Children running a relay');
  });

  it('lets a contributor edit the words of their own uploads only, and never delete', async () => {
    expect(
      (await api(contributor)('PATCH', `/api/admin/media/${second.id}`, { caption: 'Finish line', version: second.version })).statusCode,
    ).toBe(200);
    expect((await api(otherContributor)('PATCH', `/api/admin/media/${second.id}`, { caption: 'Mine now', version: 2 })).statusCode).toBe(
      403,
    );
    expect((await api(contributor)('DELETE', `/api/admin/media/${pdf.id}`)).statusCode).toBe(403);
    expect((await api(editor)('GET', `/api/admin/media/${pdf.id}`)).statusCode).toBe(200);
  });

  it('saves captions in bulk, all or nothing', async () => {
    const refused = await api(editor)('PATCH', '/api/admin/media', {
      items: [
        { id: photo.id, caption: 'Relay' },
        { id: 'f'.repeat(64), caption: 'No such file' },
      ],
    });
    expect(refused.statusCode).toBe(404);
    expect((await api(editor)('GET', `/api/admin/media/${photo.id}`)).json().item.caption).toBe('');
    const ok = await api(editor)('PATCH', '/api/admin/media', {
      items: [
        { id: photo.id, caption: 'Relay' },
        { id: second.id, caption: 'Sprint', decorative: true },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().items.map((i: { caption: string }) => i.caption)).toEqual(['Relay', 'Sprint']);
  });

  it('refuses to delete a file in use, naming where; deletes it once unused, and it is gone from /api/image', async () => {
    const a = await album([pdf.ref]);
    const used = await api(editor)('DELETE', `/api/admin/media/${pdf.id}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().usedIn).toEqual([{ type: 'albums', id: a.id, title: 'Sports day' }]);
    expect(used.json().message).toMatch(/^This file is used in albums “Sports day”/);
    expect((await api(editor)('GET', `/api/admin/media/${pdf.id}`)).json().usedIn).toHaveLength(1);
    expect((await api(editor)('DELETE', `/api/admin/STHSM/content/albums/${a.id}`)).statusCode).toBe(200);
    const deleted = await api(editor)('DELETE', `/api/admin/media/${pdf.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/image/${pdf.ref}` })).statusCode).toBe(404);
  });
});

describe(`alt text before publishing (${engine})`, () => {
  it('refuses to publish or schedule an album with a photo that has neither alt text nor "decorative"', async () => {
    const fresh = (await upload(t.app, editor, await phoneJpeg(300, 200, '#557700'), 'No alt.jpg')).json().item;
    const a = await album([photo.ref, fresh.ref]);
    const publish = await api(editor)('POST', `/api/admin/STHSM/content/albums/${a.id}/publish`, { version: a.version });
    expect(publish.statusCode).toBe(422);
    expect(publish.json().error).toBe('Add alt text to every photo before publishing: No alt.jpg. Nothing was published.');
    const created = await api(editor)('POST', '/api/admin/STHSM/content/albums', {
      title: 'Scheduled',
      description: 'Later.',
      category: 'PhotoGallery',
      date: '2025-08-01',
      attachments: [fresh.ref],
      intent: 'publish',
      publishAt: '2030-01-01T10:00',
    });
    expect(created.statusCode).toBe(422);
    await api(editor)('PATCH', `/api/admin/media/${fresh.id}`, { decorative: true, version: fresh.version });
    expect((await api(editor)('POST', `/api/admin/STHSM/content/albums/${a.id}/publish`, { version: a.version })).statusCode).toBe(200);
    // The public album carries each library photo's alt text and caption (an optional extension).
    const pub = (await t.app.inject({ method: 'GET', url: `/api/subGallery?id=${a.id}` })).json();
    expect(pub.attachments).toEqual([photo.ref, fresh.ref]);
    expect(pub.photos).toEqual(
      expect.arrayContaining([
        { ref: photo.ref, alt: 'Children running a relay', decorative: false, caption: 'Relay' },
        { ref: fresh.ref, alt: '', decorative: true, caption: '' },
      ]),
    );
  });
});

/** The syllabus page's content with one document linking `file`. */
const SYLLABUS = (file: string) => ({
  description: 'The syllabus for each stage.',
  lead: 'Download the syllabus.',
  documents: [{ label: 'Nursery to LKG', title: 'Syllabus, Nursery to LKG', file, summary: 'Rhymes, stories and numbers.' }],
  note: 'Books are listed in each PDF.',
});

describe(`the syllabus links PDFs of the library (${engine})`, () => {
  const url = '/api/admin/STHSM/pages/syllabus';

  it('refuses a photo as a syllabus document, naming it; keeps a library PDF, which then cannot be deleted', async () => {
    await createSchoolPage(t.db, 'STHSM', 'syllabus', SYLLABUS('STHSM/public/Images/syllabus.pdf'));
    const photoAsPdf = await api(editor)('PUT', url, { content: SYLLABUS(photo.ref), version: 1, intent: 'publish' });
    expect(photoAsPdf.statusCode).toBe(400);
    expect(photoAsPdf.json().errors).toEqual({ documents: 'Document 1: choose a PDF from the media library (upload it there first).' });
    const unknown = await api(editor)('PUT', url, {
      content: SYLLABUS('m0123456789abcdef0123456789abcdef01234567'),
      version: 1,
      intent: 'publish',
    });
    expect(unknown.statusCode).toBe(400);

    const syllabus = (await upload(t.app, editor, pdfBytes('nursery syllabus'), 'Syllabus nursery.pdf', 'application/pdf')).json().item as {
      id: string;
      ref: string;
    };
    const saved = await api(editor)('PUT', url, { content: SYLLABUS(syllabus.ref), version: 1, intent: 'publish' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.app.inject({ url: '/api/pages/STHSM/syllabus' })).json().content.documents[0].file).toBe(syllabus.ref);
    const used = await api(editor)('GET', `/api/admin/media/${syllabus.id}`);
    expect(used.json().usedIn).toContainEqual({ type: 'pages', id: 'syllabus', title: 'syllabus' });
    const refused = await api(editor)('DELETE', `/api/admin/media/${syllabus.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().usedIn).toContainEqual({ type: 'pages', id: 'syllabus', title: 'syllabus' });
  });
});
