import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { closeRedis, pingRedis } from '../../src/cluster/redis.ts';
import type { Readiness } from '../../src/cluster/readiness.ts';
import { startTestApp, type TestApp } from '../helpers.ts';
import { DEAD_REDIS_URL, testRedis } from './support.ts';

// /api/health/live answers while the process runs; /api/health/ready only when the database and
// what else is configured (Redis, storage) answer and the server is not shutting down.
let t: TestApp | undefined;
let redis: Redis | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  if (redis) await closeRedis(redis);
  redis = undefined;
});

async function start(url: string | null, draining = () => false) {
  redis = url ? await testRedis(url) : undefined;
  const client = redis;
  const readiness: Readiness = { checks: client ? [{ name: 'redis', check: () => pingRedis(client) }] : [], draining };
  t = await startTestApp({}, undefined, { readiness });
  const app = t.app;
  return (path: string) => app.inject({ method: 'GET', url: path });
}

describe('health: liveness and readiness', () => {
  it('is ready when the database and Redis answer', async () => {
    const get = await start('redis://127.0.0.1:6379');
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
    expect((await get('/api/health/live')).json()).toEqual({ status: 'ok' });
    expect((await get('/api/health')).json()).toEqual({ status: 'ok' });
  });

  it('is not ready while Redis is down, and stays alive', async () => {
    const get = await start(DEAD_REDIS_URL);
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ error: 'Not ready: redis not answering.', checks: { database: 'ok', redis: 'failing' } });
    expect((await get('/api/health/live')).statusCode).toBe(200);
  });

  it('is not ready when the database is gone, and stays alive', async () => {
    const get = await start(null);
    await t?.db.destroy();
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ checks: { database: 'failing' } });
    expect((await get('/api/health/live')).statusCode).toBe(200);
  });

  it('is not ready once shutting down, before any dependency fails', async () => {
    let draining = false;
    const get = await start(null, () => draining);
    expect((await get('/api/health/ready')).statusCode).toBe(200);
    draining = true;
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ error: 'The server is shutting down.' });
  });
});
