import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { startTestApp, type TestApp } from '../helpers.ts';
import { metricsPort } from './support.ts';

// Who may read GET /metrics (OPERATIONS.md): a client on this machine as TRUST_PROXY resolves it —
// not a visitor a local proxy forwarded from the internet — or, with METRICS_TOKEN, only the bearer
// of the token. Everyone else gets a plain 404.

let open: TestApp;
let tokened: TestApp;
let base: string;
const TOKEN = 'a-long-random-token-for-the-scraper';

beforeAll(async () => {
  open = await startTestApp();
  tokened = await startTestApp({ METRICS_TOKEN: TOKEN });
  await open.app.listen({ port: metricsPort(1), host: '127.0.0.1' });
  base = `http://127.0.0.1:${(open.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await open?.close();
  await tokened?.close();
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('answers a client on this machine', async () => {
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^# HELP sthsm_/m);
  });

  it('is 404 to a public client forwarded by a trusted proxy on this machine (TRUST_PROXY=loopback)', async () => {
    const res = await fetch(`${base}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toMatch(/sthsm_/);
    // A proxy hop that is itself on this machine's network still names the public client last.
    const chained = await fetch(`${base}/metrics`, { headers: { 'x-forwarded-for': '127.0.0.1, 198.51.100.4' } });
    expect(chained.status).toBe(404);
  });

  it('is 404 to a client on another machine', async () => {
    const res = await open.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '198.51.100.20' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/sthsm_/);
  });
});

const tokenedGet = (remoteAddress: string, authorization?: string) =>
  tokened.app.inject({ method: 'GET', url: '/metrics', remoteAddress, ...(authorization ? { headers: { authorization } } : {}) });

describe('GET /metrics with METRICS_TOKEN', () => {
  it('answers the token from anywhere', async () => {
    expect((await tokenedGet('198.51.100.20', `Bearer ${TOKEN}`)).statusCode).toBe(200);
    expect((await tokenedGet('127.0.0.1', `Bearer ${TOKEN}`)).statusCode).toBe(200);
  });

  it('is 404 without it, with another, or in another scheme, even on this machine', async () => {
    expect((await tokenedGet('127.0.0.1')).statusCode).toBe(404);
    expect((await tokenedGet('127.0.0.1', `Bearer ${TOKEN}x`)).statusCode).toBe(404);
    expect((await tokenedGet('127.0.0.1', `Basic ${TOKEN}`)).statusCode).toBe(404);
    expect((await tokenedGet('198.51.100.20', 'Bearer ')).statusCode).toBe(404);
  });

  it('refuses a token too short to be secret at start-up', async () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });
});

describe('the OpenAPI document', () => {
  it('lists GET /metrics with who may read it', async () => {
    const doc = (await open.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/metrics'].get.summary).toMatch(/this machine only.*METRICS_TOKEN/);
  });
});
