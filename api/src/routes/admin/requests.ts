import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  rightsKindWords,
  RIGHTS_RESPONSE_DAYS,
  type RightsRequestDetail,
  type RightsRequestSummary,
} from '@sthsm/contract/rights-requests';
import { SUBMISSION_FIELDS, type SubmissionField } from '@sthsm/contract/submissions';
import { HttpError } from '../../errors.ts';
import { eraseRecordsTogether } from '../../backup/erasures.ts';
import { auditOfPerson, findSubmission, submissionsOfPerson, type SubmissionRow } from '../../repositories/submissions.ts';
import type { AuditRow } from '../../repositories/audit.ts';
import { consentsOf } from '../../repositories/children.ts';
import { scrubErased } from '../../repositories/erasure-scrub.ts';
import { closeRequest, findRequest, listRequests, type RightsRequestRow } from '../../repositories/rights-requests.ts';
import { subscriptionsOfEmail, topicsOf, type SubscriptionRow } from '../../repositories/subscriptions.ts';
import { schoolProfileOrEmpty } from '../../repositories/school-profiles.ts';
import { csvRow } from '../../staff/csv.ts';
import { recordAudit } from '../../staff/audit.ts';
import { ADMINS, guard, staffOf } from '../../staff/guard.ts';
import { schoolOrigin } from '../../staff/links.ts';
import { mailBrandOf } from '../../staff/mail-brand.ts';
import { dayInWords } from '../rights.ts';
import { typed } from '../deps.ts';
import type { AdminDeps } from './index.ts';
import { codeParams, errors } from './schemas.ts';
import { auditEntry, csvCells, sendCsv, submission, submissionCsvHeader, toAuditEntry, toSubmission } from './submissions.ts';

// The queue of people's requests about their data (issue 37, docs/decisions/0150), for the school's
// administrators only: each confirmed request with its due date, the data found for the person
// (the person look-up of issue 16, reused), and one-click export, erasure (journaled), correction
// of a submission and closing it (the person is told by e-mail). Every action is audited by ids and
// counts only — never the person's data (docs/decisions/0110).

export const NO_SUCH_REQUEST = 'This request does not exist (any more). It may have been erased.';
export const REQUEST_CLOSED = 'This request is closed already: nothing was changed.';
export const NOT_THEIR_SUBMISSION = 'This submission is not one of the data found for this request.';

const requestId = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, { error: NO_SUCH_REQUEST });
const requestParams = codeParams.extend({ id: requestId });

const summary = z.object({
  id: z.string(),
  kind: z.enum(['access', 'correct', 'erase']),
  about: z.enum(['me', 'child']),
  name: z.string(),
  receivedAt: z.string(),
  dueAt: z.string(),
  status: z.enum(['open', 'done', 'refused']),
  overdue: z.boolean(),
});
const detail = summary.extend({
  email: z.string(),
  phone: z.string(),
  childName: z.string(),
  childClass: z.string(),
  correction: z.string(),
  closedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
const foundSubscription = z.object({
  id: z.string(),
  email: z.string(),
  topics: z.array(z.string()),
  frequency: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
  consentAt: z.string().nullable(),
});
const foundChild = z.object({ id: z.string(), name: z.string(), class: z.string(), consents: z.array(z.string()) });
const found = z.object({
  submissions: z.array(submission),
  subscriptions: z.array(foundSubscription),
  children: z.array(foundChild),
  auditEntries: z.array(auditEntry),
});

const toSummary = (row: RightsRequestRow, now: Date): RightsRequestSummary => ({
  id: row.id,
  kind: row.kind,
  about: row.about,
  name: row.name,
  receivedAt: row.confirmed_at ?? row.created_at,
  dueAt: row.due_at ?? '',
  status: row.status === 'pending' ? 'open' : row.status,
  overdue: row.status === 'open' && (row.due_at ?? '') < now.toISOString(),
});
const toDetail = (row: RightsRequestRow, now: Date): RightsRequestDetail => ({
  ...toSummary(row, now),
  email: row.email,
  phone: row.phone ?? '',
  childName: row.child_name ?? '',
  childClass: row.child_class ?? '',
  correction: row.correction ?? '',
  closedAt: row.closed_at,
  reason: row.reason,
});
const toFoundSubscription = (row: SubscriptionRow) => ({
  id: row.id,
  email: row.email ?? '',
  topics: topicsOf(row),
  frequency: row.frequency,
  status: row.status,
  createdAt: row.created_at,
  consentAt: row.consent_at,
});

/** The submission's columns by the form's field names (the fields a correction may change). */
const COLUMNS: Record<SubmissionField, keyof SubmissionRow> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  location: 'location',
  address: 'address',
  fromYear: 'from_year',
  class: 'class',
  toYear: 'to_year',
  school2: 'school2',
  fatherName: 'father_name',
  subject: 'subject',
  school: 'school',
  profession3: 'profession3',
  school1: 'school1',
  designation: 'designation',
  address1: 'address1',
  profession1: 'profession1',
};
const FIELD_KEYS = SUBMISSION_FIELDS.map((f) => f.key) as [SubmissionField, ...SubmissionField[]];

const correctBody = z.object({
  submissionId: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, { error: 'Choose the submission to correct.' }),
  changes: z
    .partialRecord(z.enum(FIELD_KEYS, { error: 'Only the fields of a submission can be corrected.' }), z.string().trim().max(500))
    .refine((c) => Object.keys(c).length > 0, { error: 'Change at least one field.' }),
});
const closeBody = z
  .object({
    outcome: z.enum(['done', 'refused'], { error: 'Say done or refused.' }),
    reason: z.string().trim().max(1000, { error: 'Write the reason in at most 1,000 characters.' }).default(''),
  })
  .superRefine((b, ctx) => {
    if (b.outcome === 'refused' && !b.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Give the reason for refusing: the person is told it.' });
  });

/** Erasing and correcting are for open requests only. */
function openOnly(row: RightsRequestRow): void {
  if (row.status !== 'open') throw new HttpError(409, REQUEST_CLOSED);
}

function uniqueBy<T>(rows: readonly T[], key: (row: T) => string): T[] {
  const seen = new Set<string>();
  return rows.filter((r) => (seen.has(key(r)) ? false : (seen.add(key(r)), true)));
}

export const requestRoutes: FastifyPluginAsync<AdminDeps> = async (app, deps) => {
  const { db, config, now, mailer } = deps;
  const admins = guard(deps, { kind: 'school', roles: ADMINS });
  const audit = (request: FastifyRequest, action: string, more: { target?: string; after?: Record<string, unknown> } = {}) => ({
    action,
    school: (request.params as { code: string }).code,
    actor: staffOf(request).user,
    ip: request.ip,
    at: now(),
    ...more,
  });

  async function requestOf(code: string, id: string): Promise<RightsRequestRow> {
    const row = await findRequest(db, code, id);
    if (!row) throw new HttpError(404, NO_SUCH_REQUEST);
    return row;
  }

  /**
   * Everything stored about the person: by their e-mail address and their mobile number, their child
   * in the register by name and class, and every child whose consent this address confirmed or was
   * asked to confirm (a guardian's address is on the consent record, docs/decisions/0151).
   */
  async function dataOf(code: string, row: RightsRequestRow) {
    const keys = [{ email: row.email }, ...(row.phone ? [{ phone: row.phone }] : [])];
    const address = row.email.trim().toLowerCase();
    const [subs, entries, subscriptions, children] = await Promise.all([
      Promise.all(keys.map((k) => submissionsOfPerson(db, code, k))),
      Promise.all(keys.map((k) => auditOfPerson(db, code, k))),
      subscriptionsOfEmail(db, code, row.email),
      db
        .selectFrom('children')
        .selectAll()
        .where('school_code', '=', code)
        .where('erased_at', 'is', null)
        .where((eb) =>
          eb.or([
            ...(row.about === 'child' && row.child_name
              ? [
                  eb.and([
                    eb(sql`lower(trim(name))`, '=', row.child_name.trim().toLowerCase()),
                    eb(sql`lower(trim(class))`, '=', (row.child_class ?? '').trim().toLowerCase()),
                  ]),
                ]
              : []),
            eb(
              '_id',
              'in',
              eb
                .selectFrom('child_consents')
                .select('child_id')
                .where('school_code', '=', code)
                .where(sql`lower(guardian_email)`, '=', address),
            ),
            eb(
              '_id',
              'in',
              eb
                .selectFrom('consent_requests')
                .select('child_id')
                .where('school_code', '=', code)
                .where(sql`lower(guardian_email)`, '=', address),
            ),
          ]),
        )
        .orderBy('_id')
        .limit(50)
        .execute(),
    ]);
    const consents = await consentsOf(
      db,
      code,
      children.map((c) => c._id),
    );
    return {
      submissions: uniqueBy(subs.flat(), (s) => s._id),
      auditEntries: uniqueBy(entries.flat(), (e: AuditRow) => e.id).sort((a, b) => b.at.localeCompare(a.at)),
      subscriptions,
      children: children.map((c) => ({
        id: c._id,
        name: c.name,
        class: c.class,
        consents: consents.filter((k) => k.child_id === c._id && !k.withdrawn_at).map((k) => k.purpose),
      })),
    };
  }
  const counts = (d: Awaited<ReturnType<typeof dataOf>>) => ({
    submissions: d.submissions.length,
    subscriptions: d.subscriptions.length,
    children: d.children.length,
    auditEntries: d.auditEntries.length,
  });

  typed(app).get(
    '/:code/requests',
    {
      onRequest: admins,
      schema: {
        summary: 'People’s confirmed requests about their data: open ones first by due date, then closed ones',
        tags: ['admin: requests'],
        params: codeParams,
        response: {
          200: z.object({ items: z.array(summary), open: z.number(), overdue: z.number(), responseDays: z.number() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const at = now();
      const items = (await listRequests(db, request.params.code)).map((r) => toSummary(r, at));
      await recordAudit(db, audit(request, 'requests.listed', { after: { shown: items.length } }));
      const open = items.filter((i) => i.status === 'open');
      return { items, open: open.length, overdue: open.filter((i) => i.overdue).length, responseDays: RIGHTS_RESPONSE_DAYS };
    },
  );

  typed(app).get(
    '/:code/requests/:id',
    {
      onRequest: admins,
      schema: {
        summary: 'One request: what the person asked, and the data found for their e-mail address, mobile number and child',
        tags: ['admin: requests'],
        params: requestParams,
        response: { 200: z.object({ request: detail, found }), ...errors },
      },
    },
    async (request) => {
      const { code, id } = request.params;
      const row = await requestOf(code, id);
      const data = await dataOf(code, row);
      await recordAudit(db, audit(request, 'requests.opened', { target: row.id, after: counts(data) }));
      return {
        request: toDetail(row, now()),
        found: {
          submissions: data.submissions.map(toSubmission),
          subscriptions: data.subscriptions.map(toFoundSubscription),
          children: data.children,
          auditEntries: data.auditEntries.map(toAuditEntry),
        },
      };
    },
  );

  typed(app).get(
    '/:code/requests/:id/export',
    {
      onRequest: admins,
      schema: {
        summary: 'The data found for a request as a download: JSON, or CSV (submissions, subscriptions, children, audit entries)',
        tags: ['admin: requests'],
        params: requestParams,
        querystring: z.object({ format: z.enum(['csv', 'json']).default('json') }),
        response: { 200: z.string().describe('application/json or text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const { code, id } = request.params;
      const row = await requestOf(code, id);
      const data = await dataOf(code, row);
      const format = request.query.format;
      await recordAudit(db, audit(request, 'requests.exported', { target: row.id, after: { format, ...counts(data) } }));
      const stamp = now().toISOString().slice(0, 10);
      const file = `request-${code.replace(/[^A-Za-z0-9_-]/g, '_')}-${stamp}`;
      if (format === 'json') {
        const body = JSON.stringify(
          {
            school: code,
            exportedAt: now().toISOString(),
            submissions: data.submissions.map(toSubmission),
            subscriptions: data.subscriptions.map(toFoundSubscription),
            children: data.children,
            auditEntries: data.auditEntries.map(toAuditEntry),
          },
          null,
          2,
        );
        return reply
          .type('application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file}.json"`)
          .send(body);
      }
      return sendCsv(reply, `${file}.csv`, async function* lines() {
        yield `\uFEFF${csvRow(['Record', ...submissionCsvHeader(config.timeZone)])}`;
        for (const s of data.submissions) yield csvRow(['Alumni submission', ...csvCells(toSubmission(s), config.timeZone)]);
        yield csvRow([]);
        yield csvRow(['Record', 'Email', 'Topics', 'Frequency', 'Status', 'Created (UTC)', 'Consent (UTC)']);
        for (const s of data.subscriptions)
          yield csvRow(['Subscription', s.email, topicsOf(s).join(' '), s.frequency, s.status, s.created_at, s.consent_at]);
        yield csvRow([]);
        yield csvRow(['Record', 'Name', 'Class', 'Consents in effect']);
        for (const c of data.children) yield csvRow(['Child', c.name, c.class, c.consents.join(' ')]);
        yield csvRow([]);
        yield csvRow(['Record', 'Time (UTC)', 'Who', 'Action', 'Target', 'Address', 'Before', 'After']);
        for (const e of data.auditEntries) yield csvRow(['Audit entry', e.at, e.actor_email, e.action, e.target, e.ip, e.before, e.after]);
      });
    },
  );

  typed(app).post(
    '/:code/requests/:id/erase',
    {
      onRequest: admins,
      schema: {
        summary:
          'Erases the person’s submissions and subscriptions for good, together (journaled: a restore never brings them back). Audit entries stay; a child found is erased on their own page in the consent register',
        tags: ['admin: requests'],
        params: requestParams,
        response: { 200: z.object({ submissions: z.number(), subscriptions: z.number() }), ...errors },
      },
    },
    async (request) => {
      const { code, id } = request.params;
      const row = await requestOf(code, id);
      openOnly(row);
      const data = await dataOf(code, row);
      const result = await eraseRecordsTogether(
        { db, backupDir: config.backupDir, now },
        [
          { kind: 'alumni_submission', ids: data.submissions.map((s) => s._id) },
          { kind: 'subscription', ids: data.subscriptions.map((s) => s.id) },
        ],
        (trx, erased) =>
          recordAudit(
            trx,
            audit(request, 'requests.erased', {
              target: row.id,
              after: { submissions: erased.alumni_submission ?? 0, subscriptions: erased.subscription ?? 0 },
            }),
          ),
      );
      if (result.journalCopyError) request.log.warn({ request: row.id }, 'erasure journal copy not written beside the backups');
      // The erased rows must not stay readable in the database's files (docs/decisions/0116).
      for (const table of ['alumni_submissions', 'subscriptions'] as const) {
        try {
          if (!(await scrubErased(db, table))) request.log.warn({ request: row.id, table }, 'erased rows not yet overwritten (busy)');
        } catch (err) {
          request.log.error({ err, request: row.id, table }, 'erased rows not overwritten in the database files');
        }
      }
      return { submissions: result.erased.alumni_submission ?? 0, subscriptions: result.erased.subscription ?? 0 };
    },
  );

  typed(app).post(
    '/:code/requests/:id/correct',
    {
      onRequest: admins,
      schema: {
        summary: 'Corrects fields of one of the person’s submissions (audited by field names only)',
        tags: ['admin: requests'],
        params: requestParams,
        body: correctBody,
        response: { 200: submission, ...errors },
      },
    },
    async (request) => {
      const { code, id } = request.params;
      const row = await requestOf(code, id);
      openOnly(row);
      const { submissionId, changes } = request.body;
      const data = await dataOf(code, row);
      const current = data.submissions.find((s) => s._id === submissionId);
      if (!current) throw new HttpError(404, NOT_THEIR_SUBMISSION);
      // Only the fields whose text changes (a form sends them all): nothing changed, nothing written.
      const fields = (Object.keys(changes) as SubmissionField[]).filter((f) => changes[f] !== current[COLUMNS[f]]);
      if (fields.length === 0) return toSubmission(current);
      const set: Partial<Record<keyof SubmissionRow, string>> = {};
      for (const field of fields) set[COLUMNS[field]] = changes[field] ?? '';
      const updated = await db.transaction().execute(async (trx) => {
        await trx.updateTable('alumni_submissions').set(set).where('school_code', '=', code).where('_id', '=', submissionId).execute();
        await recordAudit(trx, audit(request, 'requests.corrected', { target: row.id, after: { submission: submissionId, fields } }));
        return findSubmission(trx, code, submissionId);
      });
      if (!updated) throw new HttpError(404, NOT_THEIR_SUBMISSION);
      return toSubmission(updated);
    },
  );

  typed(app).post(
    '/:code/requests/:id/close',
    {
      onRequest: admins,
      schema: {
        summary: 'Marks a request done, or refuses it with a reason; the person is told by e-mail',
        tags: ['admin: requests'],
        params: requestParams,
        body: closeBody,
        response: { 200: z.object({ request: detail, mailed: z.boolean() }), ...errors },
      },
    },
    async (request) => {
      const { code, id } = request.params;
      const row = await requestOf(code, id);
      const { outcome, reason } = request.body;
      const at = now();
      await db.transaction().execute(async (trx) => {
        const closed = await closeRequest(
          trx,
          row.id,
          { status: outcome, reason: outcome === 'refused' ? reason : null, by: staffOf(request).user.id },
          at,
        );
        if (!closed) throw new HttpError(409, REQUEST_CLOSED);
        // The reason is the school's words to the person: not copied into the audit log.
        await recordAudit(trx, audit(request, outcome === 'done' ? 'requests.done' : 'requests.refused', { target: row.id }));
      });
      let mailed = false;
      if (mailer.enabled) {
        const origin = await schoolOrigin(db, config, code);
        const name = (await schoolProfileOrEmpty(db, code))?.profile.name ?? code;
        const asked = `your request for ${rightsKindWords(row.kind)}${row.about === 'child' ? ' about your child' : ''}, confirmed on ${dayInWords(row.confirmed_at ?? row.created_at, config.timeZone)}`;
        mailed = await mailer.send({
          to: row.email,
          subject: outcome === 'done' ? `Your request to ${name} is done` : `Your request to ${name} was refused`,
          text: (outcome === 'done'
            ? [`${name} has done ${asked}.`, 'If something is not as you asked, reply to this e-mail or contact the school office.']
            : [
                `${name} has refused ${asked}, for this reason:`,
                reason,
                'If you disagree, reply to this e-mail or contact the school office. You may also complain to the Data Protection Board of India.',
              ]
          ).join('\n\n'),
          school: await mailBrandOf(db, code, origin),
        });
      }
      const after = await requestOf(code, id);
      return { request: toDetail(after, at), mailed };
    },
  );
};
