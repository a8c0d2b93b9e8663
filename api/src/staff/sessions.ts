import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { deleteSession, findSession, insertSession, touchSession, type StaffSessionRow } from '../repositories/staff-sessions.ts';
import { findUserById, type StaffUserRow } from '../repositories/staff-users.ts';
import { newToken, tokenHash } from './secrets.ts';

// Database-backed staff sessions (STAFF.md "Sessions and requests"; docs/decisions/0031).

export const IDLE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often per session (idle expiry is in hours). */
export const TOUCH_INTERVAL_MS = 60 * 1000;

export const COOKIE_NAME = 'staff_session';
/** Over HTTPS the cookie is Secure and `__Host-` (no Domain, Path=/): no subdomain can plant one. */
export const SECURE_COOKIE_NAME = '__Host-staff_session';

/** HTTPS as the visitor sees it: the request (via a trusted proxy), or a SITE_URL on https. */
export function isSecureRequest(request: FastifyRequest, config: Config): boolean {
  return request.protocol === 'https' || (config.siteUrl?.startsWith('https://') ?? false);
}

export function sessionCookieName(request: FastifyRequest, config: Config): string {
  return isSecureRequest(request, config) ? SECURE_COOKIE_NAME : COOKIE_NAME;
}

export interface StaffSession {
  session: StaffSessionRow;
  user: StaffUserRow;
}

/** Starts a session for a person: stores its hash and sets the cookie. */
export async function startSession(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  userId: string,
  now: Date,
): Promise<StaffSessionRow> {
  const token = newToken();
  const at = now.toISOString();
  const row: StaffSessionRow = {
    id: tokenHash(token),
    user_id: userId,
    csrf_token: newToken(),
    created_at: at,
    last_seen_at: at,
    ip: request.ip,
    user_agent: (request.headers['user-agent'] ?? '').slice(0, 300) || null,
  };
  await insertSession(db, row);
  const secure = isSecureRequest(request, config);
  reply.setCookie(secure ? SECURE_COOKIE_NAME : COOKIE_NAME, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: ABSOLUTE_TIMEOUT_MS / 1000,
  });
  return row;
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, config: Config): void {
  const secure = isSecureRequest(request, config);
  reply.clearCookie(secure ? SECURE_COOKIE_NAME : COOKIE_NAME, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** Why a session is no longer valid at `now`, or null while it is. */
export function sessionExpiry(session: Pick<StaffSessionRow, 'created_at' | 'last_seen_at'>, now: Date): 'idle' | 'absolute' | null {
  const t = now.getTime();
  if (t - Date.parse(session.created_at) >= ABSOLUTE_TIMEOUT_MS) return 'absolute';
  if (t - Date.parse(session.last_seen_at) >= IDLE_TIMEOUT_MS) return 'idle';
  return null;
}

/** The request's valid session and person, or null (an expired one is deleted on the way). */
export async function loadSession(db: Db, request: FastifyRequest, config: Config, now: Date): Promise<StaffSession | null> {
  const token = request.cookies[sessionCookieName(request, config)];
  if (!token || token.length > 100) return null;
  const session = await findSession(db, tokenHash(token));
  if (!session) return null;
  if (sessionExpiry(session, now)) {
    await deleteSession(db, session.id);
    return null;
  }
  const user = await findUserById(db, session.user_id);
  if (!user?.password_hash) return null;
  if (now.getTime() - Date.parse(session.last_seen_at) >= TOUCH_INTERVAL_MS) {
    session.last_seen_at = now.toISOString();
    await touchSession(db, session.id, session.last_seen_at);
  }
  return { session, user };
}
