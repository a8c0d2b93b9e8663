import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { alumniFieldInWords } from '@sthsm/contract/alumni';
import {
  HANDLED_FILTERS,
  MAX_ERASE_IDS,
  MAX_RETENTION_MONTHS,
  MIN_RETENTION_MONTHS,
  SUBMISSION_FIELDS,
  type Submission,
} from '@sthsm/contract/submissions';
import { HttpError } from '../../errors.ts';
import { typed } from '../deps.ts';
import { eraseRecords, type ErasureResult } from '../../backup/erasures.ts';
import {
  auditOfPerson,
  countSubmissions,
  eachSubmission,
  findSubmission,
  listSubmissions,
  ownSubmissionIds,
  phoneDigits,
  retentionMonthsOf,
  setHandled,
  setRetentionMonths,
  submissionsOfPerson,
  type PersonKey,
  type SubmissionFilter,
  type SubmissionRow,
} from '../../repositories/submissions.ts';
import type { AuditRow } from '../../repositories/audit.ts';
import { scrubErased } from '../../repositories/erasure-scrub.ts';
import { csvRow } from '../../staff/csv.ts';
import { utcToSchoolTime } from '../../content/time.ts';
import { recordAudit } from '../../staff/audit.ts';
import { ADMINS, guard, staffOf } from '../../staff/guard.ts';
import type { AdminDeps } from './index.ts';
import { codeParams, errors } from './schemas.ts';

// The alumni submissions inbox, the retention period and a person's request (issue 16), for the
// school's administrators only. Every read of personal data is audited — what was done and how
// many, never whose data or the words searched for (docs/decisions/0110).

export const SUBMISSIONS_PAGE_SIZE = 25;
export const NO_SUCH_SUBMISSION = 'This submission does not exist (any more). It may have been erased.';
export const PERSON_KEY_NEEDED = 'Give an e-mail address or a mobile number.';

const submissionId = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, { error: NO_SUCH_SUBMISSION });
const submissionParams = codeParams.extend({ submissionId });

const listFilters = z.object({
  q: z
    .string()
    .trim()
    .max(200, { error: 'Search for at most 200 characters.' })
    .optional()
    .describe('Words in the name, e-mail, mobile, location or ward\u2019s name'),
  status: z.enum(HANDLED_FILTERS).default('all').describe('all, unhandled or handled'),
});

export const submission = z.object({
  id: z.string(),
  formType: z.string(),
  receivedAt: z.string(),
  handledAt: z.string().nullable(),
  ...Object.fromEntries(SUBMISSION_FIELDS.map((f) => [f.key, z.string()])),
}) as unknown as z.ZodType<Submission>;

const retention = z.object({
  retentionMonths: z.number().int().describe('Submissions older than this many months are erased automatically'),
});
const retentionBody = z.object({
  retentionMonths: z.coerce
    .number({ error: 'Give the retention period as a whole number of months.' })
    .int({ error: 'Give the retention period as a whole number of months.' })
    .min(MIN_RETENTION_MONTHS, { error: `Keep submissions for at least ${MIN_RETENTION_MONTHS} month.` })
    .max(MAX_RETENTION_MONTHS, { error: `Keep submissions for at most ${MAX_RETENTION_MONTHS} months (10 years).` }),
});

const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
const personQuery = z
  .object({
    email: z.string().trim().max(254).optional().describe('An e-mail address (matched exactly, any case)'),
    phone: z.string().trim().max(30).optional().describe('A mobile number (matched by its last ten digits)'),
  })
  .superRefine((q, ctx) => {
    if (q.email && q.phone) ctx.addIssue({ code: 'custom', message: 'Give an e-mail address or a mobile number, not both.' });
    else if (q.email && !EMAIL.test(q.email))
      ctx.addIssue({ code: 'custom', message: 'Enter a valid email address, like name@example.org.' });
    else if (q.phone && phoneDigits(q.phone).length < 7)
      ctx.addIssue({ code: 'custom', message: 'Enter a mobile number with at least 7 digits.' });
    else if (!q.email && !q.phone) ctx.addIssue({ code: 'custom', message: PERSON_KEY_NEEDED });
  });

export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});

export function toSubmission(row: SubmissionRow): Submission {
  return {
    id: row._id,
    formType: row.form_type,
    receivedAt: row.created_at,
    handledAt: row.handled_at,
    name: row.name,
    email: row.email,
    phone: row.phone,
    location: row.location,
    address: row.address,
    fromYear: row.from_year,
    class: row.class,
    toYear: row.to_year,
    school2: row.school2,
    fatherName: row.father_name,
    subject: row.subject,
    school: row.school,
    profession3: row.profession3,
    school1: row.school1,
    designation: row.designation,
    address1: row.address1,
    profession1: row.profession1,
  };
}

export const toAuditEntry = (row: AuditRow) => ({
  id: row.id,
  at: row.at,
  actor: row.actor_email,
  action: row.action,
  target: row.target,
  ip: row.ip,
  before: row.before,
  after: row.after,
});

/** The CSV columns: when (in the school's time zone, named), status, then every field of the form. */
export const submissionCsvHeader = (timeZone: string) => [
  `Received (${timeZone})`,
  `Handled (${timeZone})`,
  'Form',
  ...SUBMISSION_FIELDS.map((f) => f.label),
  'Id',
];

/** A time as the office reads it and spreadsheets recognise it: the school's wall time, "2025-08-10 05:30". */
export const csvTime = (iso: string | null, timeZone: string) => utcToSchoolTime(iso, timeZone)?.replace('T', ' ') ?? null;

export function csvCells(s: Submission, timeZone: string): Array<string | null> {
  // Class and profession as the form showed them ("Nursery", "Teaching"), not the codes it stored.
  return [
    csvTime(s.receivedAt, timeZone),
    csvTime(s.handledAt, timeZone),
    s.formType,
    ...SUBMISSION_FIELDS.map((f) => alumniFieldInWords(f.key, s[f.key])),
    s.id,
  ];
}

const keyOf = (q: { email?: string | undefined; phone?: string | undefined }): PersonKey =>
  q.email ? { email: q.email } : { phone: q.phone ?? '' };
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function sendCsv(reply: FastifyReply, name: string, lines: () => AsyncGenerator<string>) {
  return (
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
      // A stream is sent as it is (no serialisation); the schema's string only documents the body.
      .send(Readable.from(lines()) as unknown as string)
  );
}

export const submissionRoutes: FastifyPluginAsync<AdminDeps> = async (app, deps) => {
  const { db, config, now } = deps;
  const admins = guard(deps, { kind: 'school', roles: ADMINS });
  const audit = (
    request: FastifyRequest,
    action: string,
    more: { target?: string; after?: Record<string, unknown>; before?: Record<string, unknown> } = {},
  ) => ({
    action,
    school: (request.params as { code: string }).code,
    actor: staffOf(request).user,
    ip: request.ip,
    at: now(),
    ...more,
  });
  const erasing = { db, backupDir: config.backupDir, now };

  /** After an erasure: the warnings its two follow-ups may leave (the erasure itself stands). */
  async function afterErasure(request: FastifyRequest, result: ErasureResult): Promise<void> {
    if (result.journalCopyError) request.log.warn({ erasure: result.entry.id }, 'erasure journal copy not written beside the backups');
    // The erased rows must not stay readable in the database's files (docs/decisions/0116).
    try {
      if (!(await scrubErased(db, 'alumni_submissions'))) {
        request.log.warn(
          { erasure: result.entry.id },
          'erased rows not yet overwritten in the database files (busy); the next erasure does it',
        );
      }
    } catch (err) {
      request.log.error({ err, erasure: result.entry.id }, 'erased rows not overwritten in the database files');
    }
  }

  typed(app).get(
    '/:code/submissions',
    {
      onRequest: admins,
      schema: {
        summary: 'Alumni submissions, newest first, 25 a page, with search and a handled filter',
        tags: ['admin: submissions'],
        params: codeParams,
        querystring: listFilters.extend({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
        response: {
          200: z.object({
            items: z.array(submission),
            total: z.number(),
            page: z.number(),
            pageSize: z.number(),
            retentionMonths: z.number(),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { code } = request.params;
      const { q, status, page } = request.query;
      const filter: SubmissionFilter = { schoolCode: code, ...(q ? { q } : {}), status };
      const [total, rows, months] = await Promise.all([
        countSubmissions(db, filter),
        listSubmissions(db, filter, { limit: SUBMISSIONS_PAGE_SIZE, offset: (page - 1) * SUBMISSIONS_PAGE_SIZE }),
        retentionMonthsOf(db, code),
      ]);
      // Who looked, and at how many: never the words searched for (they may be a name or a number).
      await recordAudit(db, audit(request, 'submissions.listed', { after: { page, status, searched: Boolean(q), shown: rows.length } }));
      return { items: rows.map(toSubmission), total, page, pageSize: SUBMISSIONS_PAGE_SIZE, retentionMonths: months };
    },
  );

  typed(app).get(
    '/:code/submissions.csv',
    {
      onRequest: admins,
      schema: {
        summary: 'The submissions as CSV (same search and filter), every field, formula-safe for spreadsheets',
        tags: ['admin: submissions'],
        params: codeParams,
        querystring: listFilters,
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      const { q, status } = request.query;
      const filter: SubmissionFilter = { schoolCode: code, ...(q ? { q } : {}), status };
      const total = await countSubmissions(db, filter);
      await recordAudit(
        db,
        audit(request, 'submissions.exported', {
          target: plural(total, 'submission', 'submissions'),
          after: { count: total, status, searched: Boolean(q) },
        }),
      );
      reply.header('x-total-count', String(total));
      return sendCsv(reply, `submissions-${code}-${now().toISOString().slice(0, 10)}.csv`, async function* lines() {
        // A byte-order mark, so spreadsheet programs read the UTF-8 names as UTF-8.
        yield `\uFEFF${csvRow(submissionCsvHeader(config.timeZone))}`;
        for await (const row of eachSubmission(db, filter)) yield csvRow(csvCells(toSubmission(row), config.timeZone));
      });
    },
  );

  typed(app).get(
    '/:code/submissions/:submissionId',
    {
      onRequest: admins,
      schema: {
        summary: 'One submission, every field',
        tags: ['admin: submissions'],
        params: submissionParams,
        response: { 200: submission, ...errors },
      },
    },
    async (request) => {
      const row = await findSubmission(db, request.params.code, request.params.submissionId);
      if (!row) throw new HttpError(404, NO_SUCH_SUBMISSION);
      await recordAudit(db, audit(request, 'submissions.opened', { target: row._id }));
      return toSubmission(row);
    },
  );

  typed(app).put(
    '/:code/submissions/:submissionId/handled',
    {
      onRequest: admins,
      schema: {
        summary: 'Marks a submission handled (true) or not handled yet (false)',
        tags: ['admin: submissions'],
        params: submissionParams,
        body: z.object({ handled: z.boolean({ error: 'Say handled: true or false.' }) }),
        response: { 200: submission, ...errors },
      },
    },
    async (request) => {
      const { code, submissionId: id } = request.params;
      const handled = request.body.handled;
      const row = await db.transaction().execute(async (trx) => {
        const changed = await setHandled(trx, code, id, handled ? now().toISOString() : null);
        if (!changed) throw new HttpError(404, NO_SUCH_SUBMISSION);
        await recordAudit(trx, audit(request, handled ? 'submissions.marked_handled' : 'submissions.marked_unhandled', { target: id }));
        return findSubmission(trx, code, id);
      });
      if (!row) throw new HttpError(404, NO_SUCH_SUBMISSION);
      return toSubmission(row);
    },
  );

  typed(app).post(
    '/:code/submissions/erase',
    {
      onRequest: admins,
      schema: {
        summary: 'Erases submissions for good (journaled, so a restore never brings them back)',
        tags: ['admin: submissions'],
        params: codeParams,
        body: z.object({
          ids: z
            .array(submissionId, { error: 'Choose the submissions to erase.' })
            .min(1, { error: 'Choose at least one submission to erase.' })
            .max(MAX_ERASE_IDS, { error: `Erase at most ${MAX_ERASE_IDS} submissions at once.` }),
        }),
        response: { 200: z.object({ erased: z.number() }), ...errors },
      },
    },
    async (request) => {
      const { code } = request.params;
      // Only this school's: an id of another school's submission is as unknown as a made-up one.
      const ids = await ownSubmissionIds(db, code, request.body.ids);
      if (ids.length === 0) throw new HttpError(404, 'None of these submissions exist (any more). They may have been erased already.');
      const result = await eraseRecords(erasing, 'alumni_submission', ids, (trx, count) =>
        recordAudit(trx, audit(request, 'submissions.erased', { target: plural(count, 'submission', 'submissions'), after: { count } })),
      );
      await afterErasure(request, result);
      return { erased: result.erased };
    },
  );

  typed(app).get(
    '/:code/privacy',
    {
      onRequest: admins,
      schema: {
        summary: 'The school\u2019s retention period for alumni submissions',
        tags: ['admin: submissions'],
        params: codeParams,
        response: { 200: retention, ...errors },
      },
    },
    async (request) => ({ retentionMonths: await retentionMonthsOf(db, request.params.code) }),
  );

  typed(app).put(
    '/:code/privacy',
    {
      onRequest: admins,
      schema: {
        summary: 'Sets the retention period (1\u2013120 months); the hourly job erases older submissions',
        tags: ['admin: submissions'],
        params: codeParams,
        body: retentionBody,
        response: { 200: retention, ...errors },
      },
    },
    async (request) => {
      const { code } = request.params;
      const months = request.body.retentionMonths;
      await db.transaction().execute(async (trx) => {
        const before = await retentionMonthsOf(trx, code);
        await setRetentionMonths(trx, code, months, now().toISOString());
        if (before !== months) {
          await recordAudit(
            trx,
            audit(request, 'privacy.retention_changed', { before: { retentionMonths: before }, after: { retentionMonths: months } }),
          );
        }
      });
      return { retentionMonths: months };
    },
  );

  // --- A person's request -------------------------------------------------------------------

  typed(app).get(
    '/:code/person',
    {
      onRequest: admins,
      schema: {
        summary: 'Everything stored about one e-mail address or mobile number: submissions and audit entries naming it',
        tags: ['admin: submissions'],
        params: codeParams,
        querystring: personQuery,
        response: { 200: z.object({ submissions: z.array(submission), auditEntries: z.array(auditEntry) }), ...errors },
      },
    },
    async (request) => {
      const key = keyOf(request.query);
      const [rows, entries] = await Promise.all([
        submissionsOfPerson(db, request.params.code, key),
        auditOfPerson(db, request.params.code, key),
      ]);
      await recordAudit(
        db,
        audit(request, 'person.looked_up', {
          after: { by: 'email' in key ? 'email' : 'phone', submissions: rows.length, auditEntries: entries.length },
        }),
      );
      return { submissions: rows.map(toSubmission), auditEntries: entries.map(toAuditEntry) };
    },
  );

  typed(app).get(
    '/:code/person/export',
    {
      onRequest: admins,
      schema: {
        summary: 'The same as a download: CSV (submissions, then audit entries) or JSON',
        tags: ['admin: submissions'],
        params: codeParams,
        querystring: personQuery.and(z.object({ format: z.enum(['csv', 'json']).default('json') })),
        response: { 200: z.string().describe('application/json or text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      const key = keyOf(request.query);
      const [rows, entries] = await Promise.all([submissionsOfPerson(db, code, key), auditOfPerson(db, code, key)]);
      await recordAudit(
        db,
        audit(request, 'person.exported', {
          after: {
            by: 'email' in key ? 'email' : 'phone',
            format: request.query.format,
            submissions: rows.length,
            auditEntries: entries.length,
          },
        }),
      );
      const stamp = now().toISOString().slice(0, 10);
      if (request.query.format === 'json') {
        const body = JSON.stringify(
          { school: code, exportedAt: now().toISOString(), submissions: rows.map(toSubmission), auditEntries: entries.map(toAuditEntry) },
          null,
          2,
        );
        return reply
          .type('application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="person-${code.replace(/[^A-Za-z0-9_-]/g, '_')}-${stamp}.json"`)
          .send(body);
      }
      return sendCsv(reply, `person-${code}-${stamp}.csv`, async function* lines() {
        yield `\uFEFF${csvRow(['Record', ...submissionCsvHeader(config.timeZone)])}`;
        for (const row of rows) yield csvRow(['Alumni submission', ...csvCells(toSubmission(row), config.timeZone)]);
        yield csvRow([]);
        yield csvRow(['Record', 'Time (UTC)', 'Who', 'Action', 'Target', 'Address', 'Before', 'After']);
        for (const e of entries) yield csvRow(['Audit entry', e.at, e.actor_email, e.action, e.target, e.ip, e.before, e.after]);
      });
    },
  );

  typed(app).post(
    '/:code/person/erase',
    {
      onRequest: admins,
      schema: {
        summary: 'Erases every submission of one e-mail address or mobile number (audit entries stay: the log is append-only)',
        tags: ['admin: submissions'],
        params: codeParams,
        body: personQuery,
        response: { 200: z.object({ erased: z.number() }), ...errors },
      },
    },
    async (request) => {
      const { code } = request.params;
      const key = keyOf(request.body);
      const rows = await submissionsOfPerson(db, code, key);
      if (rows.length === 0) return { erased: 0 };
      const result = await eraseRecords(
        erasing,
        'alumni_submission',
        rows.map((r) => r._id),
        (trx, count) =>
          recordAudit(
            trx,
            audit(request, 'person.erased', {
              target: plural(count, 'submission', 'submissions'),
              after: { by: 'email' in key ? 'email' : 'phone', count },
            }),
          ),
      );
      await afterErasure(request, result);
      return { erased: result.erased };
    },
  );
};
