import type { ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { createPageCache, sendCachedPage, type PageCache } from './page-cache.ts';
import { isHttps, newNonce, pagePolicy } from './security-headers.ts';

/** The request header that hands the CSP nonce to web/app/entry.server.tsx (never the client's own). */
export const NONCE_HEADER = 'x-csp-nonce';

const webRoot = fileURLToPath(new URL('../../web/', import.meta.url));

/** The site's build folder: web/build, or WEB_BUILD_DIR (relative to web/) for parallel builds. */
export function webBuildDir(): string {
  return path.resolve(webRoot, process.env.WEB_BUILD_DIR ?? 'build');
}

/**
 * Mounts the server-rendered site (React Router) on every path outside /api, in the same
 * process and on the same port as the API. Hashed assets are served as immutable files.
 */
export async function mountSite(app: FastifyInstance): Promise<void> {
  const buildDir = webBuildDir();
  const serverEntry = path.join(buildDir, 'server', 'index.js');
  if (!existsSync(serverEntry)) {
    app.log.warn(`No site build at ${serverEntry}: run "npm run build". Serving the API only.`);
    return;
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle = createRequestHandler(build, process.env.NODE_ENV === 'development' ? 'development' : 'production');
  // Anonymous GET pages replayed from memory for up to 30 s, as rendered: one nonce and one
  // compression per entry (api/src/page-cache.ts, decision 0019).
  const pages = process.env.NODE_ENV === 'development' ? undefined : createPageCache();

  await app.register(async (site) => {
    await site.register(fastifyStatic, {
      root: path.join(buildDir, 'client'),
      prefix: '/',
      wildcard: false,
      index: false,
      // .br/.gz written at build time (web/vite-precompress.ts), chosen by Accept-Encoding.
      preCompressed: true,
      // Cache-Control comes from setHeaders alone (send's own `max-age=0` would overwrite it).
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
    // The site reads form posts itself (route actions), so keep bodies as raw bytes here.
    site.removeAllContentTypeParsers();
    site.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    site.route({
      method: ['GET', 'HEAD', 'POST'],
      url: '/*',
      handler: (request, reply) => renderSite(handle, request, reply, pages),
    });
  });
}

/** Answers one site request: a cached page as stored, or a fresh render (exported for tests). */
export async function renderSite(
  handle: (request: Request) => Promise<Response>,
  request: FastifyRequest,
  reply: FastifyReply,
  pages?: PageCache,
): Promise<void> {
  const render = (n: string) => handle(toFetchRequest(request, n, reply.raw));
  const cacheKey = pages?.keyOf(request);
  let nonce: string;
  let response: Response;
  if (pages && cacheKey) {
    const result = await pages.lookup(cacheKey, render);
    if (result.page) {
      // The entry's own nonce: its scripts were rendered with it (decision 0019).
      reply.header('content-security-policy', pagePolicy(result.page.nonce, isHttps(request)));
      return sendCachedPage(request, reply, result.page);
    }
    ({ nonce, response } = result);
  } else {
    nonce = newNonce();
    response = await render(nonce);
  }
  reply.status(response.status);
  const type = response.headers.get('content-type');
  if (!type || type.startsWith('text/html')) {
    reply.header('content-security-policy', pagePolicy(nonce, isHttps(request)));
  }
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}

/** The Fetch API request React Router sees (exported for tests). */
export function toFetchRequest(request: FastifyRequest, nonce = '', response?: ServerResponse): Request {
  const origin = `${request.protocol}://${request.host}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  // The site sees one X-Forwarded-For: the visitor's address as Fastify resolved it under
  // TRUST_PROXY, never what the client wrote, so forwarding it to the API cannot be spoofed.
  headers.set('x-forwarded-for', request.ip);
  // Overwrites any client-sent value: the page's scripts carry the nonce this server chose.
  headers.delete(NONCE_HEADER);
  if (nonce) headers.set(NONCE_HEADER, nonce);
  // Abort the render only when the visitor goes away before the answer is sent. (The request's
  // own 'close' fires as soon as its body has been read, which would abort every form post.)
  const controller = new AbortController();
  response?.once('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body);
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    body: hasBody ? new Uint8Array(request.body as Buffer) : undefined,
    signal: controller.signal,
  });
}
