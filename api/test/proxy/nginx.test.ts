import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../helpers.ts';
import { LITTLE_FLOWER, ST_THOMAS, startTwoSchoolServer, type TwoSchoolServer } from './two-schools.ts';

// deploy/nginx-cluster.conf in front of the two-school server: whatever forwarded headers a visitor
// writes, the server sees only what nginx itself saw (the visitor's address, the scheme, the host).
// Ports 3624–3625 (SQLite) and 3634–3635 (PostgreSQL).

const hasNginx = spawnSync('sh', ['-c', 'command -v nginx']).status === 0;
if (!hasNginx && process.env.CI) throw new Error('nginx is not installed: .ci/run installs it (nginx-light); CI must run this test.');
if (!hasNginx) console.warn('\n!!! nginx is not installed: api/test/proxy/nginx.test.ts is SKIPPED !!!\n');

const base = engine === 'postgres' ? 3634 : 3624;
const ports = { server: base, nginx: base + 1 };
const SHIPPED = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../deploy/nginx-cluster.conf');

let server: TwoSchoolServer;
let nginx: ChildProcess;
let prefix: string;
let nginxLog = '';

interface Plain {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request to nginx for `host`, from the loopback address `from`, with the headers a visitor chose. */
function through(host: string, o: { method?: string; path?: string; from?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<Plain>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: ports.nginx,
        method: o.method ?? 'GET',
        path: o.path ?? '/',
        headers: { host, ...o.headers },
        localAddress: o.from ?? '127.0.0.1',
        agent: false,
        timeout: 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.end(o.body);
  });
}

/** A visitor-counter post from the loopback address `from`, carrying a made-up X-Forwarded-For. */
const visit = (from: string, spoof: string) =>
  through(LITTLE_FLOWER, {
    method: 'POST',
    path: '/api/visitor',
    from,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': spoof },
    body: JSON.stringify({ schoolcode: 'DEMO2' }),
  });

describe.skipIf(!hasNginx)('nginx (deploy/nginx-cluster.conf) in front of the server', () => {
  beforeAll(async () => {
    server = await startTwoSchoolServer(ports.server, { VISITOR_RATE_LIMIT_PER_MINUTE: '3' });
    prefix = await mkdtemp(path.join(tmpdir(), 'sthsm-nginx-'));
    for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(prefix, 'tmp', sub), { recursive: true });
    const conf = readFileSync(SHIPPED, 'utf8')
      .replaceAll('@PREFIX@', prefix)
      .replaceAll('@LISTEN@', `127.0.0.1:${ports.nginx}`)
      .replaceAll('@SERVERS@', `server 127.0.0.1:${ports.server} max_fails=0;`);
    writeFileSync(path.join(prefix, 'nginx.conf'), conf);
    nginx = spawn('nginx', ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', 'stderr'], { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx.stderr?.on('data', (d: Buffer) => (nginxLog += d.toString()));
    const deadline = Date.now() + 15_000;
    for (;;) {
      const up = await through(LITTLE_FLOWER, { path: '/api/health/live' }).then(
        (r) => r.status === 200,
        () => false,
      );
      if (up) break;
      if (nginx.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start:\n${nginxLog}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 60_000);
  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((r) => nginx.once('exit', r));
      nginx.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
    }
    await server?.close();
    if (prefix) await rm(prefix, { recursive: true, force: true });
  });

  it('serves the school of the Host the visitor reached, whatever X-Forwarded-Host the visitor writes', async () => {
    const res = await through(LITTLE_FLOWER, { headers: { 'x-forwarded-host': ST_THOMAS } });
    expect(res.status, nginxLog).toBe(200);
    expect(res.body).toContain('<h1>Little Flower Convent School</h1>');
    expect(res.body).toContain(`http://${LITTLE_FLOWER}/`);
  });

  it("counts the rate limits by the visitor's own address, whatever X-Forwarded-For the visitor writes", async () => {
    for (let i = 1; i <= 3; i++) expect((await visit('127.0.0.2', `203.0.113.${i}`)).status).toBe(200);
    expect((await visit('127.0.0.2', '203.0.113.99')).status).toBe(429);
    expect((await visit('127.0.0.3', '203.0.113.1')).status).toBe(200);
  });

  it('tells the server the scheme nginx was reached by, whatever X-Forwarded-Proto the visitor writes', async () => {
    const person = await server.staff();
    const res = await through(LITTLE_FLOWER, {
      method: 'POST',
      path: '/api/admin/session',
      headers: { 'content-type': 'application/json', origin: `http://${LITTLE_FLOWER}`, 'x-forwarded-proto': 'https' },
      body: JSON.stringify(person),
    });
    expect(res.status, res.body).toBe(200);
    const cookie = [res.headers['set-cookie'] ?? []].flat().find((c) => c.includes('staff_session=')) ?? '';
    // Plain HTTP here: the plain cookie name, not Secure (a browser would refuse a __Host- cookie over HTTP).
    expect(cookie).toMatch(/^staff_session=/);
    expect(cookie).not.toMatch(/; Secure/i);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
