import type { FastifyPluginAsync } from 'fastify';
import { inviteBody, ROLE_LABELS, roleBody, securitySettingsBody, type StaffRole } from '@sthsm/contract/staff';
import { z } from 'zod';
import { HttpError } from '../../errors.ts';
import { typed } from '../deps.ts';
import { requiresAdminTwoFactor, setRequireAdminTwoFactor } from '../../repositories/school-security.ts';
import { deleteUserSessions, lastSeenOf } from '../../repositories/staff-sessions.ts';
import {
  countActiveAdmins,
  deleteMembership,
  findMembership,
  findUserByEmail,
  findUserById,
  listMembers,
  updateMembershipRole,
} from '../../repositories/staff-users.ts';
import { findSchool } from '../../repositories/schools.ts';
import { addStaffMember, linkMayBeShown } from '../../staff/accounts.ts';
import { recordAudit } from '../../staff/audit.ts';
import { ADMINS, ALL_ROLES, guard, staffOf } from '../../staff/guard.ts';
import { issueToken, LINK_LIFETIME_MS, linkUrl, siteOrigin } from '../../staff/links.ts';
import type { AdminDeps } from './index.ts';
import { codeParams, errors, linkAnswer, member, memberParams, role } from './schemas.ts';

export const LAST_ADMIN = 'A school needs at least one administrator. Make someone else an administrator first.';
export const NOT_ON_STAFF = 'This person is not on the staff of this school.';
export const LINK_WITHHELD =
  'This person also works for another school, so their link can only be sent by e-mail, and e-mail is not set up on this server. Ask the platform operator.';

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
      const rows = await listMembers(db, request.params.code);
      const seen = await lastSeenOf(
        db,
        rows.map((r) => r.id),
      );
      return {
        members: rows.map((r) => ({
          id: r.id,
          email: r.email,
          name: r.name,
          role: r.role as StaffRole,
          status: r.has_password ? ('active' as const) : ('invited' as const),
          twoFactorEnabled: r.totp_enabled_at !== null,
          lastSeenAt: seen.get(r.id) ?? null,
        })),
      };
    },
  );

  /** Mails a link when mail is on; the link is always answered too (STAFF.md: shown to the admin to copy). */
  async function deliver(to: string, subject: string, intro: string, link: string): Promise<boolean> {
    return mailer.send({ to, subject, text: `${intro}\n\n${link}\n\nThe link works once and expires in 24 hours.` });
  }

  typed(app).post(
    '/:code/staff',
    {
      onRequest: admins,
      schema: {
        summary: 'Invites a person (new or already on another school\u2019s staff) with a role',
        tags: ['admin: staff'],
        params: codeParams,
        body: inviteBody,
        response: { 201: linkAnswer.extend({ userId: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      const { user } = staffOf(request);
      const { code } = request.params;
      const { email, role: newRole, name } = request.body;
      const at = now();
      const result = await db.transaction().execute(async (trx) => {
        const existing = await findUserByEmail(trx, email);
        if (existing && (await findMembership(trx, existing.id, code)))
          throw new HttpError(409, 'This person is already on the staff of this school.');
        const added = await addStaffMember(trx, { school: code, email, role: newRole, name }, at);
        await recordAudit(trx, {
          action: 'staff.invited',
          school: code,
          actor: user,
          target: email,
          ip: request.ip,
          after: { role: newRole },
          at,
        });
        return added;
      });
      const school = await findSchool(db, code);
      const link = result.token ? linkUrl(siteOrigin(config, request), 'invite', result.token) : null;
      const emailed = link
        ? await deliver(
            email,
            `You are invited to the staff of ${school?.name ?? code}`,
            `${user.name} invited you to help run the website of ${school?.name ?? code} as ${ROLE_LABELS[newRole].toLowerCase()}. Choose your password here:`,
            link,
          )
        : false;
      return reply.code(201).send({
        userId: result.userId,
        link,
        emailed,
        expiresAt: link ? new Date(at.getTime() + LINK_LIFETIME_MS.invite).toISOString() : null,
      });
    },
  );

  async function memberOrThrow(code: string, userId: string) {
    const membership = await findMembership(db, userId, code);
    const person = membership ? await findUserById(db, userId) : undefined;
    if (!membership || !person) throw new HttpError(404, NOT_ON_STAFF);
    return { membership, person };
  }

  typed(app).patch(
    '/:code/staff/:userId',
    {
      onRequest: admins,
      schema: {
        summary: 'Changes a staff member\u2019s role',
        tags: ['admin: staff'],
        params: memberParams,
        body: roleBody,
        response: { 200: z.object({ role }), ...errors },
      },
    },
    async (request) => {
      const { user } = staffOf(request);
      const { code, userId } = request.params;
      const { membership, person } = await memberOrThrow(code, userId);
      const next = request.body.role;
      await db.transaction().execute(async (trx) => {
        if (membership.role === 'admin' && next !== 'admin' && person.password_hash && (await countActiveAdmins(trx, code)) <= 1)
          throw new HttpError(409, LAST_ADMIN);
        await updateMembershipRole(trx, userId, code, next);
        await recordAudit(trx, {
          action: 'staff.role_changed',
          school: code,
          actor: user,
          target: person.email,
          ip: request.ip,
          before: { role: membership.role },
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
        summary: 'Removes a person from the school\u2019s staff',
        tags: ['admin: staff'],
        params: memberParams,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const { user } = staffOf(request);
      const { code, userId } = request.params;
      const { membership, person } = await memberOrThrow(code, userId);
      await db.transaction().execute(async (trx) => {
        if (membership.role === 'admin' && person.password_hash && (await countActiveAdmins(trx, code)) <= 1)
          throw new HttpError(409, LAST_ADMIN);
        await deleteMembership(trx, userId, code);
        await recordAudit(trx, {
          action: 'staff.removed',
          school: code,
          actor: user,
          target: person.email,
          ip: request.ip,
          before: { role: membership.role },
          at: now(),
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
        summary: 'Makes a new set-password link for a staff member (shown, and mailed when mail is on)',
        tags: ['admin: staff'],
        params: memberParams,
        response: { 201: linkAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = staffOf(request);
      const { code, userId } = request.params;
      const { person } = await memberOrThrow(code, userId);
      const at = now();
      const purpose = person.password_hash ? ('reset' as const) : ('invite' as const);
      const shown = await linkMayBeShown(db, userId, code);
      if (!shown && !mailer.enabled) throw new HttpError(409, LINK_WITHHELD);
      const token = await db.transaction().execute(async (trx) => {
        const t = await issueToken(trx, purpose, { userId, schoolCode: code }, at);
        await recordAudit(trx, {
          action: 'staff.link_created',
          school: code,
          actor: user,
          target: person.email,
          ip: request.ip,
          after: { purpose },
          at,
        });
        return t;
      });
      const link = linkUrl(siteOrigin(config, request), purpose, token);
      const emailed = await deliver(
        person.email,
        'Choose a password for your staff account',
        `${user.name} made you a link to choose a password for your staff account:`,
        link,
      );
      const expiresAt = new Date(at.getTime() + LINK_LIFETIME_MS[purpose]).toISOString();
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
        params: memberParams,
        response: { 200: z.object({ ended: z.number() }), ...errors },
      },
    },
    async (request) => {
      const { user } = staffOf(request);
      const { code, userId } = request.params;
      const { person } = await memberOrThrow(code, userId);
      const ended = await db.transaction().execute(async (trx) => {
        const n = await deleteUserSessions(trx, userId);
        await recordAudit(trx, {
          action: 'session.revoked',
          school: code,
          actor: user,
          target: person.email,
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
