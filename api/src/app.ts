import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import type { Redis } from 'ioredis';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { addressKey } from './address-key.ts';
import type { Readiness } from './cluster/readiness.ts';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { installResponseCache } from './cache.ts';
import { createContentWatch, type ContentWatch } from './content/watch.ts';
import { createReplay } from './replay.ts';
import { HttpError, installErrorHandling } from './errors.ts';
import { installOriginCheck } from './origin.ts';
import { installRequestTargetRules, rewriteRequestTarget } from './request-target.ts';
import { installSecurityHeaders } from './security-headers.ts';
import type { Deps } from './routes/deps.ts';
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
import { schoolRoutes } from './routes/school.ts';
import { privacyRoutes } from './routes/privacy.ts';
import { tlsRoutes } from './routes/tls.ts';
import { topperRoutes } from './routes/toppers.ts';
import { videoRoutes } from './routes/videos.ts';
import { visitorRoutes } from './routes/visitor.ts';
import { previewRoutes } from './routes/preview.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { createMailer, type Mailer } from './staff/mail.ts';
import { answerSuspended, createSuspensionCheck } from './schools/suspension.ts';
import { startVariantWorker, variantWorkers, type VariantWorker } from './media/variant-worker.ts';
import { installMetrics } from './metrics/route.ts';
import { notifiers, startNotifier } from './notify/job.ts';
import { subscribeRoutes } from './routes/subscribe.ts';
import { rightsRoutes } from './routes/rights.ts';
import { consentRoutes } from './routes/consent.ts';
import { alertRoutes } from './routes/alerts.ts';
import { wordRoutes } from './routes/words.ts';
import { searchRoutes } from './routes/search.ts';

export interface BuildOptions {
  config: Config;
  db: Db;
  /** The clock deciding "today"; tests pin it. */
  now?: () => Date;
  /**
   * Keep public GET JSON answers in memory for config.responseCacheTtlMs (api/src/cache.ts); the
   * server turns it on, tests leave it off or pass their own clock.
   */
  responseCache?: boolean | { now: () => number };
  /**
   * The content counters both caches check (content/watch.ts); by default one on `db` with `now`.
   * server.ts makes one and hands it to the site's page cache too.
   */
  contentWatch?: ContentWatch;
  /** Staff e-mail; by default SMTP_URL's (or none). */
  mailer?: Mailer;
  /** Where log lines go (default stdout); tests capture them to prove what is never logged. */
  logStream?: { write: (line: string) => void };
  /** Rate-limit counters in this Redis (REDIS_URL), shared by every server; by default in memory. */
  redis?: Redis;
  /** What /api/health/ready checks besides the database, and whether the server is shutting down. */
  readiness?: Readiness;
  /**
   * Which addresses an administrator's import (/admin/import) may read from: public ones by default
   * (docs/decisions/0137); a test narrows it to its own local source. The server never sets it.
   */
  importAddresses?: (address: string) => boolean;
  /** Which addresses push services may be at: public ones by default; a test's own on loopback. */
  pushAddresses?: (address: string) => boolean;
  /** A push service's certificate authority to trust (a test's own service). */
  pushCa?: string;
}

const BODY_LIMIT = 64 * 1024;

/** Everything under /api: one error handler, one 404, form-encoded bodies, every route of SPEC §7. */
const api: FastifyPluginAsync<
  Deps & {
    mailer: Mailer;
    importAddresses?: (address: string) => boolean;
    pushAddresses?: (address: string) => boolean;
    suspended: (code: string) => Promise<boolean>;
  }
> = async (app, { db, config, now, mailer, readiness, importAddresses, pushAddresses, suspended }) => {
  const deps: Deps = { db, config, now, suspended, ...(readiness ? { readiness } : {}) };
  installErrorHandling(app);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    // Repeated names keep the last value (SPEC §3: the form may send the later one).
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  // A suspended school's public API answers 503 (issue 31); the staff API keeps working. Answers
  // found by id or path (a file, an album) ask for the school they belong to themselves.
  app.addHook('onRequest', async (request, reply) => {
    const code = (request.params as { code?: unknown } | undefined)?.code;
    if (typeof code !== 'string' || (request.routeOptions.url ?? '').startsWith('/api/admin/')) return;
    if (await suspended(code)) return answerSuspended(reply);
  });
  for (const routes of [
    healthRoutes,
    newsRoutes,
    highlightRoutes,
    topperRoutes,
    principalMessageRoutes,
    eventRoutes,
    birthdayRoutes,
    visitorRoutes,
    notificationRoutes,
    galleryRoutes,
    videoRoutes,
    formRoutes,
    imageRoutes,
    schoolRoutes,
    privacyRoutes,
    previewRoutes,
    tlsRoutes,
    alertRoutes,
    // A school's corrections of the site's words (docs/decisions/0155).
    wordRoutes,
    searchRoutes,
    // A guardian's consent link (issue 37): confirm, see and withdraw.
    consentRoutes,
  ]) {
    await app.register(routes, deps);
  }
  // Parents' subscriptions (issue 34): e-mail confirmation and manage links are mailed.
  await app.register(subscribeRoutes, { ...deps, mailer, ...(pushAddresses ? { pushAddresses } : {}) });
  // A person's request about their data (issue 37): confirmed by a mailed link.
  await app.register(rightsRoutes, { ...deps, mailer });
  // The staff API (STAFF.md): sessions, staff, audit log (routes/admin/index.ts).
  await app.register(adminRoutes, { ...deps, mailer, ...(importAddresses ? { importAddresses } : {}), prefix: '/admin' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // Claims every other /api path, so the site's root catch-all never answers HTML under /api.
  app.all('/*', { schema: { hide: true } }, async (req) => {
    throw new HttpError(404, `No API route for ${req.method} ${req.url.split('?')[0]}.`);
  });
};

/** Builds the server without listening: external plugins, then the API. Tests use it directly. */
export async function buildApp({
  config,
  db,
  now = () => new Date(),
  responseCache = false,
  contentWatch,
  mailer,
  logStream,
  redis,
  readiness,
  importAddresses,
  pushAddresses,
  pushCa,
}: BuildOptions): Promise<FastifyInstance> {
  // With the caches on (the server; not most tests), their hits are replayed before Fastify (replay.ts).
  const replay = responseCache ? createReplay() : null;
  const app = Fastify({
    ...(replay ? { serverFactory: replay.serverFactory } : {}),
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      // No personal data in logs: no bodies, cookies, credentials or client addresses.
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.body', 'res.headers["set-cookie"]'], remove: true },
      serializers: {
        // Staff URLs may carry a search or an e-mail address in the query: logged without it. A
        // guardian's consent link is a secret in the path (issue 37): logged without it.
        req: (req: { method: string; url: string }) => ({
          method: req.method,
          url: /^\/(api\/)?admin(\/|\.|\?|$)/.test(req.url)
            ? req.url.split('?')[0]
            : req.url.replace(/^(\/api\/consent\/[^/?]+|\/consent)\/[^/?]+/i, '$1/…'),
        }),
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
    // Before routing: origin-form targets only, normalised; the first hook answers the rest (0040).
    rewriteUrl: rewriteRequestTarget,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First: bad targets and Hosts (400), then cross-origin writes (403), before any cache or route.
  installRequestTargetRules(app);
  installOriginCheck(app, config);
  installSecurityHeaders(app);
  // Before compress: its per-route onSend then sees our hits already encoded and leaves them alone.
  if (responseCache) {
    installResponseCache(app, {
      ttlMs: config.responseCacheTtlMs,
      watch:
        contentWatch ?? createContentWatch(db, { now, onError: (err) => app.log.warn({ err }, 'could not read the content counters') }),
      ...(typeof responseCache === 'object' ? responseCache : {}),
    });
  }

  // After the headers and the cache's hooks, before any route: keeps what the caches answered.
  replay?.install(app);

  await app.register(cookie);
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, {
    global: false,
    // One bucket per IPv6 /64 (one client's usual allocation) and IPv4-mapped addresses as IPv4:
    // the key the sign-in lock counts by too (address-key.ts), so every per-address limit agrees.
    keyGenerator: (request) => addressKey(request.ip),
    // Several servers share the counters in Redis; when it does not answer, requests pass rather
    // than fail (docs/decisions/0082).
    ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}rate-limit:`, skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) =>
      new HttpError(429, `Too many requests. Try again in ${Math.max(1, Math.ceil(ctx.ttl / 1000))} seconds.`),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'School data API', version: '1.0.0', description: 'The provider API of SPEC §7 / CONTRACT.md, for any school code.' },
    },
    transform: jsonSchemaTransform,
  });

  const mail = mailer ?? createMailer(config, app.log);
  await app.register(api, {
    prefix: '/api',
    db,
    config,
    now,
    mailer: mail,
    // The server's content counters tell when to read a school's suspension again (schools/suspension.ts).
    suspended: createSuspensionCheck(db, contentWatch),
    ...(readiness ? { readiness } : {}),
    ...(importAddresses ? { importAddresses } : {}),
    ...(pushAddresses ? { pushAddresses } : {}),
  });
  // GET /metrics and the request counts it shows (metrics/route.ts).
  installMetrics(app, { db, config });
  // Library photos' variants, in the background (media/variant-worker.ts); stopped before the database closes.
  let worker: VariantWorker | null = null;
  app.addHook('onReady', async () => {
    worker = startVariantWorker(db, config, { log: app.log, now });
    variantWorkers.set(app, worker);
  });
  app.addHook('onClose', async () => worker?.stop());
  // Notifications to subscribers, sent by one server at a time (notify/job.ts); ended before the database closes.
  app.addHook('onReady', async () => {
    const notifier = startNotifier({
      db,
      config,
      mailer: mail,
      now,
      log: app.log,
      ...(pushAddresses ? { pushAddresses } : {}),
      ...(pushCa ? { pushCa } : {}),
    });
    notifiers.set(app, notifier);
  });
  app.addHook('onClose', async () => {
    await notifiers.get(app)?.stop();
    // Our own mailer's kept connections; a mailer passed in is its owner's to close.
    if (!mailer) mail.close?.();
  });
  return app;
}
