import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { installResponseCache } from './cache.ts';
import { installErrorHandling } from './errors.ts';
import { installSecurityHeaders } from './security-headers.ts';
import { HttpError, type Deps } from './http.ts';
import { birthdayRoutes } from './routes/birthdays.ts';
import { eventRoutes } from './routes/events.ts';
import { formRoutes } from './routes/form.ts';
import { galleryRoutes } from './routes/gallery.ts';
import { healthRoutes } from './routes/health.ts';
import { highlightRoutes } from './routes/highlights.ts';
import { imageRoutes } from './routes/images.ts';
import { newsRoutes } from './routes/news.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { principalMessageRoutes } from './routes/principal-message.ts';
import { topperRoutes } from './routes/toppers.ts';
import { videoRoutes } from './routes/videos.ts';
import { visitorRoutes } from './routes/visitor.ts';

export interface BuildOptions {
  config: Config;
  db: Db;
  /** The clock deciding "today"; tests pin it. */
  now?: () => Date;
  /** Keep public GET JSON answers in memory for up to 15 s (api/src/cache.ts); the server turns it on, tests leave it off. */
  responseCache?: boolean;
}

const BODY_LIMIT = 64 * 1024;

/** Everything under /api: one error handler, one 404, form-encoded bodies, every route of SPEC §7. */
const api: FastifyPluginAsync<Deps> = async (app, { db, config, now }) => {
  const deps: Deps = { db, config, now };
  installErrorHandling(app);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    // Repeated names keep the last value (SPEC §3: the form may send the later one).
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  for (const routes of [
    healthRoutes, newsRoutes, highlightRoutes, topperRoutes, principalMessageRoutes, eventRoutes, birthdayRoutes,
    visitorRoutes, notificationRoutes, galleryRoutes, videoRoutes, formRoutes, imageRoutes,
  ]) {
    await app.register(routes, deps);
  }
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // Claims every other /api path, so the site's root catch-all never answers HTML under /api.
  app.all('/*', { schema: { hide: true } }, async (req) => {
    throw new HttpError(404, `No API route for ${req.method} ${req.url.split('?')[0]}.`);
  });
};

/** Builds the server without listening: external plugins, then the API. Tests use it directly. */
export async function buildApp({ config, db, now = () => new Date(), responseCache = false }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // No personal data in logs: no bodies, cookies, credentials or client addresses.
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.body', 'res.headers["set-cookie"]'], remove: true },
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
      },
    },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    connectionTimeout: config.connectionTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    // Node checks request and header deadlines on this interval (30 s by default), so a short
    // time-out is enforced close to its value; headers get no longer than the whole request.
    http: {
      headersTimeout: Math.min(config.requestTimeoutMs, 60_000),
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(config.requestTimeoutMs / 4))),
    },
    keepAliveTimeout: 5_000,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 1000 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installSecurityHeaders(app);
  // Before compress: its per-route onSend then sees our hits already encoded and leaves them alone.
  if (responseCache) installResponseCache(app);

  await app.register(cookie);
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) =>
      new HttpError(429, `Too many requests. Try again in ${Math.max(1, Math.ceil(ctx.ttl / 1000))} seconds.`),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'School data API', version: '1.0.0', description: 'The provider API of SPEC §7 / CONTRACT.md, for any school code.' },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(api, { prefix: '/api', db, config, now });
  return app;
}
