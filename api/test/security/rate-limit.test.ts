import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { toFetchRequest } from '../../src/site.ts';
import { createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { testPort } from './raw-http.ts';
import { VALID_ALUMNI_FORM } from '../../../web/app/lib/testing/alumni-form.ts';

// The alumni and visitor POSTs answer 429 with Retry-After past their limits (defaults:
// 5 and 60 a minute per client); X-Forwarded-For only counts when it comes from a trusted proxy.
const VALID_FORM = VALID_ALUMNI_FORM;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const FORM_LIMIT = 5;
const VISITOR_LIMIT = 60;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A real server on loopback, so requests arrive from 127.0.0.1 as the site's own posts do. */
async function serve(env: Record<string, string>, offset: number) {
  t = await startTestApp(env);
  await createSchool(t.db);
  const port = testPort(offset);
  await t.app.listen({ port, host: '127.0.0.1' });
  const post = (url: string, body: object, xff?: string) =>
    fetch(`http://127.0.0.1:${port}${url}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER, ...(xff ? { 'x-forwarded-for': xff } : {}) },
    });
  return {
    form: (xff?: string) => post('/api/form/STHSM/alumni', VALID_FORM, xff),
    visit: (xff?: string) => post('/api/visitor', { schoolcode: 'STHSM' }, xff),
  };
}

async function statuses(n: number, send: (i: number) => Promise<Response | { statusCode: number }>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await send(i);
    out.push('status' in res ? res.status : res.statusCode);
  }
  return out;
}

async function expectLimited(res: Response, what: string) {
  expect(res.status, what).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter, `${what}: Retry-After`).toBeGreaterThan(0);
  expect(((await res.json()) as { error: string }).error).toMatch(/Too many requests/);
  return retryAfter;
}

describe(`rate limits (${engine})`, () => {
  it('TRUST_PROXY=off: a fresh spoofed X-Forwarded-For on every request does not reset either limit', async () => {
    const s = await serve({ TRUST_PROXY: 'off' }, 2);
    const forms = await statuses(FORM_LIMIT, (i) => s.form(`203.0.113.${i + 1}`));
    expect(forms).toEqual(Array(FORM_LIMIT).fill(201));
    const formRetry = await expectLimited(await s.form('203.0.113.200'), 'alumni POST');
    const visits = await statuses(VISITOR_LIMIT, (i) => s.visit(`198.51.100.${i + 1}`));
    expect(visits).toEqual(Array(VISITOR_LIMIT).fill(200));
    const visitRetry = await expectLimited(await s.visit('198.51.100.250'), 'visitor POST');
    console.log(
      `[rate limit ${engine}] TRUST_PROXY=off: alumni ${FORM_LIMIT}×201 then 429 (Retry-After ${formRetry} s), visitor ${VISITOR_LIMIT}×200 then 429 (Retry-After ${visitRetry} s), every request with a new spoofed X-Forwarded-For`,
    );
  });

  it('trusted proxy (the default, loopback): limits per forwarded client; a prepended spoof does not reset', async () => {
    const s = await serve({}, 3);
    expect(await statuses(FORM_LIMIT, () => s.form('192.0.2.10'))).toEqual(Array(FORM_LIMIT).fill(201));
    await expectLimited(await s.form('192.0.2.10'), 'alumni POST, same client');
    await expectLimited(await s.form('203.0.113.77, 192.0.2.10'), 'alumni POST, spoofed entry before the real one');
    expect((await s.form('192.0.2.11')).status).toBe(201);
    expect(await statuses(VISITOR_LIMIT, () => s.visit('192.0.2.20'))).toEqual(Array(VISITOR_LIMIT).fill(200));
    await expectLimited(await s.visit('192.0.2.20'), 'visitor POST, same client');
    expect((await s.visit('192.0.2.21')).status).toBe(200);
    console.log(`[rate limit ${engine}] TRUST_PROXY=loopback: per-client buckets by X-Forwarded-For (client A limited, client B served)`);
  });

  it('default: a direct client (not loopback) cannot spoof X-Forwarded-For', async () => {
    t = await startTestApp();
    await createSchool(t.db);
    const app = t.app;
    const send = (i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/form/STHSM/alumni',
        payload: VALID_FORM,
        remoteAddress: '198.51.100.7',
        headers: { 'x-forwarded-for': `10.9.9.${i}` },
      });
    for (let i = 0; i < FORM_LIMIT; i++) expect((await send(i)).statusCode).toBe(201);
    expect((await send(99)).statusCode).toBe(429);
  });

  it('IPv6: one bucket per /64, directly or named by the trusted site; IPv4-mapped addresses count as IPv4', async () => {
    t = await startTestApp();
    await createSchool(t.db);
    const app = t.app;
    const direct = (address: string) =>
      app.inject({ method: 'POST', url: '/api/form/STHSM/alumni', payload: VALID_FORM, remoteAddress: address });
    const viaSite = (address: string) =>
      app.inject({
        method: 'POST',
        url: '/api/form/STHSM/alumni',
        payload: VALID_FORM,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': address },
      });
    // One client owns 2^64 addresses of its /64: a new one per request must not reset the limit.
    const sameSlash64 = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:abcd::9',
      '2001:db8:1:2:ffff:ffff:ffff:fffe',
      '2001:db8:1:2:1:2:3:4',
      '2001:DB8:1:2::77',
    ];
    expect(await statuses(FORM_LIMIT, (i) => direct(sameSlash64[i] as string))).toEqual(Array(FORM_LIMIT).fill(201));
    expect((await direct('2001:db8:1:2:9999::1')).statusCode).toBe(429);
    expect((await direct('2001:db8:1:3::1')).statusCode).toBe(201);
    expect(await statuses(FORM_LIMIT, (i) => viaSite(`2001:db8:aa:bb::${i + 1}`))).toEqual(Array(FORM_LIMIT).fill(201));
    expect((await viaSite('2001:db8:aa:bb:cafe::1')).statusCode).toBe(429);
    expect(await statuses(FORM_LIMIT, (i) => direct(i % 2 ? '198.51.100.9' : '::ffff:198.51.100.9'))).toEqual(Array(FORM_LIMIT).fill(201));
    expect((await direct('198.51.100.9')).statusCode).toBe(429);
  });

  it('the in-process site sees only the address Fastify resolved, never the client-written X-Forwarded-For', async () => {
    for (const [trust, expected] of [
      ['', '198.51.100.7'],
      ['off', '198.51.100.7'],
      ['on', '203.0.113.5'],
    ] as const) {
      const config = loadConfig(trust ? { TRUST_PROXY: trust } : {});
      const app = Fastify({ trustProxy: config.trustProxy });
      app.get('/alumni', async (req) => toFetchRequest(req, { origins: config }).headers.get('x-forwarded-for'));
      const res = await app.inject({ url: '/alumni', remoteAddress: '198.51.100.7', headers: { 'x-forwarded-for': '203.0.113.5' } });
      expect(res.body, `TRUST_PROXY=${trust || '(default)'}`).toBe(expected);
      await app.close();
    }
  });
});
