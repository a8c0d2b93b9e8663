import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { acceptInvitationBody, resetRequestBody, setPasswordBody, setupBody, type StaffRole } from '@sthsm/contract/staff';
import { z } from 'zod';
import { HttpError } from '../../errors.ts';
import { typed } from '../deps.ts';
import { findInvitationByToken, type StaffInvitationRow } from '../../repositories/staff-invitations.ts';
import { findToken, useToken, type StaffTokenRow } from '../../repositories/staff-tokens.ts';
import {
  countActiveAdmins,
  findUserByEmail,
  findUserById,
  insertMembership,
  insertUser,
  membershipsOf,
  updateUser,
} from '../../repositories/staff-users.ts';
import { deleteUserSessions } from '../../repositories/staff-sessions.ts';
import { findSchool } from '../../repositories/schools.ts';
import { acceptInvitation, invitationIsLive, LINK_INVALID, linkMayBeShown, nameFromEmail, newUserId } from '../../staff/accounts.ts';
import { recordAudit } from '../../staff/audit.ts';
import { guard, staffOf } from '../../staff/guard.ts';
import { issueToken, linkUrl, schoolOrigin } from '../../staff/links.ts';
import { passwordProblem } from '../../staff/passwords.ts';
import { hashPassword, tokenHash } from '../../staff/secrets.ts';
import { startSession } from '../../staff/sessions.ts';
import { mailBrandOf } from '../../staff/mail-brand.ts';
import type { AdminDeps } from './index.ts';
import { userSummaryOf } from './context.ts';
import { errors, role, signedIn, tokenParams } from './schemas.ts';

export const SIGN_IN_TO_ACCEPT = (email: string, school: string) =>
  `There is already a staff account for ${email}. Sign in with it, then open this link again to join ${school}.`;
export const NOT_YOUR_INVITATION = (email: string) => `This invitation is for ${email}. Sign out, then sign in as ${email} to accept it.`;
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
    // A link an administrator was shown opens only an account that still works for their school alone.
    if (row.shown_to && (!row.user_id || !(await linkMayBeShown(db, row.user_id, row.school_code ?? ''))))
      throw new HttpError(404, LINK_INVALID);
    return row;
  }

  /** An open invitation by its link's token, or undefined (the token may be one of staff_tokens). */
  async function liveInvitation(token: string, at: Date): Promise<StaffInvitationRow | undefined> {
    const invitation = await findInvitationByToken(db, tokenHash(token));
    if (invitation && !invitationIsLive(invitation, at)) throw new HttpError(404, LINK_INVALID);
    return invitation;
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
      const invitation = await liveInvitation(request.params.token, now());
      if (invitation) {
        const school = await findSchool(db, invitation.school_code);
        return { purpose: 'invite' as const, email: invitation.email, name: invitation.name, school: school ?? null };
      }
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
      const invitation = await liveInvitation(request.body.token, at);
      if (invitation) return joinWithNewAccount(request, reply, request.body, invitation, at);
      const row = await liveToken(request.body.token, ['invite', 'reset'], at);
      const user = row.user_id ? await findUserById(db, row.user_id) : undefined;
      if (!user) throw new HttpError(404, LINK_INVALID);
      refuseWeak(request.body.password, user.email);
      const passwordHash = await hashPassword(request.body.password);
      // 'invite' here is the operator's own link (npm run staff -- operator); schools invite through invitations.
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

  /**
   * An invitation's link used to choose a first password: it makes the account and the one
   * membership the invitation offers. An address that already has an account (with a password, or
   * working for any school) is never opened by a link: its owner signs in and accepts instead
   * (POST /invitations/accept), so an invitation cannot take over an account (docs/decisions/0117).
   */
  async function joinWithNewAccount(
    request: FastifyRequest,
    reply: FastifyReply,
    { password, name }: { password: string; name?: string | undefined },
    invitation: StaffInvitationRow,
    at: Date,
  ) {
    const school = await findSchool(db, invitation.school_code);
    const schoolName = school?.name ?? invitation.school_code;
    const existing = await findUserByEmail(db, invitation.email);
    const claimed = existing && (existing.password_hash || existing.is_operator === 1 || (await membershipsOf(db, existing.id)).length > 0);
    if (claimed) throw new HttpError(409, SIGN_IN_TO_ACCEPT(invitation.email, schoolName));
    refuseWeak(password, invitation.email);
    const passwordHash = await hashPassword(password);
    const displayName = name?.trim() || invitation.name || nameFromEmail(invitation.email);
    const user = await db.transaction().execute(async (trx) => {
      const id = existing?.id ?? newUserId();
      // A row without a password and without a school (an invitation from before) is nobody's yet.
      if (existing) await updateUser(trx, id, { password_hash: passwordHash, name: displayName }, at.toISOString());
      else await insertUser(trx, { id, email: invitation.email, name: displayName, passwordHash, at: at.toISOString() });
      if (!(await acceptInvitation(trx, invitation, id, at))) throw new HttpError(404, LINK_INVALID);
      const created = await findUserById(trx, id);
      if (!created) throw new HttpError(404, LINK_INVALID);
      await recordAudit(trx, {
        action: 'staff.invitation_accepted',
        school: invitation.school_code,
        actor: created,
        target: created.email,
        ip: request.ip,
        after: { role: invitation.role },
        at,
      });
      await startSession(trx, request, reply, config, id, at);
      await recordAudit(trx, {
        action: 'session.signed_in',
        school: invitation.school_code,
        actor: created,
        target: created.email,
        ip: request.ip,
        after: { method: 'invitation' },
        at,
      });
      return created;
    });
    return { signedIn: true as const, user: userSummaryOf(user) };
  }

  typed(app).post(
    '/invitations/accept',
    {
      onRequest: guard(deps, { kind: 'signed-in' }),
      schema: {
        summary: 'Accepts an invitation to a school\u2019s staff, signed in to the account it was sent to',
        tags: ['admin: getting in'],
        description:
          'The signed-in person must be the invitation\u2019s address (403 otherwise). They become a member with the role it offers; the link is spent.',
        body: acceptInvitationBody,
        response: { 200: z.object({ school: z.object({ code: z.string(), name: z.string() }), role }), ...errors },
      },
    },
    async (request) => {
      const at = now();
      const { user } = staffOf(request);
      const invitation = await liveInvitation(request.body.token, at);
      if (!invitation) throw new HttpError(404, LINK_INVALID);
      if (invitation.email !== user.email) throw new HttpError(403, NOT_YOUR_INVITATION(invitation.email));
      const school = await findSchool(db, invitation.school_code);
      if (!school) throw new HttpError(404, LINK_INVALID);
      await db.transaction().execute(async (trx) => {
        if (!(await acceptInvitation(trx, invitation, user.id, at))) throw new HttpError(404, LINK_INVALID);
        await recordAudit(trx, {
          action: 'staff.invitation_accepted',
          school: invitation.school_code,
          actor: user,
          target: user.email,
          ip: request.ip,
          after: { role: invitation.role },
          at,
        });
      });
      return { school: { code: school.code, name: school.name }, role: invitation.role as StaffRole };
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
      const user = await findUserByEmail(db, email);
      if (user?.password_hash && mailer.enabled) {
        // Recorded in the logs of the schools the person works for, never in one named by the request;
        // the link is on the origin of the school asked about when they work there, else their first school's.
        const schools = (await membershipsOf(db, user.id)).map((m) => m.school_code);
        const asked = request.body.school;
        const school = asked && schools.includes(asked) ? asked : (schools[0] ?? null);
        const token = await db.transaction().execute(async (trx) => {
          const t = await issueToken(trx, 'reset', { userId: user.id, schoolCode: school }, at);
          for (const code of schools)
            await recordAudit(trx, {
              action: 'account.password_reset_requested',
              school: code,
              actor: null,
              target: email,
              ip: request.ip,
              at,
            });
          return t;
        });
        const origin = await schoolOrigin(db, config, school);
        const link = linkUrl(origin, 'reset', token);
        // Not awaited: the answer must not take longer when the account exists.
        // The school's look is a nicety: a failed read sends the message plain.
        // An operator without a school gets it plain.
        void (school ? mailBrandOf(db, school, origin) : Promise.resolve(undefined))
          .catch(() => undefined)
          .then((brand) =>
            mailer.send({
              school: brand,
              to: user.email,
              subject: 'Choose a new password',
              text: `Someone asked to reset the password of your staff account.\n\nChoose a new password here (the link works once, for one hour):\n${link}\n\nIf it was not you, ignore this e-mail.`,
            }),
          );
      }
      return reply.code(202).send({ message: RESET_REQUESTED });
    },
  );
};
