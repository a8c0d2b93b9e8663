import type { FastifyPluginAsync } from 'fastify';
import { inviteBody, ROLE_LABELS, roleBody, securitySettingsBody, type StaffRole } from '@sthsm/contract/staff';
import { z } from 'zod';
import { HttpError } from '../../errors.ts';
import { typed } from '../deps.ts';
import { requiresAdminTwoFactor, setRequireAdminTwoFactor } from '../../repositories/school-security.ts';
import { deleteUserSessions } from '../../repositories/staff-sessions.ts';
import {
  deleteInvitation,
  findInvitation,
  findInvitationByEmail,
  listInvitations,
  renewInvitation,
  updateInvitationRole,
  type StaffInvitationRow,
} from '../../repositories/staff-invitations.ts';
import { withdrawShownTokens } from '../../repositories/staff-tokens.ts';
import {
  countActiveAdmins,
  deleteMembership,
  findMembership,
  findUserByEmail,
  findUserById,
  listMembers,
  updateMembershipRole,
  worksElsewhere,
} from '../../repositories/staff-users.ts';
import { findSchool } from '../../repositories/schools.ts';
import { inviteToSchool, linkMayBeShown, nameFromEmail } from '../../staff/accounts.ts';
import { recordAudit } from '../../staff/audit.ts';
import { ADMINS, ALL_ROLES, guard, staffOf } from '../../staff/guard.ts';
import { issueToken, LINK_LIFETIME_MS, linkUrl, schoolOrigin } from '../../staff/links.ts';
import { mailBrandOf } from '../../staff/mail-brand.ts';
import { newToken, tokenHash } from '../../staff/secrets.ts';
import type { AdminDeps } from './index.ts';
import { codeParams, errors, linkAnswer, member, memberParams, role } from './schemas.ts';

export const LAST_ADMIN = 'A school needs at least one administrator. Make someone else an administrator first.';
export const NOT_ON_STAFF = 'This person is not on the staff of this school.';
export const LINK_WITHHELD =
  'This person also works for another school, so their link can only be sent by e-mail, and e-mail is not set up on this server. Ask the platform operator.';
export const ALREADY_INVITED = 'This person is already invited. Use \u201cNew invitation link\u201d to send them a new one.';
export const SESSIONS_ELSEWHERE =
  'This person also works for another school, so only they or the platform operator can sign them out everywhere. Removing them from your staff ends their access to this school at once.';
export const NO_SESSIONS = 'An invited person has not signed in yet, so there is nothing to end.';

/** A school's overview and its staff, managed by its administrators (STAFF.md "People and roles"). */
export const staffRoutes: FastifyPluginAsync<AdminDeps> = async (app, deps) => {
  const { db, config, now, mailer } = deps;
  const admins = guard(deps, { kind: 'school', roles: ADMINS });

  typed(app).get(
    '/:code',
    {
      onRequest: guard(deps, { kind: 'school', roles: ALL_ROLES }),
      schema: {
        summary: 'The school as its staff see it: name, your role, its security choices',
        tags: ['admin: school'],
        params: codeParams,
        response: {
          200: z.object({ school: z.object({ code: z.string(), name: z.string() }), role, requireAdminTwoFactor: z.boolean() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const school = await findSchool(db, request.params.code);
      if (!school) throw new HttpError(404, `Unknown school code "${request.params.code}".`);
      return { school, role: staffOf(request).role ?? 'contributor', requireAdminTwoFactor: await requiresAdminTwoFactor(db, school.code) };
    },
  );

  typed(app).put(
    '/:code/security',
    {
      onRequest: admins,
      schema: {
        summary: 'Requires (or stops requiring) two-factor sign-in for the school\u2019s administrators',
        tags: ['admin: school'],
        params: codeParams,
        body: securitySettingsBody,
        response: { 200: z.object({ requireAdminTwoFactor: z.boolean() }), ...errors },
      },
    },
    async (request) => {
      const { user } = staffOf(request);
      const { code } = request.params;
      const wanted = request.body.requireAdminTwoFactor;
      if (wanted && !user.totp_enabled_at)
        throw new HttpError(409, 'Turn on two-factor sign-in for your own account first, so you are not locked out.');
      await db.transaction().execute(async (trx) => {
        const before = await requiresAdminTwoFactor(trx, code);
        await setRequireAdminTwoFactor(trx, code, wanted);
        await recordAudit(trx, {
          action: 'settings.security_updated',
          school: code,
          actor: user,
          target: 'Two-factor sign-in for administrators',
          ip: request.ip,
          before: { requireAdminTwoFactor: before },
          after: { requireAdminTwoFactor: wanted },
          at: now(),
        });
      });
      return { requireAdminTwoFactor: wanted };
    },
  );

  typed(app).get(
    '/:code/staff',
    {
      onRequest: admins,
      schema: {
        summary: 'The school\u2019s staff and their roles',
        tags: ['admin: staff'],
        params: codeParams,
        response: { 200: z.object({ members: z.array(member) }), ...errors },
      },
    },
    async (request) => {
      const { code } = request.params;
      const [rows, invitations] = await Promise.all([listMembers(db, code), listInvitations(db, code)]);
      return {
        members: [
          ...rows.map((r) => ({
            id: r.id,
            email: r.email,
            name: r.name,
            role: r.role as StaffRole,
            status: 'active' as const,
            twoFactorEnabled: r.totp_enabled_at !== null,
            // When they last worked in this school's staff area: never their activity elsewhere.
            lastSeenAt: r.last_seen_at,
            invitationExpiresAt: null,
          })),
          ...invitations.map((i) => ({
            id: i.id,
            email: i.email,
            name: i.name ?? nameFromEmail(i.email),
            role: i.role as StaffRole,
            status: 'invited' as const,
            twoFactorEnabled: false,
            lastSeenAt: null,
            invitationExpiresAt: i.expires_at,
          })),
        ],
      };
    },
  );

  /** Mails a link when mail is on (false when it is off or the message could not be sent). */
  async function deliver(school: string, origin: string, to: string, subject: string, intro: string, link: string): Promise<boolean> {
    const text = `${intro}\n\n${link}\n\nThe link works once and expires in 24 hours.`;
    return mailer.send({ to, subject, text, school: await mailBrandOf(db, school, origin) });
  }

  /**
   * Sends an invitation's link: by e-mail only when e-mail is set up (the administrator never holds
   * a link that could open an account they do not own); shown to the administrator to pass on when
   * it is not (docs/decisions/0117). The same answer whether or not the address has an account.
   */
  async function sendInvitation(invitation: { email: string; school: string; role: StaffRole }, inviter: string, token: string) {
    const school = await findSchool(db, invitation.school);
    const origin = await schoolOrigin(db, config, invitation.school);
    const link = linkUrl(origin, 'invite', token);
    if (!mailer.enabled) return { link, emailed: false };
    const name = school?.name ?? invitation.school;
    const emailed = await deliver(
      invitation.school,
      origin,
      invitation.email,
      `You are invited to the staff of ${name}`,
      `${inviter} invited you to help run the website of ${name} as ${ROLE_LABELS[invitation.role].toLowerCase()}. Open this link to join (if you already have a staff account, sign in when asked):`,
      link,
    );
    return { link: null, emailed };
  }

  typed(app).post(
    '/:code/staff',
    {
      onRequest: admins,
      schema: {
        summary: 'Invites a person to the school\u2019s staff with a role (they join by accepting it)',
        tags: ['admin: staff'],
        description:
          'Records an invitation and sends its link: e-mailed only when e-mail is set up, otherwise answered here to pass on. Nothing is granted until the person accepts it through the link (choosing their password, or signed in to the account they already have). The answer is the same whether or not the address has an account anywhere.',
        params: codeParams,
        body: inviteBody,
        response: { 201: linkAnswer.extend({ id: z.string().describe('The invitation, listed among the staff as invited') }), ...errors },
      },
    },
    async (request, reply) => {
      const { user } = staffOf(request);
      const { code } = request.params;
      const { email, role: newRole, name } = request.body;
      const at = now();
      const invitation = await db.transaction().execute(async (trx) => {
        const existing = await findUserByEmail(trx, email);
        if (existing && (await findMembership(trx, existing.id, code)))
          throw new HttpError(409, 'This person is already on the staff of this school.');
        if (await findInvitationByEmail(trx, code, email)) throw new HttpError(409, ALREADY_INVITED);
        const made = await inviteToSchool(trx, { school: code, email, role: newRole, name, invitedBy: user.id }, at);
        await recordAudit(trx, {
          action: 'staff.invited',
          school: code,
          actor: user,
          target: email,
          ip: request.ip,
          after: { role: newRole },
          at,
        });
        return made;
      });
      const sent = await sendInvitation({ email, school: code, role: newRole }, user.name, invitation.token);
      return reply.code(201).send({ id: invitation.invitationId, ...sent, expiresAt: invitation.expiresAt });
    },
  );

  /** A member of this school, or an open invitation of it (the staff list shows both under one id), or 404. */
  async function personOrThrow(
    code: string,
    id: string,
  ): Promise<
    | { kind: 'member'; membership: { role: string }; person: NonNullable<Awaited<ReturnType<typeof findUserById>>> }
    | { kind: 'invited'; invitation: StaffInvitationRow }
  > {
    const membership = await findMembership(db, id, code);
    const person = membership ? await findUserById(db, id) : undefined;
    if (membership && person) return { kind: 'member', membership, person };
    const invitation = await findInvitation(db, code, id);
    if (invitation) return { kind: 'invited', invitation };
    throw new HttpError(404, NOT_ON_STAFF);
  }

  typed(app).patch(
    '/:code/staff/:userId',
    {
      onRequest: admins,
      schema: {
        summary: 'Changes a staff member\u2019s role (or the role an open invitation offers)',
        tags: ['admin: staff'],
        params: memberParams,
        body: roleBody,
        response: { 200: z.object({ role }), ...errors },
      },
    },
    async (request) => {
      const { user } = staffOf(request);
      const { code, userId } = request.params;
      const found = await personOrThrow(code, userId);
      const next = request.body.role;
      await db.transaction().execute(async (trx) => {
        const before = found.kind === 'member' ? found.membership.role : found.invitation.role;
        if (found.kind === 'member') {
          if (before === 'admin' && next !== 'admin' && found.person.password_hash && (await countActiveAdmins(trx, code)) <= 1)
            throw new HttpError(409, LAST_ADMIN);
          await updateMembershipRole(trx, userId, code, next);
        } else {
          await updateInvitationRole(trx, userId, next);
        }
        await recordAudit(trx, {
          action: 'staff.role_changed',
          school: code,
          actor: user,
          target: found.kind === 'member' ? found.person.email : found.invitation.email,
          ip: request.ip,
          before: { role: before },
          after: { role: next },
          at: now(),
        });
      });
      return { role: next };
    },
  );

  typed(app).delete(
    '/:code/staff/:userId',
    {
      onRequest: admins,
      schema: {
        summary: 'Removes a person from the school\u2019s staff, or withdraws their invitation',
        tags: ['admin: staff'],
        description:
          'Their access to this school ends at once, and every link of theirs an administrator of this school was shown stops working.',
        params: memberParams,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const { user } = staffOf(request);
      const { code, userId } = request.params;
      const found = await personOrThrow(code, userId);
      const at = now();
      await db.transaction().execute(async (trx) => {
        if (found.kind === 'invited') {
          await deleteInvitation(trx, found.invitation.id);
          await recordAudit(trx, {
            action: 'staff.invitation_withdrawn',
            school: code,
            actor: user,
            target: found.invitation.email,
            ip: request.ip,
            before: { role: found.invitation.role },
            at,
          });
          return;
        }
        const { membership, person } = found;
        if (membership.role === 'admin' && person.password_hash && (await countActiveAdmins(trx, code)) <= 1)
          throw new HttpError(409, LAST_ADMIN);
        await deleteMembership(trx, userId, code);
        await withdrawShownTokens(trx, userId, { school: code }, at.toISOString());
        await recordAudit(trx, {
          action: 'staff.removed',
          school: code,
          actor: user,
          target: person.email,
          ip: request.ip,
          before: { role: membership.role },
          at,
        });
      });
      return { ok: true as const };
    },
  );

  typed(app).post(
    '/:code/staff/:userId/reset-link',
    {
      onRequest: admins,
      schema: {
        summary: 'Makes a new set-password link for a staff member, or a new link for an open invitation',
        tags: ['admin: staff'],
        description:
          'A member\u2019s link is shown only when they work for no other school (and mailed when e-mail is set up); an invitation\u2019s new link goes like the first one (POST /api/admin/{code}/staff).',
        params: memberParams,
        response: { 201: linkAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = staffOf(request);
      const { code, userId } = request.params;
      const found = await personOrThrow(code, userId);
      const at = now();
      if (found.kind === 'invited') {
        const { invitation } = found;
        const token = newToken();
        const expiresAt = new Date(at.getTime() + LINK_LIFETIME_MS.invite).toISOString();
        await db.transaction().execute(async (trx) => {
          await renewInvitation(trx, invitation.id, { token_hash: tokenHash(token), expires_at: expiresAt });
          await recordAudit(trx, {
            action: 'staff.link_created',
            school: code,
            actor: user,
            target: invitation.email,
            ip: request.ip,
            after: { purpose: 'invite' },
            at,
          });
        });
        const sent = await sendInvitation({ email: invitation.email, school: code, role: invitation.role as StaffRole }, user.name, token);
        return reply.code(201).send({ ...sent, expiresAt });
      }
      const { person } = found;
      const shown = await linkMayBeShown(db, userId, code);
      if (!shown && !mailer.enabled) throw new HttpError(409, LINK_WITHHELD);
      const token = await db.transaction().execute(async (trx) => {
        const t = await issueToken(trx, 'reset', { userId, schoolCode: code }, at, { shownTo: shown ? user.id : null });
        await recordAudit(trx, {
          action: 'staff.link_created',
          school: code,
          actor: user,
          target: person.email,
          ip: request.ip,
          after: { purpose: 'reset' },
          at,
        });
        return t;
      });
      const origin = await schoolOrigin(db, config, code);
      const link = linkUrl(origin, 'reset', token);
      const emailed = await deliver(
        code,
        origin,
        person.email,
        'Choose a password for your staff account',
        `${user.name} made you a link to choose a password for your staff account:`,
        link,
      );
      const expiresAt = new Date(at.getTime() + LINK_LIFETIME_MS.reset).toISOString();
      if (shown) return reply.code(201).send({ link, emailed, expiresAt });
      return reply.code(201).send({ link: null, emailed, expiresAt, withheld: true });
    },
  );

  typed(app).delete(
    '/:code/staff/:userId/sessions',
    {
      onRequest: admins,
      schema: {
        summary: 'Signs a staff member out everywhere (ends all their sessions)',
        tags: ['admin: staff'],
        description:
          'Refused (409) for someone who also works for another school: their sessions are that school\u2019s too. Removing them from the staff ends their access here at once.',
        params: memberParams,
        response: { 200: z.object({ ended: z.number() }), ...errors },
      },
    },
    async (request) => {
      const { user } = staffOf(request);
      const { code, userId } = request.params;
      const found = await personOrThrow(code, userId);
      if (found.kind === 'invited') throw new HttpError(409, NO_SESSIONS);
      if (await worksElsewhere(db, userId, code)) throw new HttpError(409, SESSIONS_ELSEWHERE);
      const ended = await db.transaction().execute(async (trx) => {
        const n = await deleteUserSessions(trx, userId);
        await recordAudit(trx, {
          action: 'session.revoked',
          school: code,
          actor: user,
          target: found.person.email,
          ip: request.ip,
          after: { sessionsEnded: n },
          at: now(),
        });
        return n;
      });
      return { ended };
    },
  );
};
