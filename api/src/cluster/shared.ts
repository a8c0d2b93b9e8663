import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { ContentWatch } from '../content/watch.ts';
import { s3MediaStore, type S3MediaStore } from '../media/s3.ts';
import { startCrossServerInvalidation } from './invalidation.ts';
import type { ReadinessCheck } from './readiness.ts';
import { closeRedis, connected, openRedis, pingRedis, type RedisLog } from './redis.ts';

// The state several servers share, opened from the configuration (docs/scaling.md). With no
// REDIS_URL and no S3_BUCKET nothing is opened: rate limits stay in memory, other servers' writes
// show through the database counter within a second, and media stay on local disk, as in one process.

export interface SharedState {
  /** For the rate limiter (buildApp's `redis`). */
  redis?: Redis;
  /** The media store in S3 (S3_BUCKET), for the media library; none: local disk. */
  media?: S3MediaStore;
  /** Readiness checks for what is configured. */
  checks: ReadinessCheck[];
  /** Resolves when Redis is connected and cross-server invalidation listens, or gave up waiting (at once without Redis). */
  ready: Promise<void>;
  close: () => Promise<void>;
}

export function openSharedState(
  config: Pick<Config, 'redisUrl' | 'redisKeyPrefix' | 's3'>,
  watch: ContentWatch,
  log: RedisLog,
): SharedState {
  const media = config.s3 ? s3MediaStore(config.s3) : undefined;
  const storage: ReadinessCheck[] = media ? [{ name: 'storage', check: () => media.check() }] : [];
  if (!config.redisUrl) {
    return { ...(media ? { media } : {}), checks: storage, ready: Promise.resolve(), close: async () => media?.close() };
  }
  const redis = openRedis(config.redisUrl, log);
  const subscriber = openRedis(config.redisUrl, log, { subscriber: true });
  const invalidation = startCrossServerInvalidation({ publisher: redis, subscriber, keyPrefix: config.redisKeyPrefix, watch, log });
  return {
    redis,
    ...(media ? { media } : {}),
    checks: [{ name: 'redis', check: () => pingRedis(redis) }, ...storage],
    ready: Promise.all([connected(redis), invalidation.ready.catch(() => {})]).then(() => undefined),
    async close() {
      invalidation.stop();
      media?.close();
      await Promise.all([closeRedis(subscriber), closeRedis(redis)]);
    },
  };
}
