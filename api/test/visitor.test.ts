import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool } from './factories.ts';
import { startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let ipCounter = 0;
/** A distinct client address per call, so the per-IP rate limit stays out of the way. */
const nextIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db, { visitor: 500 });
  await createSchool(t.db, { code: 'OTHER', visitor: 7 });
});
afterAll(() => t.close());

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const count = async (code = 'STHSM') => (await t.app.inject({ method: 'GET', url: `/api/visitor/${code}` })).json()[0].visitor as number;
const visit = (headers: Record<string, string> = {}, remoteAddress = nextIp(), body: unknown = { schoolcode: 'STHSM' }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/visitor',
    payload: body as object,
    headers: { 'user-agent': BROWSER, ...headers },
    remoteAddress,
  });

describe('GET /api/visitor/{code}', () => {
  it('answers [{ visitor }] and 404 for an unknown school', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/visitor/OTHER', headers: { authorization: 'Bearer x' } });
    expect(res.json()).toEqual([{ visitor: 7 }]);
    expect((await t.app.inject({ method: 'GET', url: '/api/visitor/NOPE' })).statusCode).toBe(404);
  });
});

describe('POST /api/visitor', () => {
  it('counts a new browser once and sets an HttpOnly, SameSite=Lax cookie for 30 minutes', async () => {
    const before = await count();
    const res = await visit();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ visitor: before + 1 }]);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/visited_STHSM=1/);
    expect(cookie).toMatch(/Max-Age=1800/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);

    const again = await visit({ cookie: 'visited_STHSM=1' });
    expect(again.json()).toEqual([{ visitor: before + 1 }]);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(await count('OTHER')).toBe(7);
  });

  it('does not count bots', async () => {
    const before = await count();
    const res = await visit({ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    expect(res.json()).toEqual([{ visitor: before }]);
    expect(await count()).toBe(before);
  });

  it('accepts a form-encoded body too', async () => {
    const before = await count();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/visitor',
      payload: 'schoolcode=STHSM',
      remoteAddress: nextIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER },
    });
    expect(res.json()).toEqual([{ visitor: before + 1 }]);
  });

  it('answers 400 without a school code and 404 for an unknown one', async () => {
    const missing = await visit({}, nextIp(), {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/schoolcode/);
    const unknown = await visit({}, nextIp(), { schoolcode: 'NOPE' });
    expect(unknown.statusCode).toBe(404);
  });

  it('counts 1,000 concurrent first visits exactly', async () => {
    const before = await count();
    const responses = await Promise.all(Array.from({ length: 1000 }, () => visit()));
    // Every visit answered 200 (on failure, which statuses and the first error say why).
    const statuses: Record<number, number> = {};
    for (const r of responses) statuses[r.statusCode] = (statuses[r.statusCode] ?? 0) + 1;
    expect(statuses, responses.find((r) => r.statusCode !== 200)?.body).toEqual({ 200: 1000 });
    expect(await count()).toBe(before + 1000);
    const answered = new Set(responses.map((r) => r.json()[0].visitor));
    expect(answered.size).toBe(1000);
  });

  it('rate-limits one address to 60 registrations a minute with Retry-After', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 60; i++) expect((await visit({}, ip)).statusCode).toBe(200);
    const limited = await visit({}, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({ error: expect.stringMatching(/Too many requests/) });
  });
});
