import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  BREACH_CONFLICT,
  BREACH_DATA_KINDS,
  BREACH_INVALID,
  BREACH_PEOPLE,
  breachBody,
  breachClock,
  breachUpdateBody,
  type BreachBody,
  type BreachDataKind,
  type BreachPeople,
} from '@sthsm/contract/breaches';
import { fullNameOf } from '@sthsm/contract';
import { fieldErrors } from '@sthsm/contract/staff';
import { schoolTimeToUtc, utcToSchoolTime } from '../../content/time.ts';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../errors.ts';
import { breachDrafts, type BreachFacts } from '../../privacy/breach-drafts.ts';
import { newId } from '../../repositories/alumni.ts';
import {
  breachContactOf,
  closeBreach,
  findBreach,
  insertBreach,
  listBreaches,
  updateBreach,
  type BreachRow,
  type BreachValues,
} from '../../repositories/breaches.ts';
import { schoolProfileOrEmpty } from '../../repositories/school-profiles.ts';
import { recordAudit } from '../../staff/audit.ts';
import { ADMINS, guard, staffOf } from '../../staff/guard.ts';
import { typed } from '../deps.ts';
import { errorBody } from '../schemas.ts';
import { requestAudit } from './audit-entry.ts';
import type { AdminDeps } from './index.ts';
import { codeParams, errors } from './schemas.ts';

// The personal-data breach register (issue 37; docs/decisions/0149), for the school's administrators
// only: record a breach, keep its facts and the notices sent up to date, close it. Each record
// answers the 72-hour clock of the report to the Board and the three notices drafted from its
// facts. The audit log names the record by its random id and which fields changed, never the text.

export const NO_SUCH_BREACH = 'This breach record does not exist.';
/** A time of awareness this far ahead of the clock is a mistake, not a breach yet to come. */
const FUTURE_SLACK_MS = 5 * 60_000;

const params = codeParams.extend({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: NO_SUCH_BREACH }) });

const clockSchema = z.object({
  dueAt: z.string().describe('UTC ISO: aware at + 72 hours'),
  state: z.enum(['left', 'overdue', 'sent']),
  hours: z.number().int().describe('Whole hours left or overdue'),
  text: z.string().describe('"Report to the Data Protection Board due by … — 41 hours left" in the school\u2019s time zone'),
});
const breachSchema = z.object({
  id: z.string(),
  whatHappened: z.string(),
  happenedAt: z.string().nullable(),
  awareAt: z.string(),
  place: z.string().nullable(),
  dataKinds: z.array(z.enum(BREACH_DATA_KINDS)),
  dataOther: z.string().nullable(),
  whose: z.array(z.enum(BREACH_PEOPLE)),
  peopleCount: z.number().int().nullable(),
  consequences: z.string().nullable(),
  containment: z.string().nullable(),
  safetySteps: z.string().nullable(),
  cause: z.string().nullable(),
  prevention: z.string().nullable(),
  boardIntimationAt: z.string().nullable(),
  boardReportAt: z.string().nullable(),
  peopleToldAt: z.string().nullable(),
  peopleToldCount: z.number().int().nullable(),
  closedAt: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  local: z
    .record(z.string(), z.string())
    .describe('Each time field in the school\u2019s time zone as the form takes it ("2026-12-10T09:30"); absent when empty'),
  clock: clockSchema,
});
const draftSchema = z.object({
  key: z.enum(['people', 'intimation', 'report']),
  title: z.string(),
  rule: z.string(),
  text: z.string(),
  missing: z.array(z.string()).describe('What the draft still needs, in words (the page lists them before sending)'),
});
const oneAnswer = z.object({ breach: breachSchema, drafts: z.array(draftSchema) });
const invalid = errorBody.extend({ errors: z.record(z.string(), z.string()).optional() });
const conflict = errorBody.extend({ current: breachSchema.describe('The record as saved now') });
const formBody = z
  .record(z.string(), z.unknown())
  .describe('The fields of @sthsm/contract/breaches breachBody (times in the school\u2019s zone)');

const TIME_FIELDS = ['happenedAt', 'awareAt', 'boardIntimationAt', 'boardReportAt', 'peopleToldAt'] as const;

const parseList = <T extends string>(json: string, allowed: readonly T[]): T[] => {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((v): v is T => allowed.includes(v as T)) : [];
  } catch {
    return [];
  }
};

/** The names of the fields a save changed (the audit row's only words about the record). */
const changedFields = (before: BreachRow, after: BreachValues) =>
  (Object.keys(after) as Array<keyof BreachValues>).filter((k) => String(before[k] ?? '') !== String(after[k] ?? ''));

export const breachRoutes: FastifyPluginAsync<AdminDeps> = async (app, deps) => {
  const { db, config, now } = deps;
  const admins = guard(deps, { kind: 'school', roles: ADMINS });
  const audit = requestAudit(now);
  const tz = config.timeZone;

  function toBreach(row: BreachRow) {
    const facts: BreachFacts = {
      whatHappened: row.what_happened,
      happenedAt: row.happened_at,
      awareAt: row.aware_at,
      place: row.place,
      dataKinds: parseList<BreachDataKind>(row.data_kinds, BREACH_DATA_KINDS),
      dataOther: row.data_other,
      whose: parseList<BreachPeople>(row.whose, BREACH_PEOPLE),
      peopleCount: row.people_count === null ? null : Number(row.people_count),
      consequences: row.consequences,
      containment: row.containment,
      safetySteps: row.safety_steps,
      cause: row.cause,
      prevention: row.prevention,
      boardIntimationAt: row.board_intimation_at,
      boardReportAt: row.board_report_at,
      peopleToldAt: row.people_told_at,
      peopleToldCount: row.people_told_count === null ? null : Number(row.people_told_count),
    };
    const local: Record<string, string> = {};
    for (const f of TIME_FIELDS) {
      const value = utcToSchoolTime(facts[f], tz);
      if (value) local[f] = value;
    }
    return {
      breach: {
        id: row.id,
        ...facts,
        closedAt: row.closed_at,
        version: Number(row.version),
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        local,
        clock: breachClock(row.aware_at, row.board_report_at, now(), tz),
      },
      facts,
    };
  }

  async function answer(code: string, row: BreachRow) {
    const { breach, facts } = toBreach(row);
    const [profile, contact] = await Promise.all([schoolProfileOrEmpty(db, code), breachContactOf(db, code)]);
    return { breach, drafts: breachDrafts(facts, { schoolName: profile ? fullNameOf(profile.profile) : code, contact, timeZone: tz }) };
  }

  const utc = (local: string | null) => schoolTimeToUtc(local, tz);

  /** The form checked with the contract's schema, its times as UTC; or each field's message. */
  function parse(body: unknown): { ok: true; values: BreachValues } | { ok: false; errors: Record<string, string> } {
    const parsed = breachBody.safeParse(body);
    if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
    const b: BreachBody = parsed.data;
    const values: BreachValues = {
      what_happened: b.whatHappened,
      happened_at: utc(b.happenedAt),
      aware_at: utc(b.awareAt) ?? '',
      place: b.place,
      data_kinds: JSON.stringify(BREACH_DATA_KINDS.filter((k) => b.dataKinds.includes(k))),
      data_other: b.dataKinds.includes('other') ? b.dataOther : null,
      whose: JSON.stringify(BREACH_PEOPLE.filter((p) => b.whose.includes(p))),
      people_count: b.peopleCount,
      consequences: b.consequences,
      containment: b.containment,
      safety_steps: b.safetySteps,
      cause: b.cause,
      prevention: b.prevention,
      board_intimation_at: utc(b.boardIntimationAt),
      board_report_at: utc(b.boardReportAt),
      people_told_at: utc(b.peopleToldAt),
      people_told_count: b.peopleToldCount,
    };
    const limit = now().getTime() + FUTURE_SLACK_MS;
    const problems: Record<string, string> = {};
    const fields = {
      awareAt: values.aware_at,
      happenedAt: values.happened_at,
      boardIntimationAt: values.board_intimation_at,
      boardReportAt: values.board_report_at,
      peopleToldAt: values.people_told_at,
    };
    for (const [field, at] of Object.entries(fields)) {
      if (at && Date.parse(at) > limit) problems[field] = 'This time is still ahead: give a time that has passed.';
    }
    return Object.keys(problems).length > 0 ? { ok: false, errors: problems } : { ok: true, values };
  }

  const mine = async (request: FastifyRequest & { params: { code: string; id: string } }) => {
    const row = await findBreach(db, request.params.code, request.params.id);
    if (!row) throw new HttpError(404, NO_SUCH_BREACH);
    return row;
  };

  typed(app).get(
    '/:code/breaches',
    {
      onRequest: admins,
      schema: {
        summary: 'The school\u2019s breach register, latest awareness first, each with its 72-hour clock',
        tags: ['admin: breaches'],
        params: codeParams,
        response: { 200: z.object({ items: z.array(breachSchema) }), ...errors },
      },
    },
    async (request) => ({ items: (await listBreaches(db, request.params.code)).map((r) => toBreach(r).breach) }),
  );

  typed(app).post(
    '/:code/breaches',
    {
      onRequest: admins,
      schema: {
        summary: 'Records a breach (awareness time required: the 72-hour clock starts there)',
        description: '400 lists a message per field (`errors`) and writes nothing.',
        tags: ['admin: breaches'],
        params: codeParams,
        body: formBody,
        response: { 201: oneAnswer, ...errors, 400: invalid },
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      const parsed = parse(request.body);
      if (!parsed.ok) return reply.code(400).send({ error: BREACH_INVALID, errors: parsed.errors });
      const id = newId();
      const at = now().toISOString();
      await db.transaction().execute(async (trx) => {
        await insertBreach(trx as Db, { ...parsed.values, id, school_code: code, created_by: staffOf(request).user.id, at });
        await recordAudit(trx as Db, audit(request, 'breach.recorded', { target: id }));
      });
      const row = await findBreach(db, code, id);
      if (!row) throw new HttpError(404, NO_SUCH_BREACH);
      return reply.code(201).send(await answer(code, row));
    },
  );

  typed(app).get(
    '/:code/breaches/:id',
    {
      onRequest: admins,
      schema: {
        summary: 'One breach record, its 72-hour clock and the three notices drafted from its facts',
        tags: ['admin: breaches'],
        params,
        response: { 200: oneAnswer, ...errors },
      },
    },
    async (request) => answer(request.params.code, await mine(request)),
  );

  typed(app).put(
    '/:code/breaches/:id',
    {
      onRequest: admins,
      schema: {
        summary: 'Saves a breach record\u2019s facts and notices sent, if nobody saved it since `version`',
        description: '400 lists a message per field (`errors`); 409 answers the record as saved now (`current`). Neither changes anything.',
        tags: ['admin: breaches'],
        params,
        body: formBody,
        response: { 200: oneAnswer, ...errors, 400: invalid, 409: conflict },
      },
    },
    async (request, reply) => {
      const { code, id } = request.params;
      const before = await mine(request);
      const version = breachUpdateBody.safeParse(request.body);
      const parsed = parse(request.body);
      if (!parsed.ok || !version.success)
        return reply.code(400).send({
          error: BREACH_INVALID,
          errors: { ...(parsed.ok ? {} : parsed.errors), ...(version.success ? {} : { version: 'Reload the page and try again.' }) },
        });
      const saved = await db.transaction().execute(async (trx) => {
        const current = await findBreach(trx as Db, code, id);
        if (!current || Number(current.version) !== version.data.version) return false;
        const changed = changedFields(current, parsed.values);
        if (changed.length === 0) return true;
        if (!(await updateBreach(trx as Db, code, id, version.data.version, parsed.values, now().toISOString()))) return false;
        await recordAudit(trx as Db, audit(request, 'breach.updated', { target: id, after: { fields: changed } }));
        return true;
      });
      const row = (await findBreach(db, code, id)) ?? before;
      if (!saved) return reply.code(409).send({ error: BREACH_CONFLICT, current: toBreach(row).breach });
      return answer(code, row);
    },
  );

  typed(app).post(
    '/:code/breaches/:id/close',
    {
      onRequest: admins,
      schema: {
        summary: 'Closes a breach record (it stays in the register; its clock leaves the dashboard)',
        tags: ['admin: breaches'],
        params,
        body: z.object({ version: z.number({ error: 'Reload the page and try again.' }).int() }),
        response: { 200: oneAnswer, ...errors, 409: conflict },
      },
    },
    async (request, reply) => {
      const { code, id } = request.params;
      const before = await mine(request);
      if (before.closed_at) return answer(code, before);
      const closed = await db.transaction().execute(async (trx) => {
        if (!(await closeBreach(trx as Db, code, id, request.body.version, now().toISOString()))) return false;
        await recordAudit(trx as Db, audit(request, 'breach.closed', { target: id }));
        return true;
      });
      const row = (await findBreach(db, code, id)) ?? before;
      if (!closed) return reply.code(409).send({ error: BREACH_CONFLICT, current: toBreach(row).breach });
      return answer(code, row);
    },
  );
};
