import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { primaryHostOf } from '../repositories/school-hosts.ts';
import { insertToken, withdrawTokens } from '../repositories/staff-tokens.ts';
import { newToken, tokenHash } from './secrets.ts';

// Single-use links: made here, stored as hashes, shown or mailed as absolute URLs on the school's
// origin, which comes from configuration only (SITE_URL and the host table), never from a request's
// Host or X-Forwarded-Host: whoever sends a request writes those (docs/decisions/0117).

export type LinkPurpose = 'setup' | 'invite' | 'reset' | 'two-factor';

export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  setup: 24 * 60 * 60 * 1000,
  // STAFF.md fixes 24 hours for the CLI's link; an invitation from the staff page gets the same.
  invite: 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
  'two-factor': 5 * 60 * 1000,
};

export const LINK_PATHS = { setup: '/admin/setup/', invite: '/admin/set-password/', reset: '/admin/set-password/' } as const;

/**
 * A school's public origin for links: SITE_URL (else http://localhost:PORT) for the default school
 * and for a school without a host name; otherwise the school's first host name, with SITE_URL's
 * scheme and port.
 */
export async function schoolOrigin(db: Db, config: Config, school: string | null | undefined): Promise<string> {
  const base = new URL(config.siteOrigin);
  if (!school || school === config.schoolCode) return base.origin;
  const host = await primaryHostOf(db, school);
  return host ? `${base.protocol}//${host}${base.port ? `:${base.port}` : ''}` : base.origin;
}

/** Makes a new link token (withdrawing the unused ones of the same purpose and owner). */
export async function issueToken(
  db: Db,
  purpose: LinkPurpose,
  owner: { userId?: string | null; schoolCode?: string | null },
  now: Date,
  options: { shownTo?: string | null } = {},
): Promise<string> {
  const at = now.toISOString();
  if (purpose !== 'two-factor') {
    await withdrawTokens(db, purpose, purpose === 'setup' ? { schoolCode: owner.schoolCode ?? '' } : { userId: owner.userId ?? '' }, at);
  }
  const token = newToken();
  await insertToken(db, {
    id: tokenHash(token),
    purpose,
    user_id: owner.userId ?? null,
    school_code: owner.schoolCode ?? null,
    created_at: at,
    expires_at: new Date(now.getTime() + LINK_LIFETIME_MS[purpose]).toISOString(),
    used_at: null,
    shown_to: options.shownTo ?? null,
  });
  return token;
}

export function linkUrl(origin: string, purpose: Exclude<LinkPurpose, 'two-factor'>, token: string): string {
  return `${origin}${LINK_PATHS[purpose]}${token}`;
}
