import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { s3MediaStore, type S3MediaStore } from '../../src/media/s3.ts';
import { engine } from '../helpers.ts';
import { clusterTestPort } from './support.ts';

// The media store in S3, against s3rver (an S3-compatible server from npm) on loopback: what is
// written is read back whole or by range, listed, stat'ed and removed; a store that does not answer
// fails within its time-out. No database involved: SQLite project only.
const BUCKET = 'school-media';
const port = clusterTestPort(8);
let s3rver: ChildProcess | undefined;
let dir: string | undefined;
let store: S3MediaStore;

beforeAll(async () => {
  if (engine === 'postgres') return;
  dir = await mkdtemp(path.join(tmpdir(), 'sthsm-s3rver-'));
  s3rver = spawn(
    path.resolve('node_modules/.bin/s3rver'),
    ['-d', dir, '-a', '127.0.0.1', '-p', String(port), '--silent', '--configure-bucket', BUCKET],
    { stdio: 'ignore' },
  );
  const config = loadConfig({
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PREFIX: 'deployment-a/',
  });
  if (!config.s3) throw new Error('S3 settings not parsed');
  store = s3MediaStore(config.s3);
  for (let i = 0; i < 100; i++) {
    if (
      await store.check().then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('s3rver did not start within 10 s');
});
afterAll(async () => {
  store?.close();
  s3rver?.kill('SIGKILL');
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function listed(): Promise<string[]> {
  const paths: string[] = [];
  for await (const entry of store.list()) paths.push(entry.path);
  return paths.sort();
}

describe.skipIf(engine === 'postgres')('S3 media store', () => {
  it('writes, reads whole and by range, stats, lists and removes', async () => {
    await store.write('STHSM/photo-1.jpg', Readable.from([Buffer.from('0123456789'), Buffer.from('abcdef')]));
    await store.write('STHSM/albums/photo-2.jpg', Readable.from([Buffer.from('second')]));
    expect(await text(store.read('STHSM/photo-1.jpg'))).toBe('0123456789abcdef');
    expect(await text(store.read('STHSM/photo-1.jpg', { start: 2, end: 5 }))).toBe('2345');
    expect(await store.stat('STHSM/photo-1.jpg')).toMatchObject({ size: 16 });
    expect(await listed()).toEqual(['STHSM/albums/photo-2.jpg', 'STHSM/photo-1.jpg']);
    await store.remove('STHSM/photo-1.jpg');
    expect(await store.stat('STHSM/photo-1.jpg')).toBeNull();
    expect(await listed()).toEqual(['STHSM/albums/photo-2.jpg']);
  });

  it('fails the stream of a file that is not there, and refuses paths that are not plain', async () => {
    await expect(text(store.read('STHSM/absent.jpg'))).rejects.toThrow();
    expect(await store.stat('../escape.jpg')).toBeNull();
    expect(() => store.read('STHSM/../x.jpg')).toThrow('Not a plain relative media path');
  });

  it('gives up on a store that accepts connections and never answers, within its time-out', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(clusterTestPort(9), '127.0.0.1', resolve));
    const stuck = s3MediaStore({
      bucket: BUCKET,
      endpoint: `http://127.0.0.1:${clusterTestPort(9)}`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'x', secretAccessKey: 'y' },
      prefix: '',
      timeoutMs: 500,
    });
    const started = Date.now();
    try {
      await expect(stuck.stat('anything.jpg')).rejects.toThrow();
      await expect(stuck.check()).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      stuck.close();
      silent.close();
    }
  });

  it('refuses half a set of credentials at start-up', () => {
    expect(() => loadConfig({ S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'only-the-id' })).toThrow(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  });
});
