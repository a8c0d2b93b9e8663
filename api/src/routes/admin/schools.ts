import type { FastifyPluginAsync } from 'fastify';
import { schoolOverviewSchema, type SchoolOverview } from '@sthsm/contract/schools';
import { inviteBody } from '@sthsm/contract/staff';
import { z } from 'zod';
import { contentChanged } from '../../cache.ts';
import { HttpError } from '../../errors.ts';
import { typed } from '../deps.ts';
import { findInvitationByEmail } from '../../repositories/staff-invitations.ts';
import { findMembership, findUserByEmail } from '../../repositories/staff-users.ts';
import { findSchool, listSchoolsOverview } from '../../repositories/schools.ts';
import {
  addSchoolHost,
  createSchool,
  parseSchoolCode,
  removeSchoolHost,
  SchoolError,
  setSuspended,
  unknownSchool,
  type ChangeContext,
} from '../../schools/manage.ts';
import { inviteToSchool } from '../../staff/accounts.ts';
import { recordAudit } from '../../staff/audit.ts';
import { guard, staffOf } from '../../staff/guard.ts';
import { linkUrl, schoolOrigin } from '../../staff/links.ts';
import type { AdminDeps } from './index.ts';
import { codeParams, errors, linkAnswer } from './schemas.ts';
import { ALREADY_INVITED } from './staff.ts';

// Creating and serving schools, for platform operators only (issue 31; STAFF.md, OPERATIONS.md).
// The rules and messages are the CLI's: both call api/src/schools/manage.ts.

const createBody = z.object({
  code: z.string().max(100).describe('2–32 letters, digits, _ or -; stored upper case'),
  name: z.string().max(1000),
  hosts: z.array(z.string().max(300)).max(50).optional().describe('Host names, e.g. www.school.example'),
});
const hostParams = codeParams.extend({ host: z.string().min(1).max(300) });
const firstAdminBody = inviteBody.omit({ role: true });

/** A school's row of the list, or 404. */
async function overviewOf(deps: AdminDeps, code: string): Promise<SchoolOverview> {
  const found = (await listSchoolsOverview(deps.db)).find((s) => s.code === code);
  if (!found) throw new HttpError(404, unknownSchool(code));
  return found;
}

/** Runs a change of manage.ts, answering its refusals with their status and one-line message. */
async function change<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof SchoolError) throw new HttpError(err.status, err.message);
    throw err;
  }
}

export const schoolsRoutes: FastifyPluginAsync<AdminDeps> = async (app, deps) => {
  const { db, config, now, mailer } = deps;
  const operators = guard(deps, { kind: 'operator' });
  const contextOf = (request: Parameters<typeof staffOf>[0]): ChangeContext => {
    const { user } = staffOf(request);
    return { actor: { id: user.id, email: user.email }, ip: request.ip, now: now() };
  };

  typed(app).get(
    '/schools',
    {
      onRequest: operators,
      schema: {
        summary: 'Every school with its host names, staff count, storage used and last publish (operators)',
        tags: ['admin: schools'],
        response: { 200: z.object({ schools: z.array(schoolOverviewSchema) }), ...errors },
      },
    },
    async () => ({ schools: await listSchoolsOverview(db) }),
  );

  typed(app).post(
    '/schools',
    {
      onRequest: operators,
      schema: {
        summary: 'Creates a school with no content (operators)',
        description:
          'The same rules and one-line messages as `npm run school -- create`: 400 for a malformed code or host name, 409 for a code taken or a host name already served. Nothing is written unless all of it is.',
        tags: ['admin: schools'],
        body: createBody,
        response: { 201: z.object({ school: schoolOverviewSchema }), ...errors },
      },
    },
    async (request, reply) => {
      const created = await change(() => createSchool(db, request.body, contextOf(request)));
      contentChanged(created.code);
      return reply.code(201).send({ school: await overviewOf(deps, created.code) });
    },
  );

  typed(app).post(
    '/schools/:code/hosts',
    {
      onRequest: operators,
      schema: {
        summary: 'Serves a school on one more host name (every server within a minute; operators)',
        tags: ['admin: schools'],
        params: codeParams,
        body: z.object({ host: z.string().max(300) }),
        response: { 201: z.object({ school: schoolOverviewSchema }), ...errors },
      },
    },
    async (request, reply) => {
      const code = await change(async () => parseSchoolCode(request.params.code));
      await change(() => addSchoolHost(db, code, request.body.host, contextOf(request)));
      contentChanged(code);
      return reply.code(201).send({ school: await overviewOf(deps, code) });
    },
  );

  typed(app).delete(
    '/schools/:code/hosts/:host',
    {
      onRequest: operators,
      schema: {
        summary: 'Stops serving a school on a host name (operators)',
        tags: ['admin: schools'],
        params: hostParams,
        response: { 200: z.object({ school: schoolOverviewSchema }), ...errors },
      },
    },
    async (request) => {
      const code = await change(async () => parseSchoolCode(request.params.code));
      await change(() => removeSchoolHost(db, code, request.params.host, contextOf(request)));
      contentChanged(code);
      return { school: await overviewOf(deps, code) };
    },
  );

  typed(app).put(
    '/schools/:code/suspension',
    {
      onRequest: operators,
      schema: {
        summary: 'Suspends a school (its public site and public API answer 503) or lifts it (operators)',
        description: 'Its staff can still sign in and work while it is suspended. Asking for the state it is already in changes nothing.',
        tags: ['admin: schools'],
        params: codeParams,
        body: z.object({ suspended: z.boolean() }),
        response: { 200: z.object({ school: schoolOverviewSchema, changed: z.boolean() }), ...errors },
      },
    },
    async (request) => {
      const code = await change(async () => parseSchoolCode(request.params.code));
      const changed = await change(() => setSuspended(db, code, request.body.suspended, contextOf(request)));
      if (changed) contentChanged(code);
      return { school: await overviewOf(deps, code), changed };
    },
  );

  typed(app).post(
    '/schools/:code/administrators',
    {
      onRequest: operators,
      schema: {
        summary: 'Invites a school\u2019s first administrator (operators)',
        description:
          'An invitation to the school\u2019s staff as administrator, accepted by the person through its link like every invitation: e-mailed when e-mail is set up, otherwise answered here to pass on.',
        tags: ['admin: schools'],
        params: codeParams,
        body: firstAdminBody,
        response: { 201: linkAnswer.extend({ id: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      const context = contextOf(request);
      const code = await change(async () => parseSchoolCode(request.params.code));
      const school = await findSchool(db, code);
      if (!school) throw new HttpError(404, unknownSchool(code));
      const { email, name } = request.body;
      const invitation = await db.transaction().execute(async (trx) => {
        const existing = await findUserByEmail(trx, email);
        if (existing && (await findMembership(trx, existing.id, code)))
          throw new HttpError(409, 'This person is already on the staff of this school.');
        if (await findInvitationByEmail(trx, code, email)) throw new HttpError(409, ALREADY_INVITED);
        const made = await inviteToSchool(
          trx,
          { school: code, email, role: 'admin', name, invitedBy: context.actor?.id ?? null },
          context.now,
        );
        await recordAudit(trx, {
          action: 'staff.invited',
          school: code,
          actor: context.actor,
          target: email,
          ip: context.ip ?? null,
          after: { role: 'admin' },
          at: context.now,
        });
        return made;
      });
      const link = linkUrl(await schoolOrigin(db, config, code), 'invite', invitation.token);
      // As for every invitation (docs/decisions/0117): e-mailed only when e-mail is set up, otherwise shown to pass on.
      const sent = mailer.enabled
        ? {
            link: null,
            emailed: await mailer.send({
              to: email,
              subject: `You are invited to run the website of ${school.name}`,
              text: `You are invited to be an administrator of the website of ${school.name}. Open this link to join (if you already have a staff account, sign in when asked):\n\n${link}\n\nThe link works once and expires in 24 hours.`,
            }),
          }
        : { link, emailed: false };
      return reply.code(201).send({ id: invitation.invitationId, ...sent, expiresAt: invitation.expiresAt });
    },
  );
};
