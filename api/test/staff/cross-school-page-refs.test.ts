import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoRecords } from '@sthsm/content/demo';
import { PAGE_SLUGS, pageSchemas, type PageSlug } from '@sthsm/contract';
import { refFieldsOf, refsIn } from '../../src/content/file-refs.ts';
import { insertVersion } from '../../src/content/store.ts';
import { createSchoolPage } from '../factories.ts';
import { engine, NOW, startTestApp, type TestApp } from '../helpers.ts';
import { firstPlace, HOME, OWN, REFUSED, storeFilesOfTwoSchools, withRefAt } from './cross-school-refs-support.ts';
import { as, createStaff, signIn, type Signed } from './staff-helpers.ts';

// Every file reference an information page's save accepts (its pictures, the syllabus's PDFs) is
// the saving school's own file: a table over every page and every place in it that takes a
// reference, found through the page's schema, so a picture added to a page later is in it too.

let t: TestApp;
let editor: Signed;

/** Every (page, place) that takes a file reference. */
const REF_PLACES = PAGE_SLUGS.flatMap((slug) =>
  refFieldsOf(pageSchemas[slug]).map((f) => ({ slug, place: f.path.join('.'), at: firstPlace(f.path), label: f.label })),
);
const SLUGS = [...new Set(REF_PLACES.map((p) => p.slug))];

/** The demo text of each page, every reference replaced by one of the school's own files. */
const demo = buildDemoRecords({ today: NOW })[0]!.pages;
function ownContent(slug: PageSlug): unknown {
  let content: unknown = pageSchemas[slug].parse(demo[slug]);
  for (const found of refsIn(pageSchemas[slug], content)) {
    content = withRefAt(content, found.path, found.label === 'Document' ? OWN.pdfPath : OWN.photoPath);
  }
  return content;
}

const url = (slug: string) => `/api/admin/${HOME}/pages/${slug}`;

beforeAll(async () => {
  t = await startTestApp();
  await storeFilesOfTwoSchools(t.db, t.config);
  for (const slug of SLUGS) await createSchoolPage(t.db, HOME, slug, ownContent(slug) as never);
  editor = await signIn(t.app, await createStaff(t.db, { school: HOME, role: 'editor' }));
});
afterAll(() => t.close());

describe(`file references of information pages (${engine})`, () => {
  it('finds the pictures and documents of the pages', () => {
    expect(SLUGS).toEqual(expect.arrayContaining(['home', 'about-us', 'syllabus', 'laboratory', 'library']));
    expect(REF_PLACES.map((p) => `${p.slug}:${p.place}`)).toEqual(
      expect.arrayContaining(['home:slider.[].path', 'syllabus:documents.[].file']),
    );
  });

  describe.each(REF_PLACES)('$slug: $place', ({ slug, at, label }) => {
    it.each(REFUSED)('refuses %s: 400 naming the field and the reference, nothing saved', async (_what, ref) => {
      const content = withRefAt(ownContent(slug), at, ref);
      const res = await as(t.app, editor)('PUT', url(slug), { content, version: 1, intent: 'publish' });
      expect(res.statusCode, res.body).toBe(400);
      const message = res.json().errors[String(at[0])];
      expect(message).toContain(label);
      expect(message).toContain(`“${ref}”`);
      expect((await as(t.app, editor)('GET', url(slug))).json().page).toMatchObject({ version: 1, draft: null });
    });
  });

  it.each(SLUGS)("%s: the school's own files are saved (library files, file ids, paths)", async (slug) => {
    let content = ownContent(slug);
    const places = refsIn(pageSchemas[slug], content);
    const own = [OWN.libraryPhoto, OWN.fileId, OWN.photoPath];
    for (const [i, found] of places.entries()) {
      content = withRefAt(content, found.path, found.label === 'Document' ? (i % 2 ? OWN.libraryPdf : OWN.pdfPath) : own[i % 3]!);
    }
    const res = await as(t.app, editor)('PUT', url(slug), { content, version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().page.draft).toEqual(content);
  });

  it("refuses to publish a draft or restore a version that names another school's file (saved before this check)", async () => {
    const foreign = REFUSED[3]![1];
    const content = withRefAt(ownContent('library'), ['photos', 0, 'path'], foreign);
    // As a save before the check could have left it: a pending draft and an older version name the foreign file.
    const current = (await as(t.app, editor)('GET', url('library'))).json().page;
    await t.db
      .updateTable('school_pages')
      .set({ draft_content: JSON.stringify(content) })
      .where('school_code', '=', HOME)
      .where('slug', '=', 'library')
      .execute();
    const snapshot = { content, draft: null, status: 'published' };
    const actor = { id: 'someone', email: 'someone@example.org' };
    await insertVersion(t.db, {
      code: HOME,
      type: 'pages',
      itemId: 'library',
      version: 9,
      action: 'updated',
      snapshot,
      actor,
      now: new Date(),
    });

    const publish = await as(t.app, editor)('POST', `${url('library')}/publish`, {});
    expect(publish.statusCode, publish.body).toBe(400);
    expect(publish.json().errors.photos).toContain(foreign);
    const restore = await as(t.app, editor)('POST', `${url('library')}/versions/9/restore`, {});
    expect(restore.statusCode, restore.body).toBe(400);
    expect(restore.json().errors.photos).toContain(foreign);
    expect((await as(t.app, editor)('GET', url('library'))).json().page).toMatchObject({
      version: current.version,
      content: current.content,
    });
  });
});
