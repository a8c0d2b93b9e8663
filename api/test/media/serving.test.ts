import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { createStaff, signIn } from '../staff/staff-helpers.ts';
import { pdfBytes, upload } from './media-helpers.ts';

// Serving library files (issue 15 item 6) on both engines: streamed with Range (206 with exactly
// those bytes, 416 beyond the end), a strong ETag from the stored bytes and 304 for it.

let t: TestApp;
let bytes: Buffer;
let item: { id: string; ref: string };

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db, { code: 'STHSM' });
  const editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
  bytes = pdfBytes(`${'page '.repeat(4000)}`);
  const res = await upload(t.app, editor, bytes, 'Prospectus.pdf', 'application/pdf');
  expect(res.statusCode, res.body).toBe(201);
  item = res.json().item;
});
afterAll(() => t.close());

const get = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/image/${item.ref}`, headers });

describe(`serving a library file (${engine})`, () => {
  it('sends the whole file with Accept-Ranges, its length and an ETag from its content hash', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(Number(res.headers['content-length'])).toBe(bytes.length);
    expect(res.headers.etag).toBe(`"${item.id}"`);
  });

  it('answers HEAD with the length and no body, without reading the file (feeds read enclosures so)', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: `/api/image/${item.ref}` });
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['content-length'])).toBe(bytes.length);
    expect(res.rawPayload.length).toBe(0);
  });

  it('answers a range with 206 and exactly those bytes; an open range and a suffix too', async () => {
    const mid = await get({ range: 'bytes=100-1099' });
    expect(mid.statusCode).toBe(206);
    expect(mid.headers['content-range']).toBe(`bytes 100-1099/${bytes.length}`);
    expect(mid.rawPayload.equals(bytes.subarray(100, 1100))).toBe(true);
    const open = await get({ range: `bytes=${bytes.length - 10}-` });
    expect(open.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);
    const suffix = await get({ range: 'bytes=-7' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.toString()).toBe(bytes.subarray(-7).toString());
  });

  it('answers 416 with the size for a range beyond the end', async () => {
    const res = await get({ range: `bytes=${bytes.length}-${bytes.length + 10}` });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${bytes.length}`);
  });

  it('answers 304 to If-None-Match with the ETag, and sends the whole file for a stale If-Range', async () => {
    expect((await get({ 'if-none-match': `"${item.id}"` })).statusCode).toBe(304);
    const stale = await get({ range: 'bytes=0-9', 'if-range': '"old"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(bytes.length);
  });

  it('gives a seeded-style file by path Range support too', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/image/${item.ref}`, headers: { range: 'bytes=0-4' } });
    expect(res.rawPayload.toString()).toBe('%PDF-');
  });
});
