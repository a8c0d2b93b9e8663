import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { HOME, OTHER, OWN, REFUSED, storeFilesOfTwoSchools } from '../staff/cross-school-refs-support.ts';
import { as, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';

// GET /api/admin/media?refs=…: the library files among an item form's chosen references (their
// names, kinds and thumbnails in the form's file fields, issue 30 item 2). Only the asking school's
// files are ever listed: another school's reference, a path or an address is simply absent.

let t: TestApp;
let home: Signed;
let otherAdmin: Signed;

const theirPhoto = REFUSED[0]![1];
const theirPdf = REFUSED[1]![1];
const refsOf = (res: { json: () => { items: Array<{ ref: string }> } }) =>
  res
    .json()
    .items.map((i) => i.ref)
    .sort();

beforeAll(async () => {
  t = await startTestApp();
  await storeFilesOfTwoSchools(t.db, t.config);
  home = await signIn(t.app, await createStaff(t.db, { school: HOME, role: 'editor' }));
  otherAdmin = await signIn(t.app, await createStaff(t.db, { school: OTHER, role: 'admin' }));
});
afterAll(() => t.close());

describe(`the library files of given references (${engine})`, () => {
  it("lists the school's own files among the references, and nothing else", async () => {
    const asked = [OWN.libraryPhoto, OWN.libraryPdf, OWN.photoPath, 'https://example.org/photo.jpg', theirPhoto].join(',');
    const res = await as(t.app, home)('GET', `/api/admin/media?refs=${encodeURIComponent(asked)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(refsOf(res)).toEqual([OWN.libraryPhoto, OWN.libraryPdf].sort());
    expect(res.json().total).toBe(2);
  });

  it("another school's admin asking this school's library for its references is refused", async () => {
    const asked = [OWN.libraryPhoto, OWN.libraryPdf, theirPdf].join(',');
    const res = await as(t.app, otherAdmin)('GET', `/api/admin/media?refs=${encodeURIComponent(asked)}`);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.body).not.toContain(OWN.libraryPhoto);
  });

  it('combines with the other filters, and an empty list lists nothing', async () => {
    const asked = [OWN.libraryPhoto, OWN.libraryPdf].join(',');
    expect(refsOf(await as(t.app, home)('GET', `/api/admin/media?type=pdf&refs=${encodeURIComponent(asked)}`))).toEqual([OWN.libraryPdf]);
    expect((await as(t.app, home)('GET', '/api/admin/media?refs=')).json().total).toBe(0);
  });

  it('is for staff only', async () => {
    expect((await as(t.app, null)('GET', `/api/admin/media?refs=${OWN.libraryPhoto}`)).statusCode).toBe(401);
  });
});
