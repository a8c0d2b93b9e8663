import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaffRole } from '@sthsm/contract/staff';
import { HttpError } from '../errors.ts';
import { requireSchool, type Deps } from '../routes/deps.ts';
import { findMembership, touchMembership } from '../repositories/staff-users.ts';
import { schoolOfHost } from '../repositories/school-hosts.ts';
import { requiresAdminTwoFactor } from '../repositories/school-security.ts';
import { isStateChanging } from '../origin.ts';
import { hasValidCsrfToken, isSameOrigin } from './csrf.ts';
import { loadSession, TOUCH_INTERVAL_MS, type StaffSession } from './sessions.ts';

// The one check in front of every /api/admin route (docs/decisions/0031), as its onRequest hook:
// session → same origin and CSRF token for writes → membership of the school in the path → role.
// The operator passes every school check. Signed out is 401; anything else refused is 403 and
// changes nothing.

export type Access =
  /** Before signing in (sign-in, setup, set-password): writes still need our own Origin. */
  | { kind: 'anyone' }
  /** Any signed-in person (their own account). */
  | { kind: 'signed-in' }
  /** A member of the school `:code` (or, on a route without one, the school of the request's host name) with one of these roles. */
  | { kind: 'school'; roles: readonly StaffRole[] }
  /** A platform operator (`is_operator`): creating and serving schools (/api/admin/schools). */
  | { kind: 'operator' };

export const ALL_ROLES: readonly StaffRole[] = ['admin', 'editor', 'contributor'];
export const ADMINS: readonly StaffRole[] = ['admin'];
export const EDITORS: readonly StaffRole[] = ['admin', 'editor'];

export const SIGNED_OUT = 'Your session has ended. Sign in to continue.';
export const FOREIGN_ORIGIN = 'This request did not come from this site. Reload the page and try again.';
export const BAD_CSRF = 'This form has expired. Reload the page and try again.';
export const NOT_A_MEMBER = 'You do not have access to this school.';
export const ADMINS_ONLY = 'Only administrators of this school can do this.';
export const ROLE_NOT_ALLOWED = 'Your role in this school does not allow this.';
export const OPERATORS_ONLY = 'Only platform operators can do this.';
export const TWO_FACTOR_REQUIRED =
  'This school requires administrators to use two-factor authentication. Turn it on under Your account first.';

export interface StaffRequestContext extends StaffSession {
  /** The role in the path's school (operators: 'admin'); undefined on account-level routes. */
  role?: StaffRole;
  /** The school checked: the path's `:code`, or the host name's school on routes without one. */
  school?: string;
}

const contexts = new WeakMap<FastifyRequest, StaffRequestContext>();

/** The signed-in person of a guarded request (throws if the route was not guarded). */
export function staffOf(request: FastifyRequest): StaffRequestContext {
  const context = contexts.get(request);
  if (!context) throw new HttpError(401, SIGNED_OUT);
  return context;
}

/** The access rule of each guard function (routes/admin/index.ts lists every route's rule for tests). */
export const accessOf = new WeakMap<object, Access>();

/**
 * The route's onRequest hook: it runs before the body is parsed or validated, so a signed-out or
 * foreign request is refused (401/403) before anything else looks at it.
 */
export function guard({ db, config, now }: Deps, access: Access) {
  const staffGuard = async function staffGuard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // Staff answers are personal: never stored by a browser, a proxy or our caches.
    reply.header('cache-control', 'no-store');
    const writes = isStateChanging(request.method);
    if (access.kind === 'anyone') {
      if (writes && !isSameOrigin(request, config)) throw new HttpError(403, FOREIGN_ORIGIN);
      return;
    }
    const current = await loadSession(db, request, config, now());
    if (!current) throw new HttpError(401, SIGNED_OUT);
    if (writes) {
      if (!isSameOrigin(request, config)) throw new HttpError(403, FOREIGN_ORIGIN);
      if (!hasValidCsrfToken(request, current.session.csrf_token)) throw new HttpError(403, BAD_CSRF);
    }
    const context: StaffRequestContext = { ...current };
    if (access.kind === 'operator' && current.user.is_operator !== 1) throw new HttpError(403, OPERATORS_ONLY);
    if (access.kind === 'school') {
      const code = (request.params as { code?: string }).code ?? (await schoolOfHost(db, request.hostname, config.schoolCode));
      context.school = code;
      if (current.user.is_operator === 1) {
        await requireSchool(db, code);
        context.role = 'admin';
      } else {
        const membership = await findMembership(db, current.user.id, code);
        if (!membership) throw new HttpError(403, NOT_A_MEMBER);
        const role = membership.role as StaffRole;
        if (!access.roles.includes(role))
          throw new HttpError(403, access.roles.length === 1 && access.roles[0] === 'admin' ? ADMINS_ONLY : ROLE_NOT_ALLOWED);
        if (role === 'admin' && !current.user.totp_enabled_at && (await requiresAdminTwoFactor(db, code))) {
          throw new HttpError(403, TWO_FACTOR_REQUIRED);
        }
        context.role = role;
        // When the person last worked *here*: the staff list of this school shows this, never their activity elsewhere.
        const at = now();
        if (!membership.last_seen_at || at.getTime() - Date.parse(membership.last_seen_at) >= TOUCH_INTERVAL_MS)
          await touchMembership(db, current.user.id, code, at.toISOString());
      }
    }
    contexts.set(request, context);
  };
  accessOf.set(staffGuard, access);
  return staffGuard;
}
