import { Redis } from 'ioredis';

// One way to open Redis for the platform (REDIS_URL): short time-outs, no offline queue, so a
// Redis that is down makes a call fail within a second instead of holding a request; the client
// keeps reconnecting in the background on its own (docs/decisions/0082).

/** A command (INCR for a rate limit, PUBLISH, PING) gets this long. */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;
const CONNECT_TIMEOUT_MS = 2000;
/** Reconnection attempts back off up to this. */
const MAX_RECONNECT_DELAY_MS = 2000;

export interface RedisLog {
  warn: (obj: object, msg: string) => void;
}

/**
 * A client for `url`. `subscriber` clients (pub/sub) keep the offline queue, so SUBSCRIBE is
 * repeated after a reconnect; command clients fail fast. Connection errors are logged once per
 * outage, never thrown.
 */
export function openRedis(url: string, log: RedisLog, { subscriber = false } = {}): Redis {
  const client = new Redis(url, {
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: subscriber ? undefined : REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: subscriber ? null : 1,
    enableOfflineQueue: subscriber,
    retryStrategy: (times) => Math.min(times * 200, MAX_RECONNECT_DELAY_MS),
    lazyConnect: false,
  });
  let down = false;
  client.on('error', (err: Error) => {
    if (down) return;
    down = true;
    // The URL may hold a password: only the message, which ioredis writes without it.
    log.warn({ error: err.message }, 'redis: not reachable; retrying in the background');
  });
  client.on('ready', () => {
    down = false;
  });
  return client;
}

/**
 * Resolves when the client is connected, or after `ms` whatever its state (a server starts even
 * when Redis is down; its limiter then lets requests through and readiness says why).
 */
export function connected(client: Redis, ms = CONNECT_TIMEOUT_MS): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref();
    client.once('ready', done);
  });
}

/** PING within the command time-out; throws when Redis does not answer. */
export async function pingRedis(client: Redis): Promise<void> {
  const answer = await Promise.race([
    client.ping(),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('Redis did not answer within 1 s')), REDIS_COMMAND_TIMEOUT_MS).unref(),
    ),
  ]);
  if (answer !== 'PONG') throw new Error(`Redis answered ${answer}`);
}

/** Closes the client: QUIT when connected, otherwise at once. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
  else client.disconnect();
}
