import { timeZoneSchema } from '@sthsm/contract/environment';
import { SCHOOL_CODE_PATTERN } from '@sthsm/contract/http';
import { z } from 'zod';

// The site's configuration, parsed once from the environment when the server loads the site
// (api/src/site.ts imports the build); a bad value stops the start with one line naming it.
// The API half has its own (api/src/config.ts); the variables they share mean the same there.

const origin = () =>
  z
    .url({ protocol: /^https?$/, error: 'must be an http(s) origin such as https://school.example.org' })
    .transform((v) => v.replace(/\/+$/, ''));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The default school's public origin (canonical URLs, Open Graph, /sitemap.xml). */
  SITE_URL: origin().optional(),
  /** Origin of the contract API the site reads; default this same server over loopback. */
  API_URL: origin().optional(),
  /** The school of requests the server did not resolve to another (unknown hosts, localhost). */
  SCHOOL_CODE: z.string().regex(SCHOOL_CODE_PATTERN, { error: 'must be 1-32 letters, digits, _ or -' }).default('STHSM'),
  /** A school file (`npm run school:export`) used when the API has no school endpoints (docs/decisions/0023). */
  SCHOOL_PROFILE_FILE: z.string().min(1).optional(),
  /** The school's time zone (dates on pages, feeds and calendars, the staff area's times), read as the API reads it. */
  TIME_ZONE: timeZoneSchema,
});

export interface SiteEnv {
  siteUrl: string;
  apiUrl: string;
  schoolCode: string;
  schoolProfileFile: string | undefined;
  timeZone: string;
}

/** Parses an environment; throws one line naming the first bad variable. */
export function parseSiteEnv(source: Record<string, string | undefined>): SiteEnv {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`Invalid site configuration: ${issue?.path.join('.') ?? 'environment'} ${issue?.message ?? ''}`.trim());
  }
  const e = result.data;
  return {
    siteUrl: e.SITE_URL ?? `http://localhost:${e.PORT}`,
    apiUrl: e.API_URL ?? `http://127.0.0.1:${e.PORT}`,
    schoolCode: e.SCHOOL_CODE,
    schoolProfileFile: e.SCHOOL_PROFILE_FILE,
    timeZone: e.TIME_ZONE,
  };
}

export const env: SiteEnv = parseSiteEnv(process.env);
