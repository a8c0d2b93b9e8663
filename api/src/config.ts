import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/** TRUST_PROXY: off (default) | on | a hop count | a comma-separated list of addresses/CIDRs. */
function parseTrustProxy(value: string): TrustProxy {
  const v = value.trim().toLowerCase();
  if (['', 'off', 'false', '0', 'no'].includes(v)) return false;
  if (['on', 'true', 'yes'].includes(v)) return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}

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
  TRUST_PROXY: z.string().default('off').transform(parseTrustProxy),
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
    logLevel: e.LOG_LEVEL,
    timeZone: e.TIME_ZONE,
  };
}
