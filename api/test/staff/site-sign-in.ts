import { request as httpRequest } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import type { EntryContext, ServerBuild } from 'react-router';
import { mountSite } from '../../src/site.ts';
import { createSchool } from '../factories.ts';
import { startTestApp, type TestApp } from '../helpers.ts';
import { serverBuildOf } from '../site-stand-in.ts';

// The whole server as `npm start` assembles it — the API, with the site mounted in front of it —
// on a real loopback port, where the site's one staff route is the real sign-in page
// (web/app/routes/admin/login.tsx, with web/app/lib/staff/admin-api.server.ts calling this API over
// loopback exactly as in production). Only the document shell is a stand-in: it prints what the
// route's action answered instead of rendering React. Visitors post the sign-in form from an
// address of their own: a loopback address they bind (127.0.0.2, 127.0.0.3, …: a visitor on this
// machine, no proxy) and, optionally, an X-Forwarded-For from that trusted hop (a visitor behind
// a reverse proxy on this machine).

export interface SiteSignIn {
  t: TestApp;
  origin: string;
  /** Posts the sign-in form as a browser without JavaScript does. */
  postForm: (
    visitor: Visitor,
    fields: Record<string, string>,
  ) => Promise<{ status: number; location: string | undefined; cookies: string[]; action: { error?: string } | null }>;
  close: () => Promise<void>;
}

export interface Visitor {
  /** The local address the visitor's connection comes from (a 127.x.y.z of this machine). */
  from: string;
  /** What a reverse proxy on that address says the client was. */
  forwardedFor?: string;
}

/** The variables the site's modules read when they load (web/app/lib/env.server.ts), put back afterwards. */
const SITE_ENV = ['API_URL', 'SITE_URL', 'SCHOOL_CODE', 'TRUST_PROXY'] as const;

/**
 * One port for the file: the site's modules read API_URL once, when first imported, so every
 * server of a file must listen where the first one did.
 */
let filePort: Promise<number> | undefined;
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The document shell: instead of React's render, the answer of the route's action as JSON. */
function handleDocument(_request: Request, status: number, headers: Headers, context: EntryContext): Response {
  headers.set('content-type', 'text/html; charset=utf-8');
  const action = JSON.stringify(context.staticHandlerContext.actionData ?? null);
  return new Response(`<!DOCTYPE html><html><body><script type="application/json" id="action">${action}</script></body></html>`, {
    status,
    headers,
  });
}

/** The site's sign-in route (a path in a variable: the API's type check does not compile the site's TSX). */
const LOGIN_ROUTE = '../../../web/app/routes/admin/login.tsx';

/** A server build holding the real sign-in route under the document shell above. */
async function signInBuild(): Promise<ServerBuild> {
  const login = (await import(LOGIN_ROUTE)) as Record<string, unknown>;
  const routes = {
    root: { id: 'root', path: '', module: { default: () => null } },
    'routes/admin/login': { id: 'routes/admin/login', parentId: 'root', path: 'admin/login', module: login },
  };
  return serverBuildOf(routes, {
    handleDocument,
    hasAction: (id) => id === 'routes/admin/login',
    hasLoader: (id) => id === 'routes/admin/login',
  });
}

/**
 * Starts the server with the site in front (`env`: the API's own variables, e.g. TRUST_PROXY).
 * The site's process environment has no TRUST_PROXY, as with `npm start` on the default.
 */
export async function startSiteSignIn(env: Record<string, string> = {}): Promise<SiteSignIn> {
  filePort ??= freePort();
  const port = await filePort;
  const origin = `http://127.0.0.1:${port}`;
  const saved = Object.fromEntries(SITE_ENV.map((name) => [name, process.env[name]]));
  process.env.API_URL = origin;
  process.env.SITE_URL = origin;
  process.env.SCHOOL_CODE = 'STHSM';
  delete process.env.TRUST_PROXY;
  const build = await signInBuild();
  const t = await startTestApp({ SITE_URL: origin, PORT: String(port), ...env }, () => new Date(), {
    mount: (app, config) =>
      mountSite(app, {
        siteOrigin: config.siteOrigin,
        allowedOrigins: config.allowedOrigins,
        build,
        buildDir: config.webBuildDir,
        pageCacheTtlMs: config.pageCacheTtlMs,
        schools: { schoolOf: () => config.schoolCode, isMapped: () => false },
      }),
  });
  await createSchool(t.db);
  await t.app.listen({ port, host: '127.0.0.1' });

  const postForm: SiteSignIn['postForm'] = (visitor, fields) =>
    new Promise((resolve, reject) => {
      const body = new URLSearchParams(fields).toString();
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          localAddress: visitor.from,
          method: 'POST',
          path: '/admin/login',
          headers: {
            origin,
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': Buffer.byteLength(body),
            ...(visitor.forwardedFor ? { 'x-forwarded-for': visitor.forwardedFor } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const html = Buffer.concat(chunks).toString('utf8');
            const json = /<script type="application\/json" id="action">(.*?)<\/script>/s.exec(html)?.[1];
            resolve({
              status: res.statusCode ?? 0,
              location: res.headers.location,
              cookies: res.headers['set-cookie'] ?? [],
              action: json ? ((JSON.parse(json) as Record<string, { error?: string }> | null)?.['routes/admin/login'] ?? null) : null,
            });
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  return {
    t,
    origin,
    postForm,
    close: async () => {
      await t.close();
      for (const name of SITE_ENV) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
    },
  };
}
