import type { FastifyPluginAsync } from 'fastify';
import { SIGN_IN_FAILED, signInBody, twoFactorBody } from '@sthsm/contract/staff';
import { z } from 'zod';
import { HttpError } from '../../errors.ts';
import { typed } from '../deps.ts';
import { deleteSession } from '../../repositories/staff-sessions.ts';
import { findToken, useToken } from '../../repositories/staff-tokens.ts';
import { requiresAdminTwoFactor } from '../../repositories/school-security.ts';
import { findUserByEmail, findUserById, membershipsOf, replaceBackupCodes, type StaffUserRow } from '../../repositories/staff-users.ts';
import { recordAudit, recordSignInAudit } from '../../staff/audit.ts';
import { guard, staffOf } from '../../staff/guard.ts';
import { issueToken } from '../../staff/links.ts';
import { currentLockout, lockoutMessage, noteAttempt, type Lockout } from '../../staff/lockout.ts';
import { signInFailures, signInLocked } from '../../metrics/registry.ts';
import { burnPasswordCheck, tokenHash, verifyPassword } from '../../staff/secrets.ts';
import { ABSOLUTE_TIMEOUT_MS, clearSessionCookie, IDLE_TIMEOUT_MS, startSession } from '../../staff/sessions.ts';
import { claimTotpStep } from '../../repositories/staff-totp.ts';
import { matchBackupCode, totpStep } from '../../staff/totp.ts';
import { fromJson } from '../../repositories/rows.ts';
import type { AdminDeps } from './index.ts';
import { auditSchool, userSummaryOf } from './context.ts';
import { errors, me, ok, signedIn, twoFactorNeeded } from './schemas.ts';

export const WRONG_CODE = 'That code is not correct. Check the time on your phone, or use a backup code.';
/** A code (or an earlier one) that already signed in: each works once (RFC 6238 §5.2). */
export const USED_CODE = 'That code has already been used. Wait for the next code in your authenticator app, or use a backup code.';

/** Signing in and out, and who is signed in (STAFF.md "Getting in"). */
export const sessionRoutes: FastifyPluginAsync<AdminDeps> = async (app, deps) => {
  const { db, config, now } = deps;

  /** The lock in force (recorded as a refused attempt), or null. */
  async function lockedOut(email: string, user: StaffUserRow | undefined, ip: string, at: Date): Promise<Lockout | null> {
    const lock = await currentLockout(db, email, ip, at);
    if (!lock) return null;
    signInLocked.inc();
    await db.transaction().execute(async (trx) => {
      await noteAttempt(trx, email, ip, 'refused', at);
      await recordSignInAudit(trx, user, { action: 'session.sign_in_refused', actor: user ?? null, target: email, ip, at });
    });
    return lock;
  }

  async function signIn(
    user: StaffUserRow,
    request: Parameters<typeof startSession>[1],
    reply: Parameters<typeof startSession>[2],
    at: Date,
    method: string,
  ) {
    await db.transaction().execute(async (trx) => {
      await startSession(trx, request, reply, config, user.id, at);
      await noteAttempt(trx, user.email, request.ip, 'success', at);
      await recordSignInAudit(trx, user, {
        action: 'session.signed_in',
        actor: user,
        target: user.email,
        ip: request.ip,
        after: { method },
        at,
      });
    });
    return { signedIn: true as const, user: userSummaryOf(user) };
  }

  async function failed(
    email: string,
    ip: string,
    at: Date,
    step: string,
    actor: StaffUserRow | undefined,
    message: string,
  ): Promise<never> {
    signInFailures.inc({ step });
    await db.transaction().execute(async (trx) => {
      await noteAttempt(trx, email, ip, 'failure', at);
      await recordSignInAudit(trx, actor, {
        action: 'session.sign_in_failed',
        actor: actor ?? null,
        target: email,
        ip,
        after: { step },
        at,
      });
    });
    throw new HttpError(401, message);
  }

  typed(app).post(
    '/session',
    {
      onRequest: guard(deps, { kind: 'anyone' }),
      schema: {
        summary: 'Signs in with e-mail and password',
        tags: ['admin: session'],
        description: `Wrong e-mail or password: 401 "${SIGN_IN_FAILED}". Locked (5 failures per account or 20 per address in 15 minutes): 429 with Retry-After. With two-factor on, answers a challenge instead of a session.`,
        body: signInBody,
        response: { 200: z.union([signedIn, twoFactorNeeded]), ...errors },
      },
    },
    async (request, reply) => {
      const at = now();
      const { email, password } = request.body;
      const user = await findUserByEmail(db, email);
      const lock = await lockedOut(email, user, request.ip, at);
      if (lock)
        return reply
          .code(429)
          .header('retry-after', String(lock.retryAfterSeconds))
          .send({ error: lockoutMessage(lock) });
      const good = user?.password_hash ? await verifyPassword(user.password_hash, password) : (await burnPasswordCheck(password), false);
      if (!user || !good) return failed(email, request.ip, at, 'password', user, SIGN_IN_FAILED);
      if (user.totp_enabled_at) {
        const challenge = await issueToken(db, 'two-factor', { userId: user.id }, at);
        return { signedIn: false as const, twoFactorRequired: true as const, challenge };
      }
      return signIn(user, request, reply, at, 'password');
    },
  );

  typed(app).post(
    '/session/two-factor',
    {
      onRequest: guard(deps, { kind: 'anyone' }),
      schema: {
        summary: 'Completes a sign-in with a code from an authenticator app or a backup code',
        tags: ['admin: session'],
        body: twoFactorBody,
        response: { 200: signedIn, ...errors },
      },
    },
    async (request, reply) => {
      const at = now();
      const row = await findToken(db, tokenHash(request.body.challenge));
      const expired = 'This sign-in has expired. Start again with your email and password.';
      if (!row || row.purpose !== 'two-factor' || row.used_at || row.expires_at <= at.toISOString() || !row.user_id)
        throw new HttpError(401, expired);
      const user = await findUserById(db, row.user_id);
      if (!user?.totp_secret || !user.totp_enabled_at) throw new HttpError(401, expired);
      const lock = await lockedOut(user.email, user, request.ip, at);
      if (lock)
        return reply
          .code(429)
          .header('retry-after', String(lock.retryAfterSeconds))
          .send({ error: lockoutMessage(lock) });
      const code = request.body.code;
      let method = 'totp';
      if (/^\d{6}$/.test(code)) {
        const step = await totpStep(user.totp_secret, code, at);
        if (step === null) return failed(user.email, request.ip, at, 'two-factor', user, WRONG_CODE);
        // A replayed code counts as a failure: whoever sends it has the password and a seen code.
        if (!(await claimTotpStep(db, user.id, user.totp_secret, step)))
          return failed(user.email, request.ip, at, 'two-factor', user, USED_CODE);
      } else {
        const hashes = fromJson(user.backup_codes);
        const index = matchBackupCode(hashes, code);
        const next = JSON.stringify(hashes.filter((_, i) => i !== index));
        if (index < 0 || !(await replaceBackupCodes(db, user.id, user.backup_codes, next, at.toISOString()))) {
          return failed(user.email, request.ip, at, 'two-factor', user, WRONG_CODE);
        }
        method = 'backup-code';
      }
      if (!(await useToken(db, row.id, at.toISOString()))) throw new HttpError(401, expired);
      return signIn(user, request, reply, at, method);
    },
  );

  typed(app).delete(
    '/session',
    {
      onRequest: guard(deps, { kind: 'signed-in' }),
      schema: {
        summary: 'Signs out: ends this session on the server',
        tags: ['admin: session'],
        querystring: z.object({ school: z.string().max(32).optional() }),
        response: { 200: ok, ...errors },
      },
    },
    async (request, reply) => {
      const { session, user } = staffOf(request);
      const school = await auditSchool(db, user, request.query.school);
      await db.transaction().execute(async (trx) => {
        await deleteSession(trx, session.id);
        await recordAudit(trx, { action: 'session.signed_out', school, actor: user, target: user.email, ip: request.ip, at: now() });
      });
      clearSessionCookie(request, reply, config);
      return { ok: true as const };
    },
  );

  typed(app).get(
    '/me',
    {
      onRequest: guard(deps, { kind: 'signed-in' }),
      schema: {
        summary: 'The signed-in person, their schools and roles, and the CSRF token',
        tags: ['admin: session'],
        response: { 200: me, ...errors },
      },
    },
    async (request) => {
      const { session, user } = staffOf(request);
      const memberships = await membershipsOf(db, user.id);
      const expiresAt = Math.min(Date.parse(session.created_at) + ABSOLUTE_TIMEOUT_MS, Date.parse(session.last_seen_at) + IDLE_TIMEOUT_MS);
      return {
        user: userSummaryOf(user),
        memberships: await Promise.all(
          memberships.map(async (m) => ({
            code: m.school_code,
            name: m.school_name,
            role: m.role as 'admin',
            // The guard refuses such an administrator the school's routes (guard.ts); the site sends them to set it up.
            twoFactorRequired: m.role === 'admin' && !user.totp_enabled_at && (await requiresAdminTwoFactor(db, m.school_code)),
          })),
        ),
        csrfToken: session.csrf_token,
        session: { createdAt: session.created_at, expiresAt: new Date(expiresAt).toISOString() },
      };
    },
  );
};
