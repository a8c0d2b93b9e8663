import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { onContentChange } from '../cache.ts';
import type { ContentWatch } from '../content/watch.ts';
import type { RedisLog } from './redis.ts';

// Cross-server cache invalidation (docs/decisions/0082): when this process commits a write of a
// school's public content, it publishes the school's code; every other server hearing it calls
// its watch's changed(), so its next cached answer re-reads the counters in the database first.
// The message carries no content and decides nothing: the per-school counter (0061) stays the
// truth, and a lost message (Redis down) only means the usual one-second re-read.

interface Message {
  /** The publishing process, so it ignores its own echo. */
  from: string;
  school: string | null;
}

export interface CrossServerInvalidation {
  /** The channel's name (tests listen on it). */
  channel: string;
  /** Resolves once the subscription is in place. */
  ready: Promise<void>;
  stop: () => void;
}

export function startCrossServerInvalidation(options: {
  publisher: Redis;
  subscriber: Redis;
  keyPrefix: string;
  watch: ContentWatch;
  log: RedisLog;
}): CrossServerInvalidation {
  const { publisher, subscriber, watch, log } = options;
  const channel = `${options.keyPrefix}content-changed`;
  const self = randomUUID();

  const stopListening = onContentChange((school) => {
    const message: Message = { from: self, school };
    publisher.publish(channel, JSON.stringify(message)).catch((err: unknown) => {
      // The other servers still see the counter within a second (0061).
      log.warn({ error: err instanceof Error ? err.message : String(err) }, 'redis: could not publish a content change');
    });
  });
  const onMessage = (from: string, text: string) => {
    if (from !== channel) return;
    try {
      const message = JSON.parse(text) as Message;
      if (message.from !== self) watch.changed();
    } catch {
      // Not ours: ignore.
    }
  };
  subscriber.on('message', onMessage);
  const ready = subscriber.subscribe(channel).then(() => undefined);
  ready.catch((err: unknown) => {
    log.warn({ error: err instanceof Error ? err.message : String(err) }, 'redis: could not subscribe to content changes');
  });
  return {
    channel,
    ready,
    stop() {
      stopListening();
      subscriber.off('message', onMessage);
    },
  };
}
