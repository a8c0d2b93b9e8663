import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

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
  return [...new Set(['loopback', ...value.split(',').map((s) => s.trim()).filter(Boolean)])];
}

const positiveInt = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'data')),
  DATABASE_URL: z
    .string()
    .refine((v) => /^(postgres|postgresql):\/\//.test(v) || /^(sqlite|file):/.test(v) || !v.includes('://'), {
      error: 'must be a postgres:// URL or an SQLite file path',
    })
    .optional(),
  SCHOOL_CODE: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, { error: 'must be 1-32 letters, digits, _ or -' }).default('STHSM'),
  TRUST_PROXY: z.string().default(DEFAULT_TRUST_PROXY).transform(parseTrustProxy),
  FORM_RATE_LIMIT_PER_MINUTE: positiveInt(5, 1_000_000),
  VISITOR_RATE_LIMIT_PER_MINUTE: positiveInt(60, 1_000_000),
  REQUEST_TIMEOUT_MS: positiveInt(30_000, 3_600_000),
  CONNECTION_TIMEOUT_MS: positiveInt(30_000, 3_600_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TIME_ZONE: z
    .string()
    .default('Asia/Kolkata')
    .refine((tz) => {
      try {
        return Intl.DateTimeFormat('en-CA', { timeZone: tz }).resolvedOptions().timeZone.length > 0;
      } catch {
        return false;
      }
    }, { error: 'must be an IANA time zone such as Asia/Kolkata' }),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  mediaRoot: string;
  cacheDir: string;
  databaseUrl: string;
  schoolCode: string;
  trustProxy: TrustProxy;
  /** Per client address and minute (429 with Retry-After beyond). */
  formRateLimitPerMinute: number;
  visitorRateLimitPerMinute: number;
  /** Whole request (headers and body) must arrive within this; slow-drip clients are cut off. */
  requestTimeoutMs: number;
  /** An idle socket is closed after this. */
  connectionTimeoutMs: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** The school's time zone: decides what "today" is for birthdays, events and notifications. */
  timeZone: string;
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
    databaseUrl: e.DATABASE_URL ?? path.join(dataDir, 'school.db'),
    schoolCode: e.SCHOOL_CODE,
    trustProxy: e.TRUST_PROXY,
    formRateLimitPerMinute: e.FORM_RATE_LIMIT_PER_MINUTE,
    visitorRateLimitPerMinute: e.VISITOR_RATE_LIMIT_PER_MINUTE,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    timeZone: e.TIME_ZONE,
  };
}
