import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentChanged } from '../../src/cache.ts';
import { startCrossServerInvalidation, type CrossServerInvalidation } from '../../src/cluster/invalidation.ts';
import { closeRedis } from '../../src/cluster/redis.ts';
import type { ContentWatch } from '../../src/content/watch.ts';
import { testRedis, testSubscriber, uniquePrefix } from './support.ts';

// A content write in one server reaches every other server's watch through Redis at once; the
// writer ignores its own echo (its caches already dropped the school's entries).
const clients: Redis[] = [];
const running: CrossServerInvalidation[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) r.stop();
  await Promise.all(clients.splice(0).map((c) => closeRedis(c)));
});

function fakeWatch() {
  const changed = vi.fn<() => void>();
  const watch: ContentWatch = { stamp: async () => 0, msUntilTransition: () => null, changed };
  return Object.assign(watch, { changed });
}

/** One "server": its publisher, subscriber and watch, under `prefix`. */
async function server(prefix: string) {
  const [publisher, subscriber] = [await testRedis(), testSubscriber()];
  clients.push(publisher, subscriber);
  const watch = fakeWatch();
  const invalidation = startCrossServerInvalidation({ publisher, subscriber, keyPrefix: prefix, watch, log: { warn: () => {} } });
  running.push(invalidation);
  await invalidation.ready;
  return { watch, invalidation };
}

/** A message as another server publishes it. */
const fromAnother = (school: string) => JSON.stringify({ from: 'another-server', school });

describe('cross-server cache invalidation', () => {
  it("publishes the school's code when this process commits a write", async () => {
    const prefix = uniquePrefix();
    const { invalidation } = await server(prefix);
    const listener = testSubscriber();
    clients.push(listener);
    const heard: string[] = [];
    listener.on('message', (_channel: string, text: string) => heard.push(text));
    await listener.subscribe(invalidation.channel);
    contentChanged('STHSM');
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect(JSON.parse(heard[0] ?? '')).toMatchObject({ school: 'STHSM' });
  });

  it("calls changed() for another server's write, not for its own echo", async () => {
    const prefix = uniquePrefix();
    const { watch, invalidation } = await server(prefix);
    const other = await testRedis();
    clients.push(other);
    await other.publish(invalidation.channel, fromAnother('STHSM'));
    await vi.waitFor(() => expect(watch.changed).toHaveBeenCalledTimes(1));
    // Its own publish comes back on the channel before the next message: it must not count.
    contentChanged('STHSM');
    await other.publish(invalidation.channel, 'not json');
    await other.publish(invalidation.channel, fromAnother('DEMO2'));
    await vi.waitFor(() => expect(watch.changed).toHaveBeenCalledTimes(2));
    await new Promise((r) => setTimeout(r, 100));
    expect(watch.changed).toHaveBeenCalledTimes(2);
  });

  it('hears nothing from another deployment on the same Redis', async () => {
    const mine = await server(uniquePrefix());
    const theirs = await server(uniquePrefix());
    const other = await testRedis();
    clients.push(other);
    await other.publish(theirs.invalidation.channel, fromAnother('STHSM'));
    await other.publish(mine.invalidation.channel, fromAnother('STHSM'));
    await vi.waitFor(() => expect(mine.watch.changed).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(theirs.watch.changed).toHaveBeenCalledTimes(1));
  });
});
