import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaFile, createSchool } from './factories.ts';
import { startTestApp, type TestApp } from './helpers.ts';

// The three /api/image forms: content types, caching headers, and no way out of the media root.
let t: TestApp;
const CANARY = 'CANARY-must-never-be-served';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
let jpeg: Buffer;

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db);
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer();
  await createMediaFile(t.db, t.config.mediaRoot, 'STHSM/public/Images/lab-1.jpg', jpeg, {
    fileId: '6650f0c2a1b2',
    contentType: 'image/jpeg',
  });
  await createMediaFile(t.db, t.config.mediaRoot, 'STHSM/public/Images/syllabus.pdf', PDF);
  await createMediaFile(t.db, t.config.mediaRoot, 'docs/page.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
  // A file id that points outside the root, and canaries around the root.
  await createMediaFile(t.db, t.config.mediaRoot, 'STHSM/x.txt', Buffer.from('x'), { fileId: 'escapee000001', contentType: 'text/plain' });
  await t.db.updateTable('files').set({ path: '../canary.txt' }).where('_id', '=', 'escapee000001').execute();
  await writeFile(path.join(t.config.dataDir, 'canary.txt'), CANARY);
  await mkdir(path.join(t.config.dataDir, 'media-evil'), { recursive: true });
  await writeFile(path.join(t.config.dataDir, 'media-evil', 'canary.txt'), CANARY);
  await symlink(path.join(t.config.dataDir, 'canary.txt'), path.join(t.config.mediaRoot, 'STHSM', 'link.txt'));
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/image/{fileId}', () => {
  it('serves the file with its type, nosniff, a strong ETag and immutable caching', async () => {
    const res = await get('/api/image/6650f0c2a1b2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.rawPayload.equals(jpeg)).toBe(true);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/api/image/6650f0c2a1b2');
    const again = await get('/api/image/6650f0c2a1b2', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers 404 JSON for an unknown id', async () => {
    const res = await get('/api/image/aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });
});

describe('GET /api/image/{code}/public/Images/{file} and /api/image/{path}', () => {
  it('serves images and PDFs by path with a revalidating cache policy', async () => {
    const img = await get('/api/image/STHSM/public/Images/lab-1.jpg');
    expect(img.statusCode).toBe(200);
    expect(img.headers['cache-control']).toMatch(/must-revalidate/);
    const pdf = await get('/api/image/STHSM/public/Images/syllabus.pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
    const svg = await get('/api/image/docs/page.svg');
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-security-policy']).toMatch(/sandbox/);
  });

  it('answers 404 for a missing path and for a directory', async () => {
    expect((await get('/api/image/STHSM/public/Images/nope.jpg')).statusCode).toBe(404);
    expect((await get('/api/image/STHSM/public/Images')).statusCode).toBe(404);
  });
});

describe('path traversal', () => {
  const payloads = [
    '../canary.txt',
    '..%2fcanary.txt',
    '%2e%2e/canary.txt',
    '%2e%2e%2fcanary.txt',
    '%252e%252e%252fcanary.txt',
    '..%252fcanary.txt',
    '%c0%ae%c0%ae/canary.txt',
    '%c0%ae%c0%ae%c0%afcanary.txt',
    '%e0%80%ae%e0%80%ae/canary.txt',
    '..%5ccanary.txt',
    '..\\canary.txt',
    'STHSM/..%5c..%5ccanary.txt',
    'canary.txt%00.jpg',
    '%00',
    '/etc/passwd',
    '%2fetc%2fpasswd',
    '//etc/passwd',
    'STHSM/../../canary.txt',
    'STHSM/public/../../canary.txt',
    '..%e2%88%95canary.txt',
    '..%ef%bc%8fcanary.txt',
    '%ef%bc%8e%ef%bc%8e/canary.txt',
    'C:%5cWindows%5cwin.ini',
    '../media-evil/canary.txt',
    '.%2e/canary.txt',
    'STHSM/link.txt',
    'escapee000001',
    '.',
    '..',
    '...',
    '.env',
  ];

  it.each(payloads)('refuses %s with 400/404 and never serves the canary', async (payload) => {
    const res = await get(`/api/image/${payload}`);
    expect([400, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain(CANARY);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('refuses traversal on the raw socket too (no URL normalisation by a client)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const net = await import('node:net');
    for (const payload of ['../canary.txt', '..%2f..%2fcanary.txt', '%2e%2e/%2e%2e/canary.txt', '..\\canary.txt']) {
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () =>
          socket.end(`GET /api/image/${payload} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
        );
        let data = '';
        socket.on('data', (chunk) => (data += chunk));
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
      expect(raw).toMatch(/^HTTP\/1\.1 40[04]/);
      expect(raw).not.toContain(CANARY);
    }
  });
});
