import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../helpers.ts';
import { phoneJpeg } from '../media/media-helpers.ts';
import { caddyBinary, httpCall, httpsCall, startCaddy, type Answer, type Call, type RunningCaddy } from './caddy.ts';
import { observatoryInstalled, observatoryScan } from './observatory.ts';
import { LITTLE_FLOWER, ST_THOMAS, startTwoSchoolServer, type TwoSchoolServer } from './two-schools.ts';

// deploy/Caddyfile in front of a server with two schools (issue 33, docs/deploy.md): the shipped file
// with test ports and Caddy's internal CA, on-demand certificates asked of GET /api/tls/allowed.
// Runs in each API project on ports of its own (3620–3629 SQLite, 3630–3639 PostgreSQL).

const caddy = caddyBinary();
if (!caddy && process.env.CI)
  throw new Error('caddy is not installed: .ci/run installs it (apt-get install caddy); CI must run this test.');
if (!caddy) console.warn('\n!!! caddy is not installed: api/test/proxy/caddy.test.ts is SKIPPED (apt-get install caddy to run it) !!!\n');

const base = engine === 'postgres' ? 3630 : 3620;
const ports = { server: base, http: base + 1, https: base + 2, admin: base + 3 };
const UNKNOWN = 'unknown.example';

let server: TwoSchoolServer;
let proxy: RunningCaddy;
let dir: string;

const call = (host: string, c: Call = {}): Promise<Answer> => httpsCall(ports.https, proxy.ca, host, c);

/** A visitor-counter post from the loopback address `from`, carrying a made-up X-Forwarded-For. */
const visit = (from: string, spoof: string) =>
  call(LITTLE_FLOWER, {
    method: 'POST',
    path: '/api/visitor',
    from,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': spoof },
    body: JSON.stringify({ schoolcode: 'DEMO2' }),
  });

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** Signs a Little Flower office member in through Caddy: the session cookie as set, and the CSRF token. */
async function signInThroughProxy(): Promise<{ setCookie: string; cookie: string; csrf: string }> {
  const person = await server.staff();
  const res = await call(LITTLE_FLOWER, {
    method: 'POST',
    path: '/api/admin/session',
    headers: { 'content-type': 'application/json', origin: `https://${LITTLE_FLOWER}:${ports.https}` },
    body: JSON.stringify(person),
  });
  expect(res.status, res.body).toBe(200);
  const setCookie = [res.headers['set-cookie'] ?? []].flat().find((c) => c.includes('staff_session=')) ?? '';
  const cookie = setCookie.split(';')[0] ?? '';
  const me = await call(LITTLE_FLOWER, { path: '/api/admin/me', headers: { cookie } });
  return { setCookie, cookie, csrf: JSON.parse(me.body).csrfToken };
}

describe.skipIf(!caddy)('Caddy (deploy/Caddyfile) in front of the server', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sthsm-caddy-'));
    server = await startTwoSchoolServer(ports.server, { VISITOR_RATE_LIMIT_PER_MINUTE: '3' });
    proxy = await startCaddy(caddy as string, dir, ports);
  }, 60_000);
  afterAll(async () => {
    await proxy?.stop();
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('gives a known host a certificate for its name and its own school', async () => {
    // A visitor's own X-Forwarded-Host does not choose the school: Caddy sets the header itself.
    const res = await call(LITTLE_FLOWER, { headers: { 'x-forwarded-host': ST_THOMAS } });
    expect(res.status, proxy.log()).toBe(200);
    expect(res.certificateNames).toBe(`DNS:${LITTLE_FLOWER}`);
    expect(res.body).toContain('<h1>Little Flower Convent School</h1>');
    expect(res.body).not.toContain('St. Thomas');
    const other = await call(ST_THOMAS);
    expect(other.certificateNames).toBe(`DNS:${ST_THOMAS}`);
    expect(other.body).toContain('<h1>St. Thomas Higher Secondary School</h1>');
    // HSTS once (Caddy's replaces the server's), and the server's own security headers pass through.
    expect(res.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(res.headers.server).toBeUndefined();
  });

  it('gives an unknown host no certificate: the handshake fails and nothing is stored for it', async () => {
    await expect(call(UNKNOWN)).rejects.toThrow(/alert|handshake|socket/i);
    const stored = readdirSync(proxy.dataDir, { recursive: true }).map(String);
    expect(stored.some((p) => p.includes(LITTLE_FLOWER))).toBe(true);
    expect(stored.some((p) => p.includes(UNKNOWN))).toBe(false);
  });

  it('redirects plain HTTP to the same address on HTTPS', async () => {
    const res = await httpCall(ports.http, LITTLE_FLOWER, '/Events?year=2025');
    expect(res.status).toBe(308);
    expect(res.headers.location).toBe(`https://${LITTLE_FLOWER}:${ports.https}/Events?year=2025`);
  });

  it('makes the staff session cookie __Host- and Secure (the server sees HTTPS through it)', async () => {
    const { setCookie } = await signInThroughProxy();
    expect(setCookie).toMatch(/^__Host-staff_session=/);
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/; Path=\/(;|$)/);
    expect(setCookie).not.toMatch(/Domain=/i);
  });

  it("counts the rate limits by the visitor's own address, whatever X-Forwarded-For the visitor writes", async () => {
    // Three a minute per address here: a new made-up address each time does not buy a fourth.
    for (let i = 1; i <= 3; i++) expect((await visit('127.0.0.2', `203.0.113.${i}`)).status).toBe(200);
    expect((await visit('127.0.0.2', '203.0.113.99')).status).toBe(429);
    // Another visitor (not Caddy's own address, which every request would share otherwise) has a bucket of its own.
    expect((await visit('127.0.0.3', '203.0.113.1')).status).toBe(200);
  });

  it('takes a resumable (tus) upload through it, in two parts, into the library', async () => {
    const { cookie, csrf } = await signInThroughProxy();
    const staff = { cookie, 'x-csrf-token': csrf, origin: `https://${LITTLE_FLOWER}:${ports.https}`, 'tus-resumable': '1.0.0' };
    const bytes = await phoneJpeg(640, 480);
    const created = await call(LITTLE_FLOWER, {
      method: 'POST',
      path: '/api/admin/media/uploads',
      headers: {
        ...staff,
        'upload-length': String(bytes.length),
        'upload-metadata': `filename ${b64('sports-day.jpg')},filetype ${b64('image/jpeg')}`,
      },
    });
    expect(created.status, created.body).toBe(201);
    const location = String(created.headers.location);
    const half = Math.floor(bytes.length / 2);
    const part = (offset: number, chunk: Buffer) =>
      call(LITTLE_FLOWER, {
        method: 'PATCH',
        path: location,
        headers: { ...staff, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
        body: chunk,
      });
    expect((await part(0, bytes.subarray(0, half))).status).toBe(204);
    // Where it stands, as a client resuming after a dropped connection asks.
    const head = await call(LITTLE_FLOWER, { method: 'HEAD', path: location, headers: staff });
    expect(head.headers['upload-offset']).toBe(String(half));
    expect((await part(half, bytes.subarray(half))).status).toBe(204);
    const id = location.split('/').pop() as string;
    const added = await call(LITTLE_FLOWER, {
      method: 'POST',
      path: '/api/admin/media',
      headers: { cookie, 'x-csrf-token': csrf, origin: staff.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ upload: id }),
    });
    expect(added.status, added.body).toBe(201);
    expect(JSON.parse(added.body).item).toMatchObject({ kind: 'image', name: 'sports-day.jpg' });
  });

  // The scanner is installed by .ci/run (not an npm dependency: see observatory.ts); CI always has it.
  const scanner = observatoryInstalled() || Boolean(process.env.CI);
  if (!scanner)
    console.warn('\n!!! The MDN HTTP Observatory scanner is not in .cache/observatory: its test is SKIPPED (see .ci/run) !!!\n');
  it.skipIf(!scanner)(
    'scores A+ in the MDN HTTP Observatory (offline)',
    async () => {
      const result = await observatoryScan(LITTLE_FLOWER, ports, proxy.ca);
      console.log(
        `MDN HTTP Observatory through Caddy: ${result.grade} (${result.score}/100), ${result.testsPassed} of ${result.testsQuantity} tests passed`,
      );
      expect(result.failed).toEqual([]);
      expect(result.grade).toBe('A+');
    },
    60_000,
  );

  // Last: it stops the server.
  it('answers with a page of its own, HSTS included, when no server answers', async () => {
    await server.t.app.close();
    const res = await call(LITTLE_FLOWER, { path: '/Events' });
    // 502 when Caddy's dial fails, 503 once its health check (every 2 s) has marked the server down.
    expect([502, 503]).toContain(res.status);
    expect(res.body).toBe('The school website is not answering just now. Please try again in a minute.');
    expect(res.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(res.headers.server).toBeUndefined();
  }, 20_000);
});
