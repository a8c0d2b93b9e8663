import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_TYPES, type ContentType } from '@sthsm/contract';
import { refFieldsOf } from '../../src/content/file-refs.ts';
import { CONTENT_REGISTRY } from '../../src/content/registry.ts';
import { insertVersion } from '../../src/content/store.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { VALID } from '../publish/publish-helpers.ts';
import { HOME, OWN, REFUSED, storeFilesOfTwoSchools } from './cross-school-refs-support.ts';
import { as, createStaff, signIn, type Signed } from './staff-helpers.ts';

// Every file reference a content save accepts is the saving school's own file: a table over every
// content type and every field of it that takes references, found through the type's schema (the
// contract registers each reference field), so a field added later is in the table by itself.
// Each refused reference answers 400 naming the field and the reference, and nothing is saved.

let t: TestApp;
let editor: Signed;

/** Every (type, field) that takes file references, from the registry's schemas. */
const REF_FIELDS = CONTENT_TYPES.flatMap((type) =>
  refFieldsOf(CONTENT_REGISTRY[type].schema).map((f) => ({ type, field: f.path[0]!, label: f.label })),
);

/** A valid body of the type whose every reference is one of the school's own files. */
function bodyOf(type: ContentType, refs: string[] = [OWN.photoPath]): Record<string, unknown> {
  const body: Record<string, unknown> = { ...VALID[type] };
  for (const { field } of REF_FIELDS.filter((f) => f.type === type)) body[field] = refs;
  return body;
}

const url = (type: string) => `/api/admin/${HOME}/content/${type}`;
const total = async (type: string) => (await as(t.app, editor)('GET', url(type))).json().total as number;

beforeAll(async () => {
  t = await startTestApp();
  await storeFilesOfTwoSchools(t.db, t.config);
  editor = await signIn(t.app, await createStaff(t.db, { school: HOME, role: 'editor' }));
});
afterAll(() => t.close());

describe(`file references of content saves (${engine})`, () => {
  it('finds the reference fields the registry stores as references, and no others', () => {
    for (const type of CONTENT_TYPES) {
      const stored = Object.entries(CONTENT_REGISTRY[type].columns)
        .filter(([, c]) => c.kind === 'refs')
        .map(([field]) => field);
      expect(REF_FIELDS.filter((f) => f.type === type).map((f) => f.field)).toEqual(stored);
    }
    expect(REF_FIELDS.length).toBeGreaterThanOrEqual(11);
  });

  it.each(CONTENT_TYPES)("%s: the school's own library files, file ids and paths are saved", async (type) => {
    const refs = [OWN.libraryPhoto, OWN.fileId, OWN.photoPath];
    const res = await as(t.app, editor)('POST', url(type), bodyOf(type, refs));
    expect(res.statusCode, res.body).toBe(201);
    for (const { field } of REF_FIELDS.filter((f) => f.type === type)) expect(res.json().item.fields[field]).toEqual(refs);
  });

  describe.each(REF_FIELDS)('$type.$field', ({ type, field, label }) => {
    it.each(REFUSED)('refuses %s on create: 400 naming the field and the reference, nothing saved', async (_what, ref) => {
      const before = await total(type);
      const res = await as(t.app, editor)('POST', url(type), { ...bodyOf(type), [field]: [OWN.photoPath, ref], intent: 'publish' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[field]).toContain(`${label}: “${ref}”`);
      expect(await total(type)).toBe(before);
    });

    it("refuses another school's file on update, and the item stays as it was", async () => {
      const created = (await as(t.app, editor)('POST', url(type), bodyOf(type))).json().item;
      const foreign = REFUSED[0]![1];
      const res = await as(t.app, editor)('PUT', `${url(type)}/${created.id}`, { ...bodyOf(type), [field]: [foreign], version: 1 });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[field]).toContain(foreign);
      const now = (await as(t.app, editor)('GET', `${url(type)}/${created.id}`)).json().item;
      expect(now).toMatchObject({ version: 1, fields: { [field]: [OWN.photoPath] } });
    });
  });

  // What staff paste when they copy a picture's address from the site or the staff area: the
  // school's own file, but as an address; saved, it would break the public link.
  const ADDRESSES = [
    `http://localhost/api/image/${OWN.libraryPhoto}`,
    `/api/image/${OWN.libraryPhoto}?w=320`,
    `/media/${OWN.photoPath}`,
    `/${OWN.photoPath}`,
    `${OWN.photoPath}?w=320`,
    `media/${OWN.photoPath}`,
  ];
  it.each(ADDRESSES)('refuses the address %s of an own file: 400 naming it under the field, nothing saved', async (ref) => {
    const before = await total('news');
    const res = await as(t.app, editor)('POST', url('news'), { ...bodyOf('news'), attachments: [ref], intent: 'publish' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.attachments).toContain(`“${ref}”`);
    expect(await total('news')).toBe(before);
  });

  it("refuses to publish or restore a version that names another school's file (saved before this check)", async () => {
    const created = (await as(t.app, editor)('POST', url('albums'), bodyOf('albums'))).json().item;
    const foreign = REFUSED[0]![1];
    // As a save before the check could have left it: the row and an older version name the foreign file.
    await t.db
      .updateTable('albums')
      .set({ attachments: JSON.stringify([foreign]) })
      .where('_id', '=', created.id)
      .execute();
    const snapshot = { fields: { ...created.fields, attachments: [foreign] }, status: 'draft', publishAt: null, unpublishAt: null };
    const actor = { id: 'someone', email: 'someone@example.org' };
    await insertVersion(t.db, {
      code: HOME,
      type: 'albums',
      itemId: created.id,
      version: 7,
      action: 'updated',
      snapshot,
      actor,
      now: new Date(),
    });

    const publish = await as(t.app, editor)('POST', `${url('albums')}/${created.id}/publish`, {});
    expect(publish.statusCode, publish.body).toBe(400);
    expect(publish.json().errors.attachments).toContain(foreign);
    await t.db
      .updateTable('albums')
      .set({ attachments: JSON.stringify([OWN.photoPath]) })
      .where('_id', '=', created.id)
      .execute();
    const restore = await as(t.app, editor)('POST', `${url('albums')}/${created.id}/versions/7/restore`, {});
    expect(restore.statusCode, restore.body).toBe(400);
    expect(restore.json().errors.attachments).toContain(foreign);
    const now = (await as(t.app, editor)('GET', `${url('albums')}/${created.id}`)).json().item;
    expect(now).toMatchObject({ version: 1, status: 'draft', fields: { attachments: [OWN.photoPath] } });
  });
});
