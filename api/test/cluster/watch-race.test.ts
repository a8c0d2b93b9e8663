import { afterEach, describe, expect, it } from 'vitest';
import { bumpContentVersion } from '../../src/content/state.ts';
import { createContentWatch } from '../../src/content/watch.ts';
import { createSchool } from '../factories.ts';
import { NOW, startTestApp, type TestApp } from '../helpers.ts';

// Another server's write is announced (Redis) while this server is reading the counters: the read
// that started before the announcement must not count as fresh, or the write would wait for the
// next interval.
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('content watch', () => {
  it('reads the counters again after a change announced during a read', async () => {
    t = await startTestApp();
    await createSchool(t.db);
    const watch = createContentWatch(t.db, { now: () => NOW, intervalMs: 60_000 });
    const before = await watch.stamp('STHSM');
    watch.changed();
    const reading = watch.stamp('STHSM');
    const written = bumpContentVersion(t.db, 'STHSM', NOW);
    watch.changed();
    // The read in flight may see the counter before or after the write (on PostgreSQL they run on two
    // pooled connections, in either order); what matters is the next stamp.
    expect([before, before + 1]).toContain(await reading);
    await written;
    expect(await watch.stamp('STHSM')).toBe(before + 1);
  });
});
