import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { timeZoneSchema } from '@sthsm/contract/environment';
import { z } from 'zod';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

// Facts of the process rather than settings of the platform, read here too: this module is the API
// half's only reader of process.env (the lint rule node/no-process-env holds every other file to it).

/** `NODE_ENV=development` (npm run dev): the site is rendered in React Router's development mode, pages uncached. */
export const DEVELOPMENT = process.env.NODE_ENV === 'development';
/** Where child processes (pg_dump, pg_restore) are looked for. */
export const TOOL_PATH = process.env.PATH ?? '/usr/bin:/bin';

/**
 * The default trusts X-Forwarded-For only from the loopback interface: the in-process site posts
 * the alumni form over loopback with the visitor's address, and a direct client cannot spoof it
 * (docs/decisions/0017).
 */
export const DEFAULT_TRUST_PROXY = 'loopback';

/** TRUST_PROXY: loopback (default) | off | on | a hop count | a comma-separated list of addresses/CIDRs. */
function parseTrustProxy(value: string): TrustProxy {
  const v = value.trim().toLowerCase();
  if (['', 'off', 'false', '0', 'no'].includes(v)) return false;
  if (['on', 'true', 'yes'].includes(v)) return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  // Loopback stays trusted in a list: the site's own posts come from there.
  return [
    ...new Set([
      'loopback',
      ...value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ]),
  ];
}

const positiveInt = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

// ---- Who may post to this server, and whose X-Forwarded-For it believes (docs/decisions/0040, 0017) ----

/** An http(s) URL reduced to its origin (scheme, host, port), or undefined when it is not one. */
function originOf(value: string): string | undefined {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** SITE_URL: the site's public origin; the URL every page render sees is this origin plus the path. */
const siteUrlSchema = z
  .string()
  .optional()
  .refine((v) => v === undefined || originOf(v) !== undefined, {
    error: 'must be an http:// or https:// URL such as https://www.school.example',
  });

/** An origin as written in ALLOWED_ORIGINS: scheme and host (and port), nothing after them. */
function bareOrigin(value: string): string | undefined {
  const origin = originOf(value);
  if (!origin) return undefined;
  const url = new URL(value.trim());
  return url.pathname === '/' && !url.search && !url.hash ? origin : undefined;
}

const listOf = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** ALLOWED_ORIGINS: a school's other sites whose pages may post to this server, comma-separated. */
const allowedOriginsSchema = z
  .string()
  .default('')
  .refine((v) => listOf(v).every((s) => bareOrigin(s) !== undefined), {
    error: 'must be comma-separated origins such as https://alumni.school.example (scheme and host, no path)',
  })
  .transform((v) => [...new Set(listOf(v).map((s) => bareOrigin(s) as string))]);

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * What is risky about TRUST_PROXY for the address the server listens on, as start-up warnings
 * (server.ts logs them). A wrong setting fails silently otherwise: the rate limits of the alumni
 * form and the visitor counter either count every visitor in one bucket or let a client choose
 * its own address.
 */
export function trustProxyWarnings(config: Pick<Config, 'trustProxySetting' | 'host'>): string[] {
  const setting = config.trustProxySetting.trim().toLowerCase();
  const reachable = LOOPBACK_HOSTS.has(config.host.toLowerCase())
    ? `listening on ${config.host}: this machine only`
    : `listening on ${config.host}: reachable from other machines`;
  const list = setting.split(',').map((s) => s.trim());
  if (['on', 'true', 'yes'].includes(setting) || list.some((s) => s === '0.0.0.0/0' || s === '::/0')) {
    return [
      `TRUST_PROXY=${config.trustProxySetting} believes the left-most X-Forwarded-For address, which any client writes itself (${reachable}): ` +
        "a client can pick a new address per request and escape the rate limits. Set TRUST_PROXY to your proxy's address or a hop count.",
    ];
  }
  if (['', 'off', 'false', '0', 'no'].includes(setting)) {
    return [
      `TRUST_PROXY=${config.trustProxySetting} (${reachable}): X-Forwarded-For is never believed, so every alumni form sent through the site, ` +
        "and every visitor behind a reverse proxy, shares one rate-limit bucket. Use the default (loopback) or your proxy's address.",
    ];
  }
  if (/^\d+$/.test(setting) && !LOOPBACK_HOSTS.has(config.host.toLowerCase())) {
    return [
      `TRUST_PROXY=${config.trustProxySetting} trusts that many hops from whoever connects (${reachable}): a client that reaches this port ` +
        "directly can name its own address. Listen on loopback behind the proxy, or set TRUST_PROXY to the proxy's address.",
    ];
  }
  return [];
}
/** Content changed outside this process shows within both caches' lives: at most this (docs/decisions/0026). */
export const MAX_STALENESS_MS = 60_000;

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('localhost'),
    DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'data')),
    DATABASE_URL: z
      .string()
      .refine((v) => /^(postgres|postgresql):\/\//.test(v) || /^(sqlite|file):/.test(v) || !v.includes('://'), {
        error: 'must be a postgres:// URL or an SQLite file path',
      })
      .optional(),
    SCHOOL_CODE: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}$/, { error: 'must be 1-32 letters, digits, _ or -' })
      .default('STHSM'),
    TRUST_PROXY: z.string().default(DEFAULT_TRUST_PROXY),
    SITE_URL: siteUrlSchema,
    ALLOWED_ORIGINS: allowedOriginsSchema,
    FORM_RATE_LIMIT_PER_MINUTE: positiveInt(5, 1_000_000),
    VISITOR_RATE_LIMIT_PER_MINUTE: positiveInt(60, 1_000_000),
    RESPONSE_CACHE_TTL_MS: positiveInt(15_000, MAX_STALENESS_MS),
    PAGE_CACHE_TTL_MS: positiveInt(30_000, MAX_STALENESS_MS),
    REQUEST_TIMEOUT_MS: positiveInt(30_000, 3_600_000),
    CONNECTION_TIMEOUT_MS: positiveInt(30_000, 3_600_000),
    WEB_BUILD_DIR: z.string().min(1).default('build'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TIME_ZONE: timeZoneSchema,
    // Backups (api/src/backup/, docs/operations.md "Backups").
    BACKUP_DIR: z.string().min(1).optional(),
    BACKUP_KEEP: positiveInt(7, 1000),
    BACKUP_AT: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^(off|([01]?\d|2[0-3]):[0-5]\d)$/, { error: 'must be a time of day such as 02:30, or off' })
      .default('02:30'),
    // Staff side (docs/decisions/0030-0034).
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/./, { error: 'must be an smtp:// or smtps:// URL' })
      .optional(),
    MAIL_FROM: z.string().min(3).optional(),
    // Parents' notifications (issue 34, docs/notifications.md).
    SUBSCRIBE_RATE_LIMIT_PER_MINUTE: positiveInt(5, 1_000_000),
    NOTIFY_DAILY_LIMIT: positiveInt(10, 1000),
    // Searches of the public site per client address (issue 36, docs/search.md).
    SEARCH_RATE_LIMIT_PER_MINUTE: positiveInt(60, 1_000_000),
    NOTIFY_TICK_MS: positiveInt(5_000, 3_600_000),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s/]+.*)$/, { error: 'must be mailto:address or an https:// URL' })
      .optional(),
    // Media library (issue 15): the largest file one upload may be, and each school's storage.
    MEDIA_MAX_BYTES: positiveInt(25 * 1024 * 1024, 2 ** 40),
    MEDIA_QUOTA_BYTES: positiveInt(2 * 1024 ** 3, 2 ** 50),
    // Several servers (docs/scaling.md): shared rate limits and cache invalidation; media in S3.
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/./, { error: 'must be a redis:// or rediss:// URL' })
      .optional(),
    REDIS_KEY_PREFIX: z.string().min(1).max(64).default('sthsm:'),
    SHUTDOWN_GRACE_MS: positiveInt(10_000, 600_000),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be an S3 bucket name (3-63 lowercase letters, digits, . or -)' })
      .optional(),
    S3_ENDPOINT: z
      .string()
      .refine((v) => originOf(v) !== undefined, { error: 'must be an http:// or https:// URL such as https://s3.example.com' })
      .optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_PREFIX: z.string().default(''),
    S3_TIMEOUT_MS: positiveInt(10_000, 300_000),
    // GET /metrics: only to this machine, or with this bearer token from anywhere (docs/decisions/0141).
    METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters (e.g. openssl rand -hex 24)' }).optional(),
    // Off unless asked for: GET /api/health/database (docs/decisions/0121).
    HEALTH_DATABASE_SETTINGS: z.enum(['on', 'off']).default('off'),
    // off: an empty database stays empty (no demo schools); schools come from `npm run school -- create`.
    SEED_DEMO: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
    // A directory where the demo's drawn pictures are kept between seeds (the test suites' many fresh servers).
    DEMO_MEDIA_CACHE: z.string().min(1).optional(),
  })
  .refine((e) => e.RESPONSE_CACHE_TTL_MS + e.PAGE_CACHE_TTL_MS <= MAX_STALENESS_MS, {
    path: ['PAGE_CACHE_TTL_MS'],
    error: `plus RESPONSE_CACHE_TTL_MS must be at most ${MAX_STALENESS_MS} (a change must show within 60 s)`,
  });

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  mediaRoot: string;
  cacheDir: string;
  /** Unfinished resumable uploads (tus), on this server's disk until they become library files. */
  uploadDir: string;
  /** MEDIA_MAX_BYTES: the largest file one upload may be (default 25 MB). */
  mediaMaxBytes: number;
  /** MEDIA_QUOTA_BYTES: what one school's media library may hold (default 2 GB). */
  mediaQuotaBytes: number;
  databaseUrl: string;
  /** The school of requests whose host name is not in the host table (and of localhost). */
  schoolCode: string;
  trustProxy: TrustProxy;
  /** TRUST_PROXY as written (for start-up warnings). */
  trustProxySetting: string;
  /** The site's public origin (SITE_URL, default http://localhost:PORT), e.g. https://www.school.example. */
  siteOrigin: string;
  /** Other origins whose pages may post to this server (ALLOWED_ORIGINS), normalised. */
  allowedOrigins: string[];
  /** Per client address and minute (429 with Retry-After beyond). */
  formRateLimitPerMinute: number;
  visitorRateLimitPerMinute: number;
  /** How long a public GET JSON answer is replayed from memory (api/src/cache.ts). */
  responseCacheTtlMs: number;
  /** How long an anonymous page is replayed from memory (api/src/page-cache.ts). */
  pageCacheTtlMs: number;
  /** Whole request (headers and body) must arrive within this; slow-drip clients are cut off. */
  requestTimeoutMs: number;
  /** An idle socket is closed after this. */
  connectionTimeoutMs: number;
  /** The site's build folder: web/build, or WEB_BUILD_DIR (relative to web/) for parallel builds. */
  webBuildDir: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** The school's time zone: decides what "today" is for birthdays, events and notifications. */
  timeZone: string;
  /** Where archives (and the erasure journal's copy) go; readable by the server's user only. */
  backupDir: string;
  /** Archives kept in backupDir; older ones are deleted after each successful backup. */
  backupKeep: number;
  /** The daily scheduled backup's time of day in timeZone ("02:30"), or null when off. */
  backupAt: string | null;
  // Staff side.
  /** The site's public origin (absolute links in staff e-mails and the CLI; an allowed Origin). */
  siteUrl?: string;
  /** Staff e-mail (invitations, resets) is sent through this SMTP server when set. */
  smtpUrl?: string;
  mailFrom: string;
  /** Subscribing (e-mail or push) from one address: at most this many a minute. */
  subscribeRateLimitPerMinute: number;
  /** Searches (GET /api/search) from one address: at most this many a minute. */
  searchRateLimitPerMinute: number;
  /** Sends to subscribers per school per day (emergency alerts are not counted or held). */
  notifyDailyLimit: number;
  /** How often each server looks for notifications due (one server sends each, under a lease). */
  notifyTickMs: number;
  /** The VAPID contact push services may write to: VAPID_SUBJECT, else mailto: MAIL_FROM's address. */
  vapidSubject: string;
  /** Redis for rate-limit counters and cross-server cache invalidation (none: in memory, one process). */
  redisUrl?: string;
  /** Every Redis key and channel this deployment uses starts with this (several deployments, one Redis). */
  redisKeyPrefix: string;
  /** SIGTERM: in-flight requests get this long to finish before the process exits anyway. */
  shutdownGraceMs: number;
  /** Media in an S3-compatible object store (S3_BUCKET set), shared by every server; otherwise local disk. */
  s3?: S3Settings;
  /** HEALTH_DATABASE_SETTINGS=on: GET /api/health/database answers the durability settings of the server's own connections. */
  healthDatabaseSettings?: boolean;
  /** SEED_DEMO (default on): whether a start on an empty database seeds the demo schools. */
  seedDemo: boolean;
  /** DEMO_MEDIA_CACHE (default none): where seeding keeps the demo's drawn pictures for the next seed. */
  demoMediaCache: string | undefined;
  /** METRICS_TOKEN: GET /metrics answers `Authorization: Bearer <token>` only (otherwise this machine only). */
  metricsToken?: string;
}

export interface S3Settings {
  bucket: string;
  /** S3_ENDPOINT for MinIO, s3rver or another S3-compatible store (path-style addressing); none: AWS. */
  endpoint?: string;
  region: string;
  /** Both or neither; neither: the AWS SDK's usual chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Every key starts with this (several deployments in one bucket). */
  prefix: string;
  /** Each S3 call is abandoned after this. */
  timeoutMs: number;
}

function s3Settings(e: z.infer<typeof envSchema>, bucket: string): S3Settings {
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  return {
    bucket,
    ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
    region: e.S3_REGION,
    ...(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } }
      : {}),
    prefix: e.S3_PREFIX,
    timeoutMs: e.S3_TIMEOUT_MS,
  };
}

/** Parses the environment once. Throws one clear line naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`Invalid configuration: ${issue?.path.join('.') ?? 'environment'} ${issue?.message ?? ''}`.trim());
  }
  const e = result.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mediaRoot: path.join(dataDir, 'media'),
    cacheDir: path.join(dataDir, 'cache'),
    uploadDir: path.join(dataDir, 'uploads'),
    mediaMaxBytes: e.MEDIA_MAX_BYTES,
    mediaQuotaBytes: e.MEDIA_QUOTA_BYTES,
    databaseUrl: e.DATABASE_URL ?? path.join(dataDir, 'school.db'),
    schoolCode: e.SCHOOL_CODE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    trustProxySetting: e.TRUST_PROXY,
    siteOrigin: originOf(e.SITE_URL ?? `http://localhost:${e.PORT}`) as string,
    allowedOrigins: e.ALLOWED_ORIGINS,
    formRateLimitPerMinute: e.FORM_RATE_LIMIT_PER_MINUTE,
    visitorRateLimitPerMinute: e.VISITOR_RATE_LIMIT_PER_MINUTE,
    responseCacheTtlMs: e.RESPONSE_CACHE_TTL_MS,
    pageCacheTtlMs: e.PAGE_CACHE_TTL_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
    webBuildDir: path.resolve(REPO_ROOT, 'web', e.WEB_BUILD_DIR),
    logLevel: e.LOG_LEVEL,
    timeZone: e.TIME_ZONE,
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
    backupKeep: e.BACKUP_KEEP,
    backupAt: e.BACKUP_AT === 'off' ? null : e.BACKUP_AT.padStart(5, '0'),
    ...(e.SITE_URL ? { siteUrl: e.SITE_URL.replace(/\/+$/, '') } : {}),
    ...(e.SMTP_URL ? { smtpUrl: e.SMTP_URL } : {}),
    mailFrom: e.MAIL_FROM ?? 'School website <no-reply@localhost>',
    subscribeRateLimitPerMinute: e.SUBSCRIBE_RATE_LIMIT_PER_MINUTE,
    notifyDailyLimit: e.NOTIFY_DAILY_LIMIT,
    searchRateLimitPerMinute: e.SEARCH_RATE_LIMIT_PER_MINUTE,
    notifyTickMs: e.NOTIFY_TICK_MS,
    vapidSubject:
      e.VAPID_SUBJECT ?? `mailto:${/<([^<>]+)>\s*$/.exec(e.MAIL_FROM ?? '')?.[1] ?? (e.MAIL_FROM?.trim() || 'no-reply@localhost')}`,
    ...(e.REDIS_URL ? { redisUrl: e.REDIS_URL } : {}),
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    ...(e.S3_BUCKET ? { s3: s3Settings(e, e.S3_BUCKET) } : {}),
    ...(e.HEALTH_DATABASE_SETTINGS === 'on' ? { healthDatabaseSettings: true } : {}),
    seedDemo: e.SEED_DEMO === 'on',
    demoMediaCache: e.DEMO_MEDIA_CACHE === undefined ? undefined : path.resolve(e.DEMO_MEDIA_CACHE),
    ...(e.METRICS_TOKEN ? { metricsToken: e.METRICS_TOKEN } : {}),
  };
}
