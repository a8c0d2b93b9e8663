import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SchoolResolver } from '../../src/school-hosts.ts';
import { createSchool } from '../factories.ts';
import { startTestApp, type TestApp } from '../helpers.ts';
import { as, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';

// OPERATIONS.md: host name changes are visible on every server within a minute. Another server's
// resolver on the same database, from a module graph of its own (decision 0118: the writer's
// in-process signal cannot reach it), with its default minute-long reload on a fake interval clock:
// a host added through this server is not yet known there at 59 s, and is at 60 s; removed, likewise.
// A suspension read from the database on each ask holds on every server at once; the server's own
// way (schools/suspension.ts) holds it per content counter, so another server sees it within the
// counters' second and reads the database only when a counter moved.

let t: TestApp;
let operator: Signed;
let other: SchoolResolver;

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'GREEN', name: 'Green Valley School' });
  operator = await signIn(t.app, await createStaff(t.db, { operator: true }));
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  vi.resetModules();
  const { createSchoolResolver } = await import('../../src/school-hosts.ts');
  other = await createSchoolResolver(t.db, 'STHSM');
});
afterAll(async () => {
  other?.close();
  vi.useRealTimers();
  await t?.close();
});

/** Waits (real time) for the other server's reload to have finished. */
async function eventually(check: () => boolean): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

describe('another server', () => {
  it('serves a host name added here within a minute, and stops serving a removed one within a minute', async () => {
    expect(other.schoolOf('www.green.example')).toBeNull();
    expect((await as(t.app, operator)('POST', '/api/admin/schools/GREEN/hosts', { host: 'www.green.example' })).statusCode).toBe(201);
    vi.advanceTimersByTime(59_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(other.schoolOf('www.green.example')).toBeNull();
    vi.advanceTimersByTime(1_000);
    expect(await eventually(() => other.schoolOf('www.green.example') === 'GREEN')).toBe(true);

    expect((await as(t.app, operator)('DELETE', '/api/admin/schools/GREEN/hosts/www.green.example')).statusCode).toBe(200);
    vi.advanceTimersByTime(60_000);
    expect(await eventually(() => other.schoolOf('www.green.example') === null)).toBe(true);
  });

  it('serves a host name added on another process at once when a page asks for it', async () => {
    expect((await as(t.app, operator)('POST', '/api/admin/schools/GREEN/hosts', { host: 'new.green.example' })).statusCode).toBe(201);
    expect(other.schoolOf('new.green.example')).toBeNull();
    // A page asked for the name looks it up (the link `npm run school -- create` prints works at once).
    expect(await other.reloadOnMiss('New.Green.Example')).toBe(true);
    expect(other.schoolOf('new.green.example')).toBe('GREEN');
    // A name nobody serves costs one indexed look-up, and no reload of the table.
    const reads = vi.spyOn(t.db, 'selectFrom');
    expect(await other.reloadOnMiss('junk.example')).toBe(false);
    expect(reads.mock.calls.map(([table]) => table)).toEqual(['school_hosts']);
    reads.mockRestore();
  });

  it('serves the default school on its addresses at once when it is made after the server started', async () => {
    const { createSchoolResolver } = await import('../../src/school-hosts.ts');
    const later = await createSchoolResolver(t.db, 'LATER');
    try {
      expect(await later.reloadOnMiss('localhost')).toBe(false);
      await createSchool(t.db, { code: 'LATER', name: 'Made Later School' });
      expect(later.schoolOf('localhost')).toBeNull();
      expect(await later.reloadOnMiss('localhost')).toBe(true);
      expect(later.schoolOf('localhost')).toBe('LATER');
      expect(later.schoolOf('127.0.0.1')).toBe('LATER');
    } finally {
      later.close();
    }
  });

  it('sees a suspension and its lifting at once', async () => {
    expect(await other.isSuspended('GREEN')).toBe(false);
    await as(t.app, operator)('PUT', '/api/admin/schools/GREEN/suspension', { suspended: true });
    expect(await other.isSuspended('GREEN')).toBe(true);
    await as(t.app, operator)('PUT', '/api/admin/schools/GREEN/suspension', { suspended: false });
    expect(await other.isSuspended('GREEN')).toBe(false);
  });

  it("as the server asks, sees a suspension and its lifting within the content counters' second", async () => {
    const { createContentWatch } = await import('../../src/content/watch.ts');
    const { createSuspensionCheck } = await import('../../src/schools/suspension.ts');
    const { createSchoolResolver } = await import('../../src/school-hosts.ts');
    let clock = 0;
    const watch = createContentWatch(t.db, { intervalMs: 1000, clockMs: () => clock });
    const server = await createSchoolResolver(t.db, 'STHSM', { suspended: createSuspensionCheck(t.db, watch) });
    const suspendedAt = (at: string | null) => t.db.updateTable('schools').set({ suspended_at: at }).where('code', '=', 'GREEN').execute();
    try {
      expect(await server.isSuspended('GREEN')).toBe(false);
      // Held: with the counter standing, a row changed behind the product's back is not read again,
      // however long it has been (the counters themselves are read again after their second).
      await suspendedAt(new Date().toISOString());
      clock += 5000;
      expect(await server.isSuspended('GREEN')).toBe(false);
      await suspendedAt(null);
      await as(t.app, operator)('PUT', '/api/admin/schools/GREEN/suspension', { suspended: true });
      clock += 400;
      expect(await server.isSuspended('GREEN')).toBe(false);
      clock += 601;
      expect(await server.isSuspended('GREEN')).toBe(true);
      expect(await server.isSuspended('STHSM')).toBe(false);
      await as(t.app, operator)('PUT', '/api/admin/schools/GREEN/suspension', { suspended: false });
      clock += 1001;
      expect(await server.isSuspended('GREEN')).toBe(false);
    } finally {
      server.close();
    }
  });
});
