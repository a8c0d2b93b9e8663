import type { FastifyPluginAsync } from 'fastify';
import { changePasswordBody, disableTwoFactorBody, enableTwoFactorBody } from '@sthsm/contract/staff';
import { z } from 'zod';
import { HttpError } from '../../errors.ts';
import { typed } from '../deps.ts';
import { deleteUserSessions } from '../../repositories/staff-sessions.ts';
import { updateUser } from '../../repositories/staff-users.ts';
import { findSchool } from '../../repositories/schools.ts';
import { recordAudit } from '../../staff/audit.ts';
import { guard, staffOf } from '../../staff/guard.ts';
import { passwordProblem } from '../../staff/passwords.ts';
import { hashPassword, verifyPassword } from '../../staff/secrets.ts';
import { claimTotpStep } from '../../repositories/staff-totp.ts';
import { newBackupCodes, newTotpSecret, totpStep, totpUrl } from '../../staff/totp.ts';
import type { AdminDeps } from './index.ts';
import { auditSchool } from './context.ts';
import { errors, ok } from './schemas.ts';

export const WRONG_PASSWORD = 'Your current password is not correct.';
const schoolQuery = z.object({ school: z.string().max(32).optional().describe('The school whose audit log records the change') });

/** The signed-in person's own account: password and two-factor sign-in. */
export const accountRoutes: FastifyPluginAsync<AdminDeps> = async (app, deps) => {
  const { db, now } = deps;
  const signedIn = guard(deps, { kind: 'signed-in' });

  typed(app).post(
    '/me/password',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Changes the password (other sessions end)',
        tags: ['admin: account'],
        querystring: schoolQuery,
        body: changePasswordBody,
        response: { 200: z.object({ ok: z.literal(true), otherSessionsEnded: z.number() }), ...errors },
      },
    },
    async (request) => {
      const { user, session } = staffOf(request);
      const at = now();
      if (!user.password_hash || !(await verifyPassword(user.password_hash, request.body.currentPassword)))
        throw new HttpError(400, WRONG_PASSWORD);
      const problem = passwordProblem(request.body.newPassword, user.email);
      if (problem) throw new HttpError(400, problem);
      const hash = await hashPassword(request.body.newPassword);
      const school = await auditSchool(db, user, request.query.school);
      const ended = await db.transaction().execute(async (trx) => {
        await updateUser(trx, user.id, { password_hash: hash }, at.toISOString());
        const n = await deleteUserSessions(trx, user.id, session.id);
        await recordAudit(trx, {
          action: 'account.password_changed',
          school,
          actor: user,
          target: user.email,
          ip: request.ip,
          after: { otherSessionsEnded: n },
          at,
        });
        return n;
      });
      return { ok: true as const, otherSessionsEnded: ended };
    },
  );

  typed(app).post(
    '/me/two-factor/setup',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Starts turning on two-factor sign-in: a new secret for an authenticator app',
        tags: ['admin: account'],
        querystring: schoolQuery,
        response: { 200: z.object({ secret: z.string().describe('Base32, for typing into the app'), otpauthUrl: z.string() }), ...errors },
      },
    },
    async (request) => {
      const { user } = staffOf(request);
      if (user.totp_enabled_at) throw new HttpError(409, 'Two-factor sign-in is already on.');
      const secret = newTotpSecret();
      // A new secret: no code of it has been accepted yet.
      await updateUser(db, user.id, { totp_secret: secret, totp_last_step: null }, now().toISOString());
      const school = request.query.school ? await findSchool(db, request.query.school) : undefined;
      return { secret, otpauthUrl: totpUrl(secret, school?.name ?? 'School website', user.email) };
    },
  );

  typed(app).post(
    '/me/two-factor/enable',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Turns on two-factor sign-in after a first correct code; answers the backup codes once',
        tags: ['admin: account'],
        querystring: schoolQuery,
        body: enableTwoFactorBody,
        response: { 200: z.object({ backupCodes: z.array(z.string()) }), ...errors },
      },
    },
    async (request) => {
      const { user } = staffOf(request);
      const at = now();
      if (user.totp_enabled_at) throw new HttpError(409, 'Two-factor sign-in is already on.');
      if (!user.totp_secret) throw new HttpError(409, 'Start again: set up your authenticator app first.');
      const secret = user.totp_secret;
      const step = await totpStep(secret, request.body.code, at);
      if (step === null) throw new HttpError(400, 'That code is not correct. Check the time on your phone and try the new code.');
      const { codes, hashes } = newBackupCodes();
      const school = await auditSchool(db, user, request.query.school);
      await db.transaction().execute(async (trx) => {
        // The code is spent here (it cannot sign in afterwards), and of two enables racing with it
        // only one turns two-factor on and answers backup codes.
        if (!(await claimTotpStep(trx, user.id, secret, step)))
          throw new HttpError(400, 'That code has already been used. Wait for the next code in your authenticator app and enter that one.');
        await updateUser(trx, user.id, { totp_enabled_at: at.toISOString(), backup_codes: JSON.stringify(hashes) }, at.toISOString());
        await recordAudit(trx, { action: 'account.two_factor_enabled', school, actor: user, target: user.email, ip: request.ip, at });
      });
      return { backupCodes: codes };
    },
  );

  typed(app).post(
    '/me/two-factor/disable',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Turns off two-factor sign-in (needs the password)',
        tags: ['admin: account'],
        querystring: schoolQuery,
        body: disableTwoFactorBody,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      const { user } = staffOf(request);
      const at = now();
      if (!user.password_hash || !(await verifyPassword(user.password_hash, request.body.password)))
        throw new HttpError(400, WRONG_PASSWORD);
      const school = await auditSchool(db, user, request.query.school);
      await db.transaction().execute(async (trx) => {
        await updateUser(
          trx,
          user.id,
          { totp_secret: null, totp_enabled_at: null, totp_last_step: null, backup_codes: '[]' },
          at.toISOString(),
        );
        await recordAudit(trx, { action: 'account.two_factor_disabled', school, actor: user, target: user.email, ip: request.ip, at });
      });
      return { ok: true as const };
    },
  );
};
