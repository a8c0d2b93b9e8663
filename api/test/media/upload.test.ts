import { randomBytes } from 'node:crypto';
import { readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseExif } from 'exifr';
import { uploadCleaners } from '../../src/media/library.ts';
import { variantWorkers } from '../../src/media/variant-worker.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../staff/staff-helpers.ts';
import { createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { as, createStaff, ORIGIN, signIn, type Signed } from '../staff/staff-helpers.ts';
import { createUpload, finish, iphoneHeic, pdfBytes, phoneJpeg, sendChunk, tusUpload, upload } from './media-helpers.ts';

// Uploading to the media library through real routes on both engines (api-sqlite, api-postgres):
// the attacks first, then what is accepted by its bytes, what processing keeps and removes, and
// resumable uploads.

let t: TestApp;
let editor: Signed;
let contributor: Signed;
let otherSchool: Signed;

const MAX = 2 * 1024 * 1024;

beforeAll(async () => {
  t = await startTestApp({ MEDIA_MAX_BYTES: String(MAX), MEDIA_QUOTA_BYTES: String(3 * MAX) });
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
  contributor = await signIn(t.app, await createStaff(t.db, { role: 'contributor' }));
  otherSchool = await signIn(t.app, await createStaff(t.db, { school: 'OTHER', role: 'admin' }));
});
afterAll(() => t.close());

const mediaRows = () =>
  t.db
    .selectFrom('media')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

describe(`uploads are refused to anyone but the school's staff (${engine})`, () => {
  it('refuses a tus creation signed out (401), without the CSRF token or from another origin (403)', async () => {
    expect((await createUpload(t.app, null, 10, 'a.jpg')).res.statusCode).toBe(401);
    expect((await createUpload(t.app, { ...editor, csrf: 'wrong' }, 10, 'a.jpg')).res.statusCode).toBe(403);
    expect((await createUpload(t.app, editor, 10, 'a.jpg', 'image/jpeg', { origin: 'https://evil.example' })).res.statusCode).toBe(403);
  });

  it('refuses PATCH without the token, from another origin, and to another person or school', async () => {
    const bytes = await phoneJpeg();
    const { id } = await createUpload(t.app, editor, bytes.length, 'p.jpg');
    expect((await sendChunk(t.app, { ...editor, csrf: 'x' }, id, 0, bytes)).statusCode).toBe(403);
    expect((await sendChunk(t.app, editor, id, 0, bytes, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await sendChunk(t.app, contributor, id, 0, bytes)).statusCode).toBe(404);
    expect((await sendChunk(t.app, otherSchool, id, 0, bytes)).statusCode).toBe(403);
  });

  it("refuses turning another school's or person's upload into a file, and signed out", async () => {
    const id = await tusUpload(t.app, editor, await phoneJpeg(), 'p.jpg');
    expect((await finish(t.app, null, id)).statusCode).toBe(401);
    expect((await finish(t.app, { ...editor, csrf: 'x' }, id)).statusCode).toBe(403);
    expect((await finish(t.app, editor, id, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await finish(t.app, otherSchool, id)).statusCode).toBe(403);
    expect((await finish(t.app, contributor, id)).statusCode).toBe(404);
    expect(await mediaRows()).toBe(0);
  });

  it('refuses at creation a file over MEDIA_MAX_BYTES with 413 and a message', async () => {
    const { res } = await createUpload(t.app, editor, MAX + 1, 'big.jpg');
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('This file is larger than 2 MB.');
  });
});

async function refused(bytes: Buffer, name: string, status: number, message: string) {
  const res = await upload(t.app, editor, bytes, name);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error).toBe(message);
}

describe(`files are judged by their bytes (${engine})`, () => {
  it('refuses SVG renamed .jpg and HTML renamed .png', async () => {
    const before = await mediaRows();
    await refused(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'cat.jpg',
      415,
      'This file is not a photo or a PDF.',
    );
    await refused(
      Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
      'cat.png',
      415,
      'This file is not a photo or a PDF.',
    );
    expect(await mediaRows()).toBe(before);
  });

  it('accepts an iPhone HEIC and stores it as a JPEG of the same picture, without GPS', async () => {
    const heic = await iphoneHeic(800, 600);
    expect(heic.subarray(4, 12).toString('latin1')).toBe('ftypheic');
    const res = await upload(t.app, editor, heic, 'IMG_0042.HEIC');
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json().item as { ref: string; contentType: string; width: number; height: number };
    expect(item.contentType).toBe('image/jpeg');
    const served = await t.app.inject({ method: 'GET', url: `/api/image/${item.ref}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([item.width, item.height]);
    expect(Math.max(item.width, item.height)).toBe(800);
    const exif = (await parseExif(served.rawPayload, { gps: true }).catch(() => undefined)) as Record<string, unknown> | undefined;
    expect(exif?.latitude).toBeUndefined();
    // The picture survived decoding: phoneJpeg's colour, not black.
    const { dominant } = await sharp(served.rawPayload).stats();
    expect(dominant.r).toBeGreaterThan(dominant.b);
  });

  it('refuses a HEIC cut short', async () => {
    const heic = await iphoneHeic(800, 600);
    const res = await upload(t.app, editor, heic.subarray(0, Math.floor(heic.length / 2)), 'IMG_0043.HEIC');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatch(/damaged|incomplete/i);
  });

  it('accepts a PDF renamed .jpg as a PDF', async () => {
    const res = await upload(t.app, editor, pdfBytes('renamed'), 'syllabus.jpg');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().item).toMatchObject({ kind: 'pdf', contentType: 'application/pdf', name: 'syllabus.jpg' });
  });

  it('refuses a truncated JPEG', async () => {
    const whole = await sharp({
      create: { width: 600, height: 400, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .jpeg()
      .toBuffer();
    await refused(whole.subarray(0, Math.floor(whole.length * 0.6)), 'cut.jpg', 422, 'This photo is damaged or incomplete.');
  });

  it('refuses a 100-megapixel PNG bomb before decoding it', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(MAX);
    await refused(bomb, 'bomb.png', 413, 'This photo is too large to process (over 40 megapixels).');
  });

  it('refuses a multipart file over the size limit', async () => {
    const form = new FormData();
    form.set('file', new Blob([Buffer.alloc(MAX + 10, 1)]), 'big.pdf');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media',
      headers: {
        origin: ORIGIN,
        cookie: editor.cookie,
        'x-csrf-token': editor.csrf,
        'content-type': String(request.headers.get('content-type')),
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error).toBe('This file is larger than 2 MB.');
  });
});

describe(`what processing keeps and removes (${engine})`, () => {
  let item: { id: string; ref: string; width: number; height: number; camera: Record<string, unknown> };

  beforeAll(async () => {
    const res = await upload(t.app, editor, await phoneJpeg(800, 600), 'IMG_0001.jpg');
    expect(res.statusCode, res.body).toBe(201);
    item = res.json().item;
  });

  it('keeps the camera data in the row and the stored EXIF, removes GPS, applies the orientation', async () => {
    expect(item.camera).toEqual({
      make: 'Fictional',
      model: 'Phone 9',
      takenAt: '2025-08-01T10:11:12',
      iso: 200,
      fNumber: 1.8,
      exposure: '1/120',
    });
    // Stored sideways (Orientation 6): turned upright.
    expect([item.width, item.height]).toEqual([600, 800]);
    const served = await t.app.inject({ method: 'GET', url: `/api/image/${item.ref}` });
    expect(served.statusCode).toBe(200);
    const exif = await parseExif(served.rawPayload, true);
    expect(exif).toMatchObject({ Make: 'Fictional', Model: 'Phone 9', ISO: 200, FNumber: 1.8 });
    expect(exif.latitude).toBeUndefined();
    expect(Object.keys(exif).filter((k) => /GPS/i.test(k))).toEqual([]);
    expect((await sharp(served.rawPayload).metadata()).orientation ?? 1).toBe(1);
  });

  it('removes GPS from every variant served', async () => {
    await variantWorkers.get(t.app)?.idle();
    for (const accept of ['image/avif', 'image/webp', '*/*']) {
      for (const w of [160, 640, 1600]) {
        const res = await t.app.inject({ method: 'GET', url: `/api/image/${item.ref}?w=${w}`, headers: { accept } });
        expect(res.statusCode).toBe(200);
        const exif = (await parseExif(res.rawPayload, { gps: true }).catch(() => undefined)) as Record<string, unknown> | undefined;
        expect(exif?.latitude, `${accept} ${w}`).toBeUndefined();
      }
    }
  });

  it('gives the same file for the same bytes twice, and for the same upload twice', async () => {
    const bytes = await phoneJpeg(800, 600);
    const id = await tusUpload(t.app, editor, bytes, 'again.jpg');
    const first = await finish(t.app, editor, id);
    expect(first.statusCode).toBe(200);
    expect(first.json().item.id).toBe(item.id);
    const second = await finish(t.app, editor, id);
    expect(second.statusCode).toBe(200);
    expect(second.json().item.id).toBe(item.id);
  });
});

describe(`resumable uploads (${engine})`, () => {
  it('resumes after an interrupted PATCH from the offset HEAD reports', async () => {
    const bytes = await phoneJpeg(900, 700, '#884422');
    const { id } = await createUpload(t.app, editor, bytes.length, 'resumed.jpg');
    const half = Math.floor(bytes.length / 2);
    expect((await sendChunk(t.app, editor, id, 0, bytes.subarray(0, half))).statusCode).toBe(204);
    // The connection dropped: the client asks where to go on.
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/admin/media/uploads/${id}`,
      headers: { origin: ORIGIN, cookie: editor.cookie, 'tus-resumable': '1.0.0' },
    });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['upload-offset'])).toBe(half);
    expect((await finish(t.app, editor, id)).statusCode).toBe(409);
    expect((await sendChunk(t.app, editor, id, half, bytes.subarray(half))).statusCode).toBe(204);
    const res = await finish(t.app, editor, id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().item.width).toBe(700);
  });
});

/** Noise does not compress: about 1.5 MB each as PNG. */
const noisy = (seed: number) =>
  sharp({
    create: { width: 700 + seed, height: 700, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .png()
    .toBuffer();

describe(`the school's quota (${engine})`, () => {
  it('refuses a file that would pass MEDIA_QUOTA_BYTES, with the usage in words', async () => {
    const audit = await countRows(t.db, 'audit_log');
    let refusedWith = '';
    for (let i = 0; i < 6 && !refusedWith; i++) {
      // Refused at the tus creation (its declared length does not fit) or, processed, at the finish.
      const bytes = await noisy(i);
      const { res: created, id } = await createUpload(t.app, editor, bytes.length, `noise-${i}.png`, 'image/png');
      const res = created.statusCode === 201 ? (await sendChunk(t.app, editor, id, 0, bytes), await finish(t.app, editor, id)) : created;
      if (res.statusCode === 413) refusedWith = res.json().error;
      else expect(res.statusCode, res.body).toBe(201);
    }
    expect(refusedWith).toMatch(/^The school's storage is full \(.+ of 6 MB used(, .+ more held by uploads in progress)?\)\.$/);
    const list = await as(t.app, editor)('GET', '/api/admin/media');
    expect(list.json().usage.quotaBytes).toBe(3 * MAX);
    expect(list.json().usage.bytes).toBeLessThanOrEqual(3 * MAX);
    expect(await countRows(t.db, 'audit_log')).toBeGreaterThan(audit);
  });
});

/** A working file's name as the server makes them (routes/admin/media.ts, media/library.ts). */
const workingName = (prefix: string) => `${prefix}-${randomBytes(8).toString('hex')}`;

describe(`expired uploads are cleaned up (${engine})`, () => {
  it('drops an unfinished upload after a day and a finished one after an hour; a fresh one stays', async () => {
    const bytes = await phoneJpeg(320, 240, '#123456');
    const { id: old } = await createUpload(t.app, editor, bytes.length, 'old.jpg');
    await sendChunk(t.app, editor, old, 0, bytes.subarray(0, 100));
    const finished = await tusUpload(t.app, editor, bytes, 'done.jpg');
    const { id: fresh } = await createUpload(t.app, editor, bytes.length, 'fresh.jpg');
    // Age the first two as if made two days ago (the upload's record keeps its creation time).
    for (const id of [old, finished]) {
      const file = path.join(t.config.uploadDir, `${id}.json`);
      const record = JSON.parse(await readFile(file, 'utf8'));
      await writeFile(file, JSON.stringify({ ...record, creation_date: new Date(Date.now() - 2 * 86_400_000).toISOString() }));
    }
    await uploadCleaners.get(t.config)?.();
    const head = (id: string) =>
      t.app.inject({
        method: 'HEAD',
        url: `/api/admin/media/uploads/${id}`,
        headers: { origin: ORIGIN, cookie: editor.cookie, 'tus-resumable': '1.0.0' },
      });
    expect((await head(old)).statusCode).toBe(404);
    expect((await head(finished)).statusCode).toBe(404);
    expect((await head(fresh)).statusCode).toBe(200);
    expect(await readdir(t.config.uploadDir)).not.toContain(old);
  });

  it('drops the working files a stopped server left (a form upload, a judged photo) after an hour; a fresh one stays', async () => {
    const [oldForm, oldJudged, freshJudged, notOurs] = [
      workingName('form'),
      workingName('judged'),
      workingName('judged'),
      'judged-notes.txt',
    ];
    for (const file of [oldForm, oldJudged, freshJudged, notOurs]) await writeFile(path.join(t.config.uploadDir, file), 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    for (const file of [oldForm, oldJudged, notOurs]) await utimes(path.join(t.config.uploadDir, file), twoHoursAgo, twoHoursAgo);
    await uploadCleaners.get(t.config)?.();
    const left = await readdir(t.config.uploadDir);
    expect(left).not.toContain(oldForm);
    expect(left).not.toContain(oldJudged);
    expect(left).toContain(freshJudged);
    expect(left).toContain(notOurs);
  });
});
