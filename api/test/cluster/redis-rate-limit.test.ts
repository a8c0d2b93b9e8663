import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeRedis } from '../../src/cluster/redis.ts';
import { createSchool } from '../factories.ts';
import { startTestApp, type TestApp } from '../helpers.ts';
import { ALUMNI_FORM, DEAD_REDIS_URL, REDIS_URL, clusterTestPort, dropKeys, testRedis, uniquePrefix } from './support.ts';

// REDIS_URL: the alumni form's limit (5 a minute per client) holds across servers, because the
// counters live in Redis; when Redis is down the form still works (docs/decisions/0082).

let admin: Redis;
const apps: TestApp[] = [];
const clients: Redis[] = [];
beforeAll(async () => {
  admin = await testRedis();
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()));
  await Promise.all(clients.splice(0).map((c) => closeRedis(c)));
});
afterAll(async () => {
  await closeRedis(admin);
});

/** A server on its own database and port, with its own Redis connection under `prefix`. */
async function server(offset: number, prefix: string, url = REDIS_URL) {
  const redis = await testRedis(url);
  clients.push(redis);
  const t = await startTestApp({ REDIS_KEY_PREFIX: prefix, FORM_RATE_LIMIT_PER_MINUTE: '5' }, undefined, { redis });
  apps.push(t);
  await createSchool(t.db);
  const port = clusterTestPort(offset);
  await t.app.listen({ port, host: '127.0.0.1' });
  return () =>
    fetch(`http://127.0.0.1:${port}/api/form/STHSM/alumni`, {
      method: 'POST',
      body: JSON.stringify(ALUMNI_FORM),
      headers: { 'content-type': 'application/json' },
    }).then((r) => r.status);
}

describe('rate limits in Redis', () => {
  it('counts one client across two servers: exactly 5 of 8 posts are accepted in total', async () => {
    const prefix = uniquePrefix();
    try {
      const [a, b] = [await server(0, prefix), await server(1, prefix)];
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push(await (i % 2 === 0 ? a : b)());
      expect(statuses.filter((s) => s === 201)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(3);
      expect(await admin.keys(`${prefix}rate-limit:*`)).toHaveLength(1);
    } finally {
      await dropKeys(admin, prefix);
    }
  });

  it('keeps two deployments apart by key prefix', async () => {
    const [p1, p2] = [uniquePrefix(), uniquePrefix()];
    try {
      const [a, b] = [await server(0, p1), await server(1, p2)];
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push(await a(), await b());
      expect(statuses.every((s) => s === 201)).toBe(true);
    } finally {
      await dropKeys(admin, p1);
      await dropKeys(admin, p2);
    }
  });

  it('lets posts through when Redis does not answer, rather than failing the form', async () => {
    const post = await server(0, uniquePrefix(), DEAD_REDIS_URL);
    expect([await post(), await post()]).toEqual([201, 201]);
  });
});
