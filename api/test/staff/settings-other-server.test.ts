import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingsBody } from '@sthsm/contract/settings';
import { findSchoolProfile } from '../../src/repositories/school-profiles.ts';
import { createSchool, createSchoolProfile } from '../factories.ts';
import { engine, NOW, otherServer, startTestApp, type TestApp } from '../helpers.ts';
import { as, createStaff, signIn, type Signed } from './staff-helpers.ts';

// A settings save shows on another server sharing the database at once, not after a cache life
// (docs/decisions/0061, issue 39): the save moves the school's counter, and the other server's
// cached public answer, stored under the old counter, is not replayed. The other server is built
// from a module graph of its own (vi.resetModules), so the writer's in-process signal
// (cache.ts contentChanged) cannot reach its cache, exactly as between two processes: the
// database's counter is all they share.

let t: TestApp;
let admin: Signed;
let other: FastifyInstance;

beforeAll(async () => {
  t = await startTestApp({}, () => NOW, { responseCache: true });
  await createSchool(t.db, { code: 'STHSM' });
  await createSchool(t.db, { code: 'OTHER', name: 'Another School' });
  await createSchoolProfile(t.db, { school: 'STHSM' });
  await createSchoolProfile(t.db, { school: 'OTHER', name: 'Another School', shortName: 'Another' });
  admin = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'admin' }));
  // A cache life far longer than the test, so only the counter can make the change show.
  other = await otherServer(t, { responseCacheTtlMs: 600_000 });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const phoneOn = async (app: FastifyInstance, code = 'STHSM') => {
  const res = await app.inject({ url: `/api/school/${code}` });
  expect(res.statusCode).toBe(200);
  return { phone: (res.json() as { profile: { phones: Array<{ number: string }> } }).profile.phones[0]?.number, etag: res.headers.etag };
};

async function withPhone(number: string): Promise<SettingsBody> {
  const current = await findSchoolProfile(t.db, 'STHSM');
  if (!current) throw new Error('no profile');
  const profile = structuredClone(current.profile);
  profile.phones![0] = { ...profile.phones![0]!, number };
  return { version: current.version, profile };
}

describe(`a settings save and another server's cache (${engine})`, () => {
  it("shows on the other server's cached public answer at once; the other school's entry stays", async () => {
    const before = await phoneOn(other);
    const otherSchool = await phoneOn(other, 'OTHER');
    // Cached there: the same answer is replayed.
    expect(await phoneOn(other)).toEqual(before);

    const res = await as(t.app, admin)('PUT', '/api/admin/STHSM/settings', await withPhone('+91 98765 11111'));
    expect(res.statusCode, res.body).toBe(200);

    const after = await phoneOn(other);
    expect(after.phone).toBe('+91 98765 11111');
    expect(after.etag).not.toBe(before.etag);
    expect(await phoneOn(other, 'OTHER')).toEqual(otherSchool);
  });
});
