import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  childBody,
  CONSENT_PURPOSES,
  consentFieldNames,
  consentOf,
  withdrawBody,
  type Child,
  type ChildBody,
  type ConsentPurpose,
} from '@sthsm/contract/children';
import { fieldErrors } from '@sthsm/contract/staff';
import { contentChanged } from '../../cache.ts';
import { bumpContentVersion } from '../../content/state.ts';
import { schoolTimeToUtc } from '../../content/time.ts';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../errors.ts';
import { newId } from '../../repositories/alumni.ts';
import {
  consentsOf,
  findChild,
  insertChild,
  listChildren,
  recordConsent,
  updateChild,
  withdrawConsents,
  type ChildRow,
  type ConsentRow,
} from '../../repositories/children.ts';
import { purgeHiddenVariants, restoreVisibleVariants } from '../../media/consent-variants.ts';
import { photosOfChild } from '../../repositories/media-children.ts';
import { todayIn } from '../../school-day.ts';
import { recordAudit } from '../../staff/audit.ts';
import { EDITORS, guard, staffOf } from '../../staff/guard.ts';
import { requestAudit } from './audit-entry.ts';
import { typed } from '../deps.ts';
import { errorBody } from '../schemas.ts';
import type { AdminDeps } from './index.ts';
import { codeParams, errors } from './schemas.ts';

// The consent register (issue 16; docs/decisions/0055, 0056): administrators and editors record
// children and their guardians' consent per purpose, and withdraw it. Contributors have no access
// (children's data is not theirs to see). The audit log names the child by its random id and the
// purposes, never the child's name (docs/decisions/0110). A withdrawal bumps the school's content
// counter, so cached pages showing the child drop at once on every server.

export const CHILDREN_PAGE_SIZE = 25;
export const NO_SUCH_CHILD = 'This child is not in the consent register.';
export const CHECK_CHILD = 'Some fields need attention. Nothing was saved.';

const params = codeParams.extend({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: NO_SUCH_CHILD }) });

const consentSchema = z.object({
  purpose: z.enum(CONSENT_PURPOSES),
  givenOn: z.string().describe('YYYY-MM-DD'),
  endsOn: z.string().describe('YYYY-MM-DD, the last day the consent covers (school time zone)'),
  recordedBy: z.string().nullable().describe('The staff member who recorded it (e-mail)'),
  recordedAt: z.string(),
  withdrawnAt: z.string().nullable(),
  current: z.boolean().describe('In effect now: not withdrawn and its end date not passed'),
});
const childSchema = z.object({
  id: z.string(),
  name: z.string(),
  class: z.string(),
  admissionNumber: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  consents: z.array(consentSchema),
}) as unknown as z.ZodType<Child>;
const childAnswer = z.object({ child: childSchema });
const invalid = errorBody.extend({
  errors: z.record(z.string(), z.string()).optional(),
  submitted: z.record(z.string(), z.unknown()).optional(),
});
export const answers = { ...errors, 400: invalid };
const formBody = z
  .record(z.string(), z.unknown())
  .describe('name, class, admissionNumber, and {purpose}GivenOn / {purpose}EndsOn per purpose');

function toChild(row: ChildRow, consents: readonly ConsentRow[], now: Date): Child {
  const at = now.toISOString();
  return {
    id: row._id,
    name: row.name,
    class: row.class,
    admissionNumber: row.admission_number,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    consents: consents
      .filter((c) => c.child_id === row._id)
      .map((c) => ({
        purpose: c.purpose as ConsentPurpose,
        givenOn: c.given_on,
        endsOn: c.ends_on,
        recordedBy: c.recorded_by_email,
        recordedAt: c.recorded_at,
        withdrawnAt: c.withdrawn_at,
        current: c.withdrawn_at === null && c.ends_at > at,
      })),
  };
}

/** The day after `day` (YYYY-MM-DD). */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);

export const childRoutes: FastifyPluginAsync<AdminDeps> = async (app, deps) => {
  const { db, config, now } = deps;
  const editors = guard(deps, { kind: 'school', roles: EDITORS });
  const tz = config.timeZone;

  const audit = requestAudit(now);

  /** The schema's checks, then the ones that need today's date in the school's time zone. */
  function parse(body: unknown): { ok: true; data: ChildBody } | { ok: false; errors: Record<string, string> } {
    const parsed = childBody.safeParse(body ?? {});
    if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
    const today = todayIn(tz, now());
    const problems: Record<string, string> = {};
    for (const purpose of CONSENT_PURPOSES) {
      const consent = consentOf(parsed.data, purpose);
      const names = consentFieldNames(purpose);
      if (consent && consent.givenOn > today) problems[names.givenOn] = 'Date given cannot be in the future.';
      if (consent && consent.endsOn < today) problems[names.endsOn] = 'End date has already passed.';
    }
    return Object.keys(problems).length > 0 ? { ok: false, errors: problems } : { ok: true, data: parsed.data };
  }

  /** Records the consents the body fills in (purposes left empty stay as they are); answers those purposes. */
  async function recordConsents(trx: Db, request: FastifyRequest, code: string, childId: string, body: ChildBody) {
    const { user } = staffOf(request);
    const recorded: ConsentPurpose[] = [];
    for (const purpose of CONSENT_PURPOSES) {
      const consent = consentOf(body, purpose);
      if (!consent) continue;
      await recordConsent(trx, {
        child_id: childId,
        purpose,
        school_code: code,
        given_on: consent.givenOn,
        ends_on: consent.endsOn,
        // The end date is the last day covered: consent ends when the next school day begins.
        ends_at: schoolTimeToUtc(`${dayAfter(consent.endsOn)}T00:00`, tz) ?? '',
        recorded_by: user.id,
        recorded_by_email: user.email,
        recorded_at: now().toISOString(),
      });
      recorded.push(purpose);
    }
    return recorded;
  }

  async function answer(code: string, id: string) {
    const row = await findChild(db, code, id);
    if (!row) throw new HttpError(404, NO_SUCH_CHILD);
    return { child: toChild(row, await consentsOf(db, code, [id]), now()) };
  }

  typed(app).get(
    '/:code/children',
    {
      onRequest: editors,
      schema: {
        summary: 'The consent register: children by name, 25 a page, with search (name, class, admission number)',
        tags: ['admin: children'],
        params: codeParams,
        querystring: z.object({
          q: z.string().trim().max(200, { error: 'Search for at most 200 characters.' }).optional(),
          page: z.coerce.number().int().min(1).max(100_000).default(1),
        }),
        response: {
          200: z.object({ items: z.array(childSchema), total: z.number(), page: z.number(), pageSize: z.number() }),
          ...answers,
        },
      },
    },
    async (request) => {
      const { code } = request.params;
      const { q, page } = request.query;
      const { rows, total } = await listChildren(db, code, {
        ...(q ? { q } : {}),
        limit: CHILDREN_PAGE_SIZE,
        offset: (page - 1) * CHILDREN_PAGE_SIZE,
      });
      const consents = await consentsOf(
        db,
        code,
        rows.map((r) => r._id),
      );
      // Who looked, and at how many: never the words searched for (docs/decisions/0110, 0152).
      await recordAudit(db, audit(request, 'children.listed', { after: { page, searched: Boolean(q), shown: rows.length } }));
      return { items: rows.map((r) => toChild(r, consents, now())), total, page, pageSize: CHILDREN_PAGE_SIZE };
    },
  );

  typed(app).post(
    '/:code/children',
    {
      onRequest: editors,
      schema: {
        summary: 'Records a child, with the consent given for each purpose filled in (recorded by the signed-in person)',
        tags: ['admin: children'],
        params: codeParams,
        body: formBody,
        response: { 201: childAnswer, ...answers },
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      const parsed = parse(request.body);
      if (!parsed.ok) return reply.code(400).send({ error: CHECK_CHILD, errors: parsed.errors, submitted: request.body });
      const at = now().toISOString();
      const id = newId();
      await db.transaction().execute(async (trx) => {
        const { name, class: className, admissionNumber } = parsed.data;
        await insertChild(trx as Db, {
          _id: id,
          school_code: code,
          name,
          class: className,
          admission_number: admissionNumber,
          created_at: at,
          updated_at: at,
        });
        const purposes = await recordConsents(trx as Db, request, code, id, parsed.data);
        await recordAudit(trx as Db, audit(request, 'children.recorded', { target: id, after: { consents: purposes } }));
      });
      return reply.code(201).send(await answer(code, id));
    },
  );

  typed(app).get(
    '/:code/children/:id',
    {
      onRequest: editors,
      schema: { summary: 'One child and their consents', tags: ['admin: children'], params, response: { 200: childAnswer, ...answers } },
    },
    async (request) => {
      const child = await answer(request.params.code, request.params.id);
      // A consent record was opened: kept a year in the access log (docs/decisions/0152).
      await recordAudit(db, audit(request, 'children.opened', { target: request.params.id }));
      return child;
    },
  );

  typed(app).put(
    '/:code/children/:id',
    {
      onRequest: editors,
      schema: {
        summary: 'Changes a child\u2019s details and records consent for the purposes filled in (the others stay as they are)',
        tags: ['admin: children'],
        params,
        body: formBody,
        response: { 200: childAnswer, ...answers },
      },
    },
    async (request, reply) => {
      const { code, id } = request.params;
      if (!(await findChild(db, code, id))) throw new HttpError(404, NO_SUCH_CHILD);
      const parsed = parse(request.body);
      if (!parsed.ok) return reply.code(400).send({ error: CHECK_CHILD, errors: parsed.errors, submitted: request.body });
      const at = now();
      await db.transaction().execute(async (trx) => {
        const { name, class: className, admissionNumber } = parsed.data;
        const before = await findChild(trx as Db, code, id);
        await updateChild(trx as Db, code, id, { name, class: className, admission_number: admissionNumber, updated_at: at.toISOString() });
        const purposes = await recordConsents(trx as Db, request, code, id, parsed.data);
        await recordAudit(trx as Db, audit(request, 'children.updated', { target: id, after: { consents: purposes } }));
        // A renewed consent may bring back what showed the child; a changed name or class shows at once
        // on every linked birthday and topper (they show the register's current entry).
        const renamed = before?.name !== name || before?.class !== className;
        if (purposes.length > 0 || renamed) await bumpContentVersion(trx as Db, code, at);
      });
      contentChanged(code);
      // A renewed photo consent: the child's photos get their copies made again.
      await restoreVisibleVariants(db, config, await photosOfChild(db, code, id), at);
      return answer(code, id);
    },
  );

  typed(app).post(
    '/:code/children/:id/withdraw',
    {
      onRequest: editors,
      schema: {
        summary: 'Withdraws consent for one purpose or all: every item showing the child leaves the public site and its caches at once',
        tags: ['admin: children'],
        params,
        body: withdrawBody.nullish(),
        response: { 200: childAnswer.extend({ withdrawn: z.array(z.enum(CONSENT_PURPOSES)) }), ...answers },
      },
    },
    async (request) => {
      const { code, id } = request.params;
      if (!(await findChild(db, code, id))) throw new HttpError(404, NO_SUCH_CHILD);
      const purpose = request.body?.purpose ?? 'all';
      const purposes = purpose === 'all' ? CONSENT_PURPOSES : [purpose];
      const at = now();
      const photos = await photosOfChild(db, code, id);
      const withdrawn = await db.transaction().execute(async (trx) => {
        const done = await withdrawConsents(trx as Db, code, id, purposes, at.toISOString());
        if (done.length === 0) return done;
        const after = done.includes('photos') && photos.length > 0 ? { purposes: done, photos: photos.length } : { purposes: done };
        await recordAudit(trx as Db, audit(request, 'consent.withdrawn', { target: id, after }));
        await bumpContentVersion(trx as Db, code, at);
        return done;
      });
      if (withdrawn.length > 0) contentChanged(code);
      // The photos showing the child lose their made copies (the file route already refuses them).
      if (withdrawn.includes('photos')) await purgeHiddenVariants(db, config, photos, at);
      return { ...(await answer(code, id)), withdrawn: withdrawn as ConsentPurpose[] };
    },
  );
};
