import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  childBody,
  CONSENT_PURPOSE_WORDS,
  CONSENT_PURPOSES,
  CONSENT_REQUEST_DAYS,
  consentRequestBody,
  firstNameOf,
  type ConsentRequest,
  CONSENT_VERIFIERS,
  consentFieldNames,
  consentOf,
  withdrawBody,
  type Child,
  type ChildBody,
  type ConsentPurpose,
} from '@sthsm/contract/children';
import { fieldErrors } from '@sthsm/contract/staff';
import { insertConsentRequest, latestConsentRequest, purposesOf, type ConsentRequestRow } from '../../repositories/consent-requests.ts';
import { schoolProfileOrEmpty } from '../../repositories/school-profiles.ts';
import { schoolOrigin } from '../../staff/links.ts';
import { mailBrandOf } from '../../staff/mail-brand.ts';
import { newToken, tokenHash } from '../../staff/secrets.ts';
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
  type ChildRow,
  type ConsentRow,
} from '../../repositories/children.ts';
import { purgeHiddenVariants, restoreVisibleVariants } from '../../media/consent-variants.ts';
import { eraseRecords } from '../../backup/erasures.ts';
import { scrubErased } from '../../repositories/erasure-scrub.ts';
import { indexLinkedToChild } from '../../search/entries.ts';
import { withdrawChildConsent } from '../../privacy/consent-withdrawal.ts';
import { photosOfChild } from '../../repositories/media-children.ts';
import { todayIn } from '../../school-day.ts';
import { recordAudit } from '../../staff/audit.ts';
import { ADMINS, EDITORS, guard, staffOf } from '../../staff/guard.ts';
import { requestAudit } from './audit-entry.ts';
import { typed } from '../deps.ts';
import { errorBody } from '../schemas.ts';
import type { AdminDeps } from './index.ts';
import { codeParams, errors } from './schemas.ts';

// The consent register (issue 16; docs/decisions/0055, 0056): administrators and editors record
// children and their guardians' consent per purpose, and withdraw it. Contributors have no access
// (children's data is not theirs to see). The audit log names the child by its random id and the
// purposes, never the child's name (docs/decisions/0110). A withdrawal bumps the school's content
// counter, so cached pages showing the child drop at once on every server. Issue 37: staff may ask
// the guardian to confirm by e-mail (consent-requests; the guardian's side is routes/consent.ts),
// and every consent says how it was verified and who withdrew it (docs/decisions/0151).

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
  verifiedBy: z
    .enum(CONSENT_VERIFIERS)
    .describe("school: recorded by the school in person; guardian: confirmed through the guardian's e-mailed link"),
  guardianEmail: z.string().nullable().describe('The address the confirmed link was sent to (verifiedBy guardian)'),
  confirmedAt: z.string().nullable().describe('When the guardian confirmed (verifiedBy guardian)'),
  withdrawnBy: z.enum(CONSENT_VERIFIERS).nullable(),
  withdrawnByEmail: z.string().nullable().describe('The staff member who withdrew it (withdrawnBy school)'),
});
export const consentRequestSchema = z.object({
  id: z.string(),
  guardianName: z.string(),
  guardianEmail: z.string(),
  purposes: z.array(z.enum(CONSENT_PURPOSES)),
  endsOn: z.string(),
  status: z.enum(['pending', 'expired', 'confirmed', 'superseded']),
  sentAt: z.string(),
  sentBy: z.string().nullable(),
  confirmBy: z.string().describe('The link confirms until then (14 days after sending)'),
  confirmedAt: z.string().nullable(),
});
const childSchema = z.object({
  id: z.string(),
  name: z.string(),
  class: z.string(),
  admissionNumber: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  consents: z.array(consentSchema),
  request: consentRequestSchema.nullable().optional().describe("The latest request e-mailed to a guardian (a child's own page only)"),
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
        verifiedBy: c.verified_by === 'guardian' ? ('guardian' as const) : ('school' as const),
        guardianEmail: c.guardian_email,
        confirmedAt: c.confirmed_at,
        withdrawnBy: c.withdrawn_by === 'guardian' || c.withdrawn_by === 'school' ? c.withdrawn_by : null,
        withdrawnByEmail: c.withdrawn_by_email,
      })),
  };
}

function toRequest(row: ConsentRequestRow, at: Date): ConsentRequest {
  return {
    id: row.id,
    guardianName: row.guardian_name,
    guardianEmail: row.guardian_email,
    purposes: purposesOf(row),
    endsOn: row.ends_on,
    status:
      row.status === 'confirmed' || row.status === 'superseded' ? row.status : row.confirm_by > at.toISOString() ? 'pending' : 'expired',
    sentAt: row.sent_at,
    sentBy: row.sent_by_email,
    confirmBy: row.confirm_by,
    confirmedAt: row.confirmed_at,
  };
}

/** The day after `day` (YYYY-MM-DD). */
export const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);

export const childRoutes: FastifyPluginAsync<AdminDeps> = async (app, deps) => {
  const { db, config, now, mailer } = deps;
  const editors = guard(deps, { kind: 'school', roles: EDITORS });
  const admins = guard(deps, { kind: 'school', roles: ADMINS });
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
    const at = now().toISOString();
    const existing = await consentsOf(trx, code, [childId]);
    for (const purpose of CONSENT_PURPOSES) {
      const consent = consentOf(body, purpose);
      if (!consent) continue;
      // The form shows the consents in effect: saved again unchanged, they stay as they were recorded
      // (a guardian's confirmation is not turned into a recording by whoever saved the details).
      const same = existing.find((c) => c.purpose === purpose);
      if (same && same.withdrawn_at === null && same.ends_at > at && same.given_on === consent.givenOn && same.ends_on === consent.endsOn) {
        continue;
      }
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
        // Recorded by the school in person (issue 37: not confirmed through the guardian's link).
        verified_by: 'school',
        guardian_email: null,
        confirmed_at: null,
      });
      recorded.push(purpose);
    }
    return recorded;
  }

  async function answer(code: string, id: string) {
    const row = await findChild(db, code, id);
    if (!row) throw new HttpError(404, NO_SUCH_CHILD);
    const request = await latestConsentRequest(db, code, id);
    return { child: { ...toChild(row, await consentsOf(db, code, [id]), now()), request: request ? toRequest(request, now()) : null } };
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
      const { user } = staffOf(request);
      const withdrawn = await withdrawChildConsent(deps, {
        code,
        childId: id,
        purposes,
        at: now(),
        by: { kind: 'school', email: user.email },
        audit: (trx, done, photos) => {
          const after = done.includes('photos') && photos > 0 ? { purposes: done, photos } : { purposes: done };
          return recordAudit(trx, audit(request, 'consent.withdrawn', { target: id, after }));
        },
      });
      return { ...(await answer(code, id)), withdrawn };
    },
  );

  typed(app).post(
    '/:code/children/:id/erase',
    {
      onRequest: admins,
      schema: {
        summary:
          'Erases a child’s record for good (a parent’s request): name, class, admission number, consents and e-mailed requests go, journaled so a restore erases them again; whatever showed the child stays off the site',
        tags: ['admin: children'],
        params,
        response: { 200: z.object({ erased: z.literal(true) }), ...answers },
      },
    },
    async (request) => {
      const { code, id } = request.params;
      if (!(await findChild(db, code, id))) throw new HttpError(404, NO_SUCH_CHILD);
      const at = now();
      const photos = await photosOfChild(db, code, id);
      await eraseRecords({ db, backupDir: config.backupDir, now: () => at }, 'child', [id], async (trx, count) => {
        if (count === 0) return;
        // Counts only (docs/decisions/0110): the record it names by its random id no longer says whose it was.
        await recordAudit(trx, audit(request, 'children.erased', { target: id, after: { photos: photos.length } }));
        // The linked toppers' search words followed the register's name: they no longer hold it.
        await indexLinkedToChild(trx, code, id);
        await bumpContentVersion(trx, code, at);
      });
      contentChanged(code);
      // Its consents are gone: the photos showing the child lose their made copies, as on a withdrawal.
      await purgeHiddenVariants(db, config, photos, at);
      for (const table of ['children', 'child_consents', 'consent_requests'] as const) await scrubErased(db, table);
      return { erased: true as const };
    },
  );

  typed(app).post(
    '/:code/children/:id/consent-requests',
    {
      onRequest: editors,
      schema: {
        summary:
          "Asks the child's guardian to confirm consent by e-mail: a link to /consent/{token} is mailed (confirm within 14 days; the same link withdraws until the consent ends). A pending request sent before stops working.",
        tags: ['admin: children'],
        params,
        body: z
          .record(z.string(), z.unknown())
          .describe(
            'guardianName, guardianEmail, endsOn (YYYY-MM-DD, the last day covered), and askBirthday / askResults / askPhotos ("on") for each purpose asked',
          ),
        response: { 201: childAnswer, ...answers, 503: errorBody },
      },
    },
    async (request, reply) => {
      const { code, id } = request.params;
      const child = await findChild(db, code, id);
      if (!child) throw new HttpError(404, NO_SUCH_CHILD);
      const parsed = consentRequestBody.safeParse(request.body ?? {});
      const today = todayIn(tz, now());
      const problems = parsed.success
        ? parsed.data.endsOn < today
          ? { endsOn: 'End date has already passed.' }
          : null
        : fieldErrors(parsed.error);
      if (!parsed.success || problems)
        return reply.code(400).send({ error: CHECK_REQUEST, errors: problems ?? {}, submitted: request.body });
      if (!mailer.enabled) throw new HttpError(503, MAIL_OFF);
      const { guardianName, guardianEmail, purposes, endsOn } = parsed.data;
      const { user } = staffOf(request);
      const at = now();
      const token = newToken();
      const endsAt = schoolTimeToUtc(`${dayAfter(endsOn)}T00:00`, tz) ?? '';
      const origin = await schoolOrigin(db, config, code);
      const schoolName = (await schoolProfileOrEmpty(db, code))?.profile.name ?? code;
      // The e-mail first: a request is stored only once its link is on its way (nothing half-done).
      const sent = await mailer.send({
        to: guardianEmail,
        subject: `Please confirm: may ${schoolName} show ${firstNameOf(child.name)} on its website?`,
        text: consentRequestMail({ schoolName, guardianName, child, purposes, endsOn, link: `${origin}/consent/${token}` }),
        school: await mailBrandOf(db, code, origin),
      });
      if (!sent) throw new HttpError(503, MAIL_FAILED);
      await db.transaction().execute(async (trx) => {
        await insertConsentRequest(trx as Db, {
          id: newId(),
          school_code: code,
          child_id: id,
          guardian_name: guardianName,
          guardian_email: guardianEmail,
          purposes: JSON.stringify(purposes),
          ends_on: endsOn,
          ends_at: endsAt,
          token_hash: tokenHash(token),
          status: 'pending',
          confirm_by: new Date(at.getTime() + CONSENT_REQUEST_DAYS * 86_400_000).toISOString(),
          link_until: endsAt,
          sent_at: at.toISOString(),
          sent_by: user.id,
          sent_by_email: user.email,
          confirmed_at: null,
        });
        // The child's random id and the purposes only: never the guardian's name or address (decision 0110).
        await recordAudit(trx as Db, audit(request, 'consent.requested', { target: id, after: { purposes } }));
      });
      return reply.code(201).send(await answer(code, id));
    },
  );
};

export const CHECK_REQUEST = 'Some fields need attention. Nothing was sent.';
export const MAIL_OFF =
  'This school cannot send e-mail yet, so the guardian cannot be asked by e-mail. Record consent given in person instead.';
export const MAIL_FAILED = 'The e-mail could not be sent just now. Nothing was saved; please try again in a few minutes.';

/** "31 March 2026" for a YYYY-MM-DD day, as the e-mail writes it. */
export const dayWords = (day: string) =>
  new Date(`${day}T00:00:00.000Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The guardian's e-mail: the school, the child's first name and class, each purpose in plain words and until when, the link. */
export function consentRequestMail(o: {
  schoolName: string;
  guardianName: string;
  child: Pick<ChildRow, 'name' | 'class'>;
  purposes: readonly ConsentPurpose[];
  endsOn: string;
  link: string;
}): string {
  const first = firstNameOf(o.child.name);
  return [
    `Dear ${o.guardianName},`,
    `${o.schoolName} asks your consent before showing ${first} (class ${o.child.class}) on the school website. Please answer yes or no for each of these:`,
    o.purposes.map((p) => `- ${CONSENT_PURPOSE_WORDS[p]}, until ${dayWords(o.endsOn)}.`).join('\n'),
    `To answer, open this link within ${CONSENT_REQUEST_DAYS} days:`,
    o.link,
    'Nothing is shown unless you answer yes. The same link lets you withdraw your consent at any time until it ends: it takes effect at once.',
    `If you were not expecting this e-mail, you can ignore it, or tell ${o.schoolName}.`,
  ].join('\n\n');
}
