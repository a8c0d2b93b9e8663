import { stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaFile, createSchool } from './factories.ts';
import { startTestApp, type TestApp } from './helpers.ts';

// ?w= variants: allowed widths, AVIF/WebP by Accept, cached on disk and reused.
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db);
  const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#aa5522' } })
    .jpeg()
    .toBuffer();
  await createMediaFile(t.db, t.config.mediaRoot, 'STHSM/public/Images/hall.jpg', photo, { fileId: 'hallphoto0001' });
  await createMediaFile(t.db, t.config.mediaRoot, 'STHSM/public/Images/s.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
});
afterAll(() => t.close());

const get = (url: string, accept?: string) => t.app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });

describe('GET /api/image/...?w=', () => {
  it('gives AVIF when Accept allows it, WebP next, else JPEG; always Vary: Accept', async () => {
    const cases = [
      ['image/avif,image/webp,*/*', 'image/avif', 'heif'],
      ['image/webp,*/*;q=0.8', 'image/webp', 'webp'],
      ['image/avif;q=0,image/webp', 'image/webp', 'webp'],
      ['*/*', 'image/jpeg', 'jpeg'],
    ] as const;
    for (const [accept, type, sharpFormat] of cases) {
      const res = await get('/api/image/hallphoto0001?w=320', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers.vary).toMatch(/Accept/);
      expect(res.headers['cache-control']).toMatch(/immutable/);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe(sharpFormat);
      expect(meta.width).toBe(320);
    }
  });

  it('serves the nearest allowed width and never enlarges', async () => {
    expect((await sharp((await get('/api/image/STHSM/public/Images/hall.jpg?w=700')).rawPayload).metadata()).width).toBe(640);
    expect((await sharp((await get('/api/image/STHSM/public/Images/hall.jpg?w=5000')).rawPayload).metadata()).width).toBe(1600);
  });

  it('encodes once: the second request reuses the cached file', async () => {
    const started = performance.now();
    const first = await get('/api/image/hallphoto0001?w=1280', 'image/avif');
    const firstMs = performance.now() - started;
    expect(first.headers['x-variant-cache']).toBe('miss');
    const cached = path.join(t.config.cacheDir, 'variants');
    const files = await listFiles(cached);
    const avif = files.find((f) => f.endsWith('.avif'));
    expect(avif).toBeDefined();
    const before = await stat(avif as string);

    const again = performance.now();
    const second = await get('/api/image/hallphoto0001?w=1280', 'image/avif');
    const secondMs = performance.now() - again;
    expect(second.headers['x-variant-cache']).toBe('hit');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect((await stat(avif as string)).mtimeMs).toBe(before.mtimeMs);
    console.info(`variant 1280w AVIF: first ${firstMs.toFixed(0)} ms (encode), second ${secondMs.toFixed(1)} ms (cached)`);
    expect((await get('/api/image/hallphoto0001?w=1280', 'image/avif')).headers['x-variant-cache']).toBe('hit');
  });

  it('shares one encode between concurrent requests', async () => {
    const responses = await Promise.all(Array.from({ length: 5 }, () => get('/api/image/hallphoto0001?w=800', 'image/webp')));
    expect(new Set(responses.map((r) => r.headers.etag)).size).toBe(1);
  });

  it('answers 400 for a bad width and for resizing a PDF', async () => {
    expect((await get('/api/image/hallphoto0001?w=abc')).statusCode).toBe(400);
    expect((await get('/api/image/hallphoto0001?w=-5')).statusCode).toBe(400);
    const pdf = await get('/api/image/STHSM/public/Images/s.pdf?w=320');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error).toMatch(/Only images/);
  });
});

async function listFiles(dir: string): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}
