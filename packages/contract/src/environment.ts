import { z } from './zod.ts';

// Settings both halves read from their environment (api/src/config.ts, web/app/lib/env.server.ts):
// one schema each, so TIME_ZONE means the same thing on both sides.

export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** TIME_ZONE: an IANA time zone the runtime knows, e.g. Asia/Kolkata. */
export const timeZoneSchema = z
  .string()
  .trim()
  .default(DEFAULT_TIME_ZONE)
  .refine(
    (tz) => {
      try {
        return Intl.DateTimeFormat('en-CA', { timeZone: tz }).resolvedOptions().timeZone.length > 0;
      } catch {
        return false;
      }
    },
    { error: 'must be an IANA time zone such as Asia/Kolkata' },
  );
