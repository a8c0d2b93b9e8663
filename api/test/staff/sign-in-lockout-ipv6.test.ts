import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { createStaff, ORIGIN, PASSWORD } from './staff-helpers.ts';

// STAFF.md's "20 failures from one address": an IPv6 client is usually given a whole /64, so an
// IPv6 address counts per /64 (a stranger cannot take a fresh address for every 20 guesses);
// an IPv4 address, also written IPv4-mapped (::ffff:a.b.c.d), counts on its own, however it is spelt.

let t: TestApp;
let clock = new Date('2025-08-14T05:30:00.000Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeAll(async () => {
  t = await startTestApp({}, () => clock);
  await createSchool(t.db);
});
afterAll(() => t.close());

const post = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/session', payload: { email, password }, headers: { origin: ORIGIN }, remoteAddress });

/** 20 failures, the i-th from `addressOf(i)`, each with a new e-mail (no account lock plays a part). */
async function fail20(addressOf: (i: number) => string) {
  for (let i = 0; i < 20; i++) {
    const res = await post(`guess${i}-${Math.random()}@example.org`, 'wrong password', addressOf(i));
    expect(res.statusCode, `failure ${i + 1} from ${addressOf(i)}`).toBe(401);
  }
}

describe(`the per-address sign-in lock and IPv6 (${engine})`, { timeout: 90_000 }, () => {
  it('20 failures from 20 addresses of one /64 lock that /64, in any spelling; the next /64 signs in', async () => {
    const staff = await createStaff(t.db);
    await fail20((i) => (i % 2 ? `2001:db8:1:2::${(i + 1).toString(16)}` : `2001:DB8:1:2:0:0:${i}:1`));
    const locked = await post(staff.email, PASSWORD, '2001:db8:1:2:ffff:ffff:ffff:fffe');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await post(staff.email, PASSWORD, '2001:db8:1:3::1')).statusCode).toBe(200);
    advance(16 * 60_000);
  });

  it('an IPv4 address and its IPv4-mapped spellings are one address; its neighbour is another', async () => {
    const staff = await createStaff(t.db);
    await fail20((i) => [`10.6.0.1`, `::ffff:10.6.0.1`, `::FFFF:a06:1`, `0:0:0:0:0:ffff:10.6.0.1`][i % 4] as string);
    expect((await post(staff.email, PASSWORD, '10.6.0.1')).statusCode).toBe(429);
    expect((await post(staff.email, PASSWORD, '::ffff:10.6.0.1')).statusCode).toBe(429);
    expect((await post(staff.email, PASSWORD, '10.6.0.2')).statusCode).toBe(200);
    advance(16 * 60_000);
  });
});
