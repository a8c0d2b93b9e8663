import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../helpers.ts';
import { rawRequest, type RawResponse } from './raw-http.ts';
import { ERROR, startSiteServer, VALID_FORM_ENCODED, type SiteServer } from './site-server.ts';

// The request target and Host rules (api/src/request-target.ts, docs/decisions/0040) over a raw
// socket, against the whole server with React Router's real handler. A request path that starts
// with "//" or an absolute-form target used to make React Router build the request's URL on the
// attacker's host, so its own cross-origin check passed for a foreign page's form post.

let s: SiteServer;
beforeAll(async () => {
  s = await startSiteServer(0);
});
afterAll(() => s?.close());

interface Send {
  method?: string;
  host?: string;
  headers?: Record<string, string>;
  body?: string;
}

function send(target: string, { method = 'GET', host = `127.0.0.1:${s.port}`, headers = {}, body }: Send = {}): Promise<RawResponse> {
  const lines = [`${method} ${target} HTTP/1.1`, `Host: ${host}`, 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return rawRequest(s.port, `${lines.join('\r\n')}\r\n\r\n${body ?? ''}`);
}

const formPost = (target: string, origin: string, host?: string) =>
  send(target, {
    method: 'POST',
    host,
    body: VALID_FORM_ENCODED,
    headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
  });

const bodyOf = (res: RawResponse) => res.raw.toString('latin1').split('\r\n\r\n').slice(1).join('\r\n\r\n');
const jsonOf = (res: RawResponse) => JSON.parse(bodyOf(res)) as { error: string };

describe(`request targets (${engine})`, () => {
  it('POST //evil.example/alumni from evil.example is 400: the action never runs', async () => {
    const res = await formPost('//evil.example/alumni', 'http://evil.example');
    expect(res.status).toBe(400);
    expect(jsonOf(res).error).toMatch(/request target must be a path on this server/);
    expect(s.site.actions).toEqual([]);
  });

  it('absolute-form POST http://evil.example/alumni is 400: the action never runs', async () => {
    for (const target of ['http://evil.example/alumni', 'HTTP://evil.example/alumni', `http://127.0.0.1:${s.port}/alumni`]) {
      const res = await formPost(target, 'http://evil.example');
      expect(res.status, target).toBe(400);
    }
    expect(s.site.actions).toEqual([]);
  });

  it('"/\\\\host", a "//" left after dot segments, and API paths under "//" are 400 too', async () => {
    for (const target of [
      '/\\evil.example/alumni',
      '/.//evil.example/alumni',
      '/x/..//evil.example/alumni',
      '//evil.example/api/news/STHSM',
      '*',
    ]) {
      expect((await send(target)).status, target).toBe(400);
      expect((await formPost(target, 'http://evil.example')).status, `POST ${target}`).toBe(400);
    }
    expect(s.site.actions).toEqual([]);
  });

  it('React Router is handed SITE_URL plus the normalised path, whatever Host and target the client wrote', async () => {
    s.site.renders.length = 0;
    const res = await send('/news/../news/./?year=2025', { host: 'evil.example' });
    expect(res.status).toBe(200);
    expect(s.site.renders).toEqual([`${s.origin}/news/?year=2025`]);
    expect(bodyOf(res)).toContain(`<p id="url">${s.origin}/news/?year=2025</p>`);
  });

  it('the page cache stores a page under its path alone, never under the Host the client sent', async () => {
    s.pages.clear();
    expect((await send('/news', { host: 'evil.example' })).status).toBe(200);
    expect((await send('/news', { host: 'other.example:8080' })).status).toBe(200);
    expect(s.pages.keys()).toEqual([s.pageKey('/news')]);
  });

  it('a target longer than 8 KiB is 414, with a JSON message', async () => {
    const res = await send(`/news?q=${'a'.repeat(9000)}`);
    expect(res.status).toBe(414);
    expect(jsonOf(res).error).toMatch(/longer than 8192 characters/);
  });

  it('a malformed Host is 400 JSON on site and API routes, and nothing is logged as an error', async () => {
    const errorsBefore = s.logs.filter((l) => l.level >= ERROR).length;
    const hosts = ['exa mple', '[::1', 'a:b:c', '%%', 'evil.example:99999', 'x@y', '', 'evil.example/x', 'ex\tample'];
    for (const host of hosts) {
      for (const target of ['/about-us', '/api/news/STHSM']) {
        const res = await send(target, { host });
        expect(res.status, `Host "${host}" ${target}`).toBe(400);
        expect(jsonOf(res).error, `Host "${host}" ${target}`).toMatch(/Host header is not a valid host name|request/i);
      }
    }
    // Two Host headers are as malformed as one bad one (RFC 9112 §3.2).
    const twice = await rawRequest(s.port, `GET /news HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`);
    expect(twice.status).toBe(400);
    expect(s.logs.filter((l) => l.level >= ERROR).length).toBe(errorsBefore);
    expect(s.logs.some((l) => JSON.stringify(l).includes('Invalid URL'))).toBe(false);
  });

  it('well-formed hosts are served: names, IPv4, [IPv6], with ports; and HTTP/1.0 without a Host', async () => {
    for (const host of ['localhost', 'www.school.example', 'school.example.', '127.0.0.1:3000', '[::1]:4000', 'demo2.localhost']) {
      expect((await send('/news', { host })).status, host).toBe(200);
    }
    const old = await rawRequest(s.port, 'GET /news HTTP/1.0\r\n\r\n');
    expect(old.status).toBe(200);
  });
});
