import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolProfileRecordSchema } from '@sthsm/contract';
import { insertMedia } from '../../src/repositories/media.ts';
import { createSchool, createSchoolProfile } from '../factories.ts';
import { startTestApp, type TestApp } from '../helpers.ts';
import { as, createStaff, signIn, type Signed } from './staff-helpers.ts';

// A school with few facts and its brand (docs/decisions/0132, 0133): a school nobody has described
// yet opens its settings as its name alone and saves a partial profile; the brand's crest must be
// the school's own PNG/WebP/JPEG of at least 512 pixels, its colours keep 4.5:1 with their text
// (a failing one is refused with the nearest shade); the icons are made from each school's own
// crest. Runs on both engines.

let t: TestApp;
let admin: Signed;
let otherAdmin: Signed;

const NEW = 'HILL';
const OTHER = 'RIVR';
const URL = `/api/admin/${NEW}/settings`;
const FILES = {
  crest: `${NEW}/public/Images/crest.png`,
  wideCrest: `${NEW}/public/Images/crest-wide.webp`,
  small: `${NEW}/public/Images/crest-small.png`,
  svg: `${NEW}/public/Images/crest.svg`,
  pdf: `${NEW}/public/Images/prospectus.pdf`,
  theirs: `${OTHER}/public/Images/crest.png`,
};
/** The other school's library picture (a ref, as the file picker saves it). */
const THEIR_LIBRARY = `m${'c'.repeat(39)}`;

const square = (size: number, colour: string, format: 'png' | 'webp' = 'png', height = size) =>
  sharp({ create: { width: size, height, channels: 4, background: colour } })
    .toFormat(format)
    .toBuffer();

async function put(file: string, bytes: Buffer | string) {
  const target = path.join(t.config.mediaRoot, ...file.split('/'));
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, bytes);
}

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db, { code: NEW, name: 'Hillview Public School' });
  await createSchool(t.db, { code: OTHER, name: 'Riverside School' });
  await put(FILES.crest, await square(600, '#0a7d3b'));
  await put(FILES.wideCrest, await square(800, '#0a7d3b', 'webp', 300));
  await put(FILES.small, await square(300, '#0a7d3b'));
  await put(FILES.svg, '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600"/></svg>');
  await put(FILES.pdf, '%PDF-1.4\n%%EOF\n');
  await put(FILES.theirs, await square(600, '#7a1f3d'));
  const theirLibraryPath = `library/${OTHER}/cc/${'c'.repeat(64)}.png`;
  await put(theirLibraryPath, await square(600, '#7a1f3d'));
  await insertMedia(t.db, {
    school: OTHER,
    id: THEIR_LIBRARY.slice(1, 25),
    ref: THEIR_LIBRARY,
    path: theirLibraryPath,
    kind: 'image',
    contentType: 'image/png',
    name: 'crest.png',
    bytes: 100,
    width: 600,
    height: 600,
    camera: null,
    createdBy: 'test',
    at: '2025-08-01T00:00:00.000Z',
  });
  admin = await signIn(t.app, await createStaff(t.db, { school: NEW, role: 'admin' }));
  otherAdmin = await signIn(t.app, await createStaff(t.db, { school: OTHER, role: 'admin' }));
});
afterAll(() => t.close());

/** A PUT of the new school's settings at `version` with `profile`. */
const save = (profile: object, version: number, who = admin) => as(t.app, who)('PUT', URL, { version, profile });
const current = async () => (await as(t.app, admin)('GET', URL)).json() as { version: number; profile: Record<string, unknown> };

describe('a school with no profile yet', () => {
  it('opens its settings as its name alone at version 0, and answers the public the same', async () => {
    const res = await as(t.app, admin)('GET', URL);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: NEW, version: 0, updatedAt: '', profile: { name: 'Hillview Public School' } });
    const pub = await t.app.inject({ method: 'GET', url: `/api/school/${NEW}` });
    expect(pub.statusCode).toBe(200);
    expect(schoolProfileRecordSchema.parse(pub.json()).profile).toEqual({ name: 'Hillview Public School' });
  });

  it('saves a partial profile (the name required, the rest optional) and the public answer shows only that', async () => {
    const empty = await save({ name: '  ' }, 0);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ name: 'School name is required.' });
    const res = await save({ name: 'Hillview Public School', tagline: 'Learning on the hill', phones: [] }, 0);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 1, changed: ['tagline'] });
    const pub = (await t.app.inject({ method: 'GET', url: `/api/school/${NEW}` })).json();
    expect(pub).toMatchObject({ version: 1, profile: { name: 'Hillview Public School', tagline: 'Learning on the hill' } });
    expect(Object.keys(pub.profile).sort()).toEqual(['name', 'phones', 'tagline']);
    // A group given in part asks for the rest, with a message per field.
    const half = await save({ ...pub.profile, erp: { provider: 'Acme ERP' } }, 1);
    expect(half.statusCode).toBe(400);
    expect(half.json().fields).toEqual({ 'erp.url': 'ERP provider website must be a web address starting with https:// or http://.' });
  });

  it('keeps a complete profile’s public answer as it was', async () => {
    const record = await createSchoolProfile(t.db, { school: OTHER, name: 'Riverside School' });
    const pub = await t.app.inject({ method: 'GET', url: `/api/school/${OTHER}` });
    expect(pub.json()).toEqual({ code: OTHER, version: record.version, updatedAt: record.updatedAt, profile: record.profile });
  });
});

describe('the brand in the settings', () => {
  it('takes a crest of the school’s own PNG or WebP of at least 512 pixels, and colours that keep 4.5:1', async () => {
    const { version, profile } = await current();
    const res = await save({ ...profile, brand: { crest: FILES.crest, primary: '#0a7d3b', accent: '#f2c14e', shareImage: null } }, version);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile.brand).toEqual({ crest: FILES.crest, primary: '#0a7d3b', accent: '#f2c14e', shareImage: null });
    // A wide crest counts its longer side.
    const wide = await save({ ...res.json().profile, brand: { ...res.json().profile.brand, crest: FILES.wideCrest } }, res.json().version);
    expect(wide.statusCode, wide.body).toBe(200);
    const back = await save({ ...wide.json().profile, brand: { ...wide.json().profile.brand, crest: FILES.crest } }, wide.json().version);
    expect(back.statusCode, back.body).toBe(200);
  });

  it.each([
    ['an SVG', FILES.svg, 'Crest: choose a PNG, WebP or JPEG picture'],
    ['a PDF', FILES.pdf, 'Crest: choose a PNG, WebP or JPEG picture'],
    ['a picture too small', FILES.small, 'Crest: this picture is 300 × 300 pixels; a crest must be at least 512 pixels wide or high'],
    ['another school’s file', FILES.theirs, 'is not a file of this school'],
    ['another school’s library picture', THEIR_LIBRARY, 'is not a file of this school'],
    ['an address', 'https://example.org/crest.png', 'must be a file id or a path'],
  ])('refuses %s as the crest with one line, and changes nothing', async (_what, crest, message) => {
    const before = await current();
    const res = await save({ ...before.profile, brand: { ...(before.profile.brand as object), crest } }, before.version);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['brand.crest']).toContain(message);
    expect(res.json().error).toContain(message);
    expect(await current()).toEqual(before);
  });

  it('refuses a failing colour with the nearest passing shade in the message', async () => {
    const before = await current();
    const res = await save(
      { ...before.profile, brand: { ...(before.profile.brand as object), primary: '#88aaff', accent: '#333333' } },
      before.version,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'brand.primary':
        'Primary colour #88aaff gives white text on it a contrast of 2.2:1; it needs 4.5:1. The nearest shade that passes is #5e75b0.',
      'brand.accent':
        'Accent colour #333333 gives dark text on it a contrast of 1.3:1; it needs 4.5:1. The nearest shade that passes is #858585.',
    });
    expect(await current()).toEqual(before);
  });

  it('never lets another school’s administrator set this school’s brand', async () => {
    const before = await current();
    const res = await save({ ...before.profile, brand: { crest: FILES.theirs } }, before.version, otherAdmin);
    expect(res.statusCode).toBe(403);
    expect(await current()).toEqual(before);
  });
});

const icon = (code: string, file: string) => t.app.inject({ method: 'GET', url: `/api/school/${code}/icon/${file}` });

describe('the icons made from the crest', () => {
  it('serves each size as a square PNG of the school’s own crest, different between schools', async () => {
    const ours = await icon(NEW, '192.png');
    expect(ours.statusCode).toBe(200);
    expect(ours.headers['content-type']).toBe('image/png');
    expect(await sharp(ours.rawPayload).metadata()).toMatchObject({ format: 'png', width: 192, height: 192 });
    for (const size of [32, 180, 512]) {
      const res = await icon(NEW, `${size}.png`);
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: size, height: size });
    }
    // The other school has a crest of its own: its icon is its own, not this one.
    await createSchoolProfile(t.db, { school: OTHER, name: 'Riverside School', brand: { crest: FILES.theirs } });
    const theirs = await icon(OTHER, '192.png');
    expect(theirs.statusCode).toBe(200);
    expect(Buffer.compare(theirs.rawPayload, ours.rawPayload)).not.toBe(0);
    const { data } = await sharp(theirs.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([0x7a, 0x1f, 0x3d]);
    // Revalidated by its ETag.
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/school/${NEW}/icon/192.png`,
      headers: { 'if-none-match': String(ours.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 for a school without a crest (no other school’s icon stands in) and 400 for a size not made', async () => {
    await createSchool(t.db, { code: 'BARE', name: 'Bare School' });
    expect((await icon('BARE', '192.png')).statusCode).toBe(404);
    expect((await icon('NOPE', '192.png')).statusCode).toBe(404);
    expect((await icon(NEW, '64.png')).statusCode).toBe(400);
  });
});
