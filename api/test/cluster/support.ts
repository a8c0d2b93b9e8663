import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { connected, openRedis } from '../../src/cluster/redis.ts';

// Redis for the cluster tests: 127.0.0.1:6379 (REDIS_URL to override), each test run under a key
// prefix of its own whose keys are deleted afterwards; a closed port stands for "Redis is down".

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Nothing listens here: a Redis that is down. */
export const DEAD_REDIS_URL = 'redis://127.0.0.1:1';

const quiet = { warn: () => {} };

/** A command client, connected (or given up on after 2 s, for the Redis that is down). */
export async function testRedis(url = REDIS_URL): Promise<Redis> {
  const client = openRedis(url, quiet);
  await connected(client);
  return client;
}

export function testSubscriber(url = REDIS_URL): Redis {
  return openRedis(url, quiet, { subscriber: true });
}

export const uniquePrefix = () => `sthsm-test-${randomUUID().slice(0, 8)}:`;

/** Deletes every key under `prefix`. */
export async function dropKeys(redis: Redis, prefix: string): Promise<void> {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
}

/** Ports for the cluster tests' own listeners: 3610-3619 on SQLite, 3620-3629 on PostgreSQL. */
export function clusterTestPort(offset: number): number {
  return (process.env.TEST_DB_ENGINE === 'postgres' ? 3620 : 3610) + offset;
}

/** A valid alumni form (fictional). */
export const ALUMNI_FORM = {
  fromYear: '2004 to 2005',
  class: '1',
  toYear: '2015 to 2016',
  school2: '12',
  fatherName: 'Asha',
  subject: '3',
  name: 'Test Alumna',
  email: 'alumna@example.org',
  phone: '00000 00000',
  location: 'Testville',
  address: '1 Example Road',
  profession1: '20',
};
