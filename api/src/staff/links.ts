import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { insertToken, withdrawTokens } from '../repositories/staff-tokens.ts';
import { newToken, tokenHash } from './secrets.ts';

// Single-use links: made here, stored as hashes, shown or mailed as absolute URLs on the site's
// origin (SITE_URL, else the request's own).

export type LinkPurpose = 'setup' | 'invite' | 'reset' | 'two-factor';

export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  setup: 24 * 60 * 60 * 1000,
  // STAFF.md fixes 24 hours for the CLI's link; an invitation from the staff page gets the same.
  invite: 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
  'two-factor': 5 * 60 * 1000,
};

export const LINK_PATHS = { setup: '/admin/setup/', invite: '/admin/set-password/', reset: '/admin/set-password/' } as const;

/** The site's public origin for links: SITE_URL, else this request's origin (else localhost:PORT). */
export function siteOrigin(config: Config, request?: FastifyRequest): string {
  if (config.siteUrl) return config.siteUrl;
  if (request) return `${request.protocol}://${request.host}`;
  return `http://localhost:${config.port}`;
}

/** Makes a new link token (withdrawing the unused ones of the same purpose and owner). */
export async function issueToken(
  db: Db,
  purpose: LinkPurpose,
  owner: { userId?: string | null; schoolCode?: string | null },
  now: Date,
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
  });
  return token;
}

export function linkUrl(origin: string, purpose: Exclude<LinkPurpose, 'two-factor'>, token: string): string {
  return `${origin}${LINK_PATHS[purpose]}${token}`;
}
