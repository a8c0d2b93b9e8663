import type { FastifyPluginAsync } from 'fastify';
import { resetRequestBody, setPasswordBody, setupBody } from '@sthsm/contract/staff';
import { z } from 'zod';
import { HttpError } from '../../errors.ts';
import { typed } from '../deps.ts';
import { findToken, useToken, type StaffTokenRow } from '../../repositories/staff-tokens.ts';
import {
  countActiveAdmins,
  findUserByEmail,
  findUserById,
  insertMembership,
  insertUser,
  updateUser,
} from '../../repositories/staff-users.ts';
import { deleteUserSessions } from '../../repositories/staff-sessions.ts';
import { findSchool, schoolExists } from '../../repositories/schools.ts';
import { newUserId } from '../../staff/accounts.ts';
import { recordAudit } from '../../staff/audit.ts';
import { guard } from '../../staff/guard.ts';
import { issueToken, linkUrl, siteOrigin } from '../../staff/links.ts';
import { passwordProblem } from '../../staff/passwords.ts';
import { hashPassword, tokenHash } from '../../staff/secrets.ts';
import { startSession } from '../../staff/sessions.ts';
import type { AdminDeps } from './index.ts';
import { userSummaryOf } from './context.ts';
import { errors, signedIn, tokenParams } from './schemas.ts';

export const LINK_INVALID = 'This link has expired or has already been used. Ask your school\u2019s administrator for a new one.';
export const RESET_REQUESTED =
  'If there is an account for that address, we have sent it a link to choose a new password. The link works for one hour.';

function refuseWeak(password: string, email?: string): void {
  const problem = passwordProblem(password, email);
  if (problem) throw new HttpError(400, problem);
}

/** Getting in for the first time, by invitation, or after forgetting a password (STAFF.md). */
export const onboardingRoutes: FastifyPluginAsync<AdminDeps> = async (app, deps) => {
  const { db, config, now, mailer } = deps;

  async function liveToken(token: string, purposes: string[], at: Date): Promise<StaffTokenRow> {
    const row = await findToken(db, tokenHash(token));
    if (!row || !purposes.includes(row.purpose) || row.used_at || row.expires_at <= at.toISOString())
      throw new HttpError(404, LINK_INVALID);
    return row;
  }

  typed(app).get(
    '/links/:token',
    {
      onRequest: guard(deps, { kind: 'anyone' }),
      schema: {
        summary: 'What a setup, invitation or reset link is for (before using it)',
        tags: ['admin: getting in'],
        params: tokenParams,
        response: {
          200: z.object({
            purpose: z.enum(['setup', 'invite', 'reset']),
            email: z.string().nullable(),
            name: z.string().nullable(),
            school: z.object({ code: z.string(), name: z.string() }).nullable(),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const row = await liveToken(request.params.token, ['setup', 'invite', 'reset'], now());
      const user = row.user_id ? await findUserById(db, row.user_id) : undefined;
      const school = row.school_code ? await findSchool(db, row.school_code) : undefined;
      return { purpose: row.purpose as 'setup', email: user?.email ?? null, name: user?.name ?? null, school: school ?? null };
    },
  );

  typed(app).post(
    '/setup',
    {
      onRequest: guard(deps, { kind: 'anyone' }),
      schema: {
        summary: 'Creates the first administrator of a school from the one-time setup link',
        tags: ['admin: getting in'],
        body: setupBody,
        response: { 200: signedIn, ...errors },
      },
    },
    async (request, reply) => {
      const at = now();
      const { token, name, email, password } = request.body;
      refuseWeak(password, email);
      const row = await liveToken(token, ['setup'], at);
      const school = row.school_code ?? '';
      const passwordHash = await hashPassword(password);
      const user = await db.transaction().execute(async (trx) => {
        if (!(await useToken(trx, row.id, at.toISOString()))) throw new HttpError(404, LINK_INVALID);
        if ((await countActiveAdmins(trx, school)) > 0)
          throw new HttpError(409, 'This school already has an administrator. Sign in instead.');
        // An existing account (even one still waiting for its password) is not taken over by a setup link.
        if (await findUserByEmail(trx, email))
          throw new HttpError(409, 'There is already an account for this email address. Sign in, or use another address.');
        const id = newUserId();
        await insertUser(trx, { id, email, name, passwordHash, at: at.toISOString() });
        await insertMembership(trx, { userId: id, schoolCode: school, role: 'admin', at: at.toISOString() });
        const created = await findUserById(trx, id);
        if (!created) throw new HttpError(404, LINK_INVALID);
        await recordAudit(trx, {
          action: 'staff.setup_completed',
          school,
          actor: created,
          target: email,
          ip: request.ip,
          after: { role: 'admin' },
          at,
        });
        await startSession(trx, request, reply, config, id, at);
        await recordAudit(trx, {
          action: 'session.signed_in',
          school,
          actor: created,
          target: email,
          ip: request.ip,
          after: { method: 'setup' },
          at,
        });
        return created;
      });
      return { signedIn: true as const, user: userSummaryOf(user) };
    },
  );

  typed(app).post(
    '/set-password',
    {
      onRequest: guard(deps, { kind: 'anyone' }),
      schema: {
        summary: 'Sets a password from an invitation or reset link',
        tags: ['admin: getting in'],
        description: 'An invitation signs the person in; a reset ends all their sessions and asks them to sign in again.',
        body: setPasswordBody,
        response: { 200: z.union([signedIn, z.object({ signedIn: z.literal(false) })]), ...errors },
      },
    },
    async (request, reply) => {
      const at = now();
      const row = await liveToken(request.body.token, ['invite', 'reset'], at);
      const user = row.user_id ? await findUserById(db, row.user_id) : undefined;
      if (!user) throw new HttpError(404, LINK_INVALID);
      refuseWeak(request.body.password, user.email);
      const passwordHash = await hashPassword(request.body.password);
      const invited = row.purpose === 'invite';
      await db.transaction().execute(async (trx) => {
        if (!(await useToken(trx, row.id, at.toISOString()))) throw new HttpError(404, LINK_INVALID);
        const name = invited && request.body.name ? request.body.name : user.name;
        await updateUser(trx, user.id, { password_hash: passwordHash, name }, at.toISOString());
        const ended = await deleteUserSessions(trx, user.id);
        await recordAudit(trx, {
          action: invited ? 'staff.invitation_accepted' : 'account.password_reset',
          school: row.school_code,
          actor: user,
          target: user.email,
          ip: request.ip,
          after: { sessionsEnded: ended },
          at,
        });
        if (invited && !user.totp_enabled_at) {
          await startSession(trx, request, reply, config, user.id, at);
          await recordAudit(trx, {
            action: 'session.signed_in',
            school: row.school_code,
            actor: user,
            target: user.email,
            ip: request.ip,
            after: { method: 'invitation' },
            at,
          });
        }
      });
      if (invited && !user.totp_enabled_at)
        return { signedIn: true as const, user: userSummaryOf({ ...user, password_hash: passwordHash }) };
      return { signedIn: false as const };
    },
  );

  typed(app).post(
    '/password-reset',
    {
      onRequest: guard(deps, { kind: 'anyone' }),
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        summary: 'Sends a password-reset link by e-mail (the same answer whether or not the account exists)',
        tags: ['admin: getting in'],
        body: resetRequestBody,
        response: { 202: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      const at = now();
      const { email } = request.body;
      const school = request.body.school && (await schoolExists(db, request.body.school)) ? request.body.school : config.schoolCode;
      const user = await findUserByEmail(db, email);
      if (user?.password_hash && mailer.enabled) {
        const token = await db.transaction().execute(async (trx) => {
          const t = await issueToken(trx, 'reset', { userId: user.id, schoolCode: school }, at);
          await recordAudit(trx, { action: 'account.password_reset_requested', school, actor: null, target: email, ip: request.ip, at });
          return t;
        });
        // Not awaited: the answer must not take longer when the account exists.
        void mailer.send({
          to: user.email,
          subject: 'Choose a new password',
          text: `Someone asked to reset the password of your staff account.\n\nChoose a new password here (the link works once, for one hour):\n${linkUrl(siteOrigin(config, request), 'reset', token)}\n\nIf it was not you, ignore this e-mail.`,
        });
      }
      return reply.code(202).send({ message: RESET_REQUESTED });
    },
  );
};
