import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ALERT_ERRORS, ALERT_MAX_HOURS, alertFormSchema } from '@sthsm/contract/alerts';
import { fieldErrors } from '@sthsm/contract/staff';
import { z } from 'zod';
import { contentChanged } from '../../cache.ts';
import { bumpContentVersion } from '../../content/state.ts';
import { schoolTimeToUtc, utcToSchoolTime } from '../../content/time.ts';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../errors.ts';
import { ALERT_SEND_TYPE, queueAlertSend } from '../../notify/queue.ts';
import { alertById, endAlert, insertAlert, recentAlerts, type AlertRow } from '../../repositories/alerts.ts';
import { subscriptionCounts } from '../../repositories/subscriptions.ts';
import { recordAudit } from '../../staff/audit.ts';
import { EDITORS, guard, staffOf } from '../../staff/guard.ts';
import { typed } from '../deps.ts';
import { requestAudit } from './audit-entry.ts';
import { answers } from './children.ts';
import type { AdminDeps } from './index.ts';
import { codeParams } from './schemas.ts';

// Emergency alerts (issue 34) for a school's administrators and editors: one line, an optional link
// and an end time. Sending shows it on every page of the school at once (the content counter is
// bumped in the same transaction; the caches' transitions end it on time) and queues its send to
// every subscriber; "End now" takes it down. Platform operators may send one to every school.

const MIN_MINUTES = 5;

interface AlertFields {
  message: string;
  link: string | null;
  /** UTC ISO. */
  endsAt: string;
}

/** The end time as UTC, or the form's message for it. */
function endOf(endsAt: string, timeZone: string, now: Date): { ok: true; at: string } | { ok: false; message: string } {
  const at = schoolTimeToUtc(endsAt, timeZone);
  if (!at || Number.isNaN(Date.parse(at))) return { ok: false, message: ALERT_ERRORS.endsAt };
  const ms = Date.parse(at) - now.getTime();
  if (ms < MIN_MINUTES * 60_000) return { ok: false, message: `The alert must end at least ${MIN_MINUTES} minutes from now.` };
  if (ms > ALERT_MAX_HOURS * 3_600_000) return { ok: false, message: `An alert may stay up for at most ${ALERT_MAX_HOURS / 24} days.` };
  return { ok: true, at };
}

const refused = (reply: FastifyReply, errors: Record<string, string>, body: Record<string, unknown>) =>
  reply.code(400).send({ error: 'Some fields need attention. Nothing was sent.', errors, submitted: body });

const alertSchema = z.object({
  id: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  endsAtLocal: z.string().describe("The end in the school's time zone, 2025-08-14T18:00"),
  endedAt: z.string().nullable(),
  current: z.boolean(),
  forEverySchool: z.boolean(),
  notification: z
    .object({
      status: z.enum(['pending', 'done', 'cancelled']),
      sent: z.number().int(),
      failed: z.number().int(),
      expired: z.number().int(),
    })
    .nullable(),
});

const alertBody = z.record(z.string(), z.unknown()).describe("message, link (optional), endsAt (the school's local time)");

export const alertRoutes: FastifyPluginAsync<AdminDeps> = async (app, deps) => {
  const { db, config, now } = deps;
  const editors = guard(deps, { kind: 'school', roles: EDITORS });
  const operators = guard(deps, { kind: 'operator' });
  const audit = requestAudit(now);
  const tz = config.timeZone;

  async function shown(row: AlertRow) {
    const log = await db
      .selectFrom('notification_sends')
      .select(['status', 'sent', 'failed', 'expired'])
      .where('school_code', '=', row.school_code)
      .where('content_type', '=', ALERT_SEND_TYPE)
      .where('item_id', '=', row.id)
      .executeTakeFirst();
    const at = now().toISOString();
    return {
      id: row.id,
      message: row.message,
      link: row.link,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      endsAtLocal: utcToSchoolTime(row.ends_at, tz) ?? '',
      endedAt: row.ended_at,
      current: row.ended_at === null && row.ends_at > at && row.starts_at <= at,
      forEverySchool: row.group_id !== null,
      notification: log ? { status: log.status, sent: Number(log.sent), failed: Number(log.failed), expired: Number(log.expired) } : null,
    };
  }

  /** The form checked by the contract's schema and the end time in range, or each field's message. */
  function parse(body: Record<string, unknown>): { ok: true; form: AlertFields } | { ok: false; errors: Record<string, string> } {
    const parsed = alertFormSchema.safeParse(body);
    const errors: Record<string, string> = {};
    if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error));
    const end = parsed.success ? endOf(parsed.data.endsAt, tz, now()) : undefined;
    if (end && !end.ok) errors.endsAt = end.message;
    if (!parsed.success || !end?.ok) return { ok: false, errors };
    return { ok: true, form: { message: parsed.data.message, link: parsed.data.link || null, endsAt: end.at } };
  }

  /** Sends one school's alert in one transaction: the row, its send, the audit entry, the counter. */
  async function send(request: FastifyRequest, code: string, form: AlertFields, groupId?: string): Promise<AlertRow> {
    const at = now();
    const actor = staffOf(request).user;
    const row = await db.transaction().execute(async (trx) => {
      const alert = await insertAlert(trx as Db, { code, ...form, actorId: actor.id, now: at, ...(groupId ? { groupId } : {}) });
      await queueAlertSend(trx as Db, { code, alertId: alert.id, actorId: actor.id, at });
      await recordAudit(trx as Db, {
        ...audit(request, 'alert.sent', {
          target: form.message,
          after: { id: alert.id, endsAt: form.endsAt, link: form.link, everySchool: !!groupId },
        }),
        school: code,
      });
      await bumpContentVersion(trx as Db, code, at);
      return alert;
    });
    contentChanged(code);
    return row;
  }

  typed(app).get(
    '/:code/alerts',
    {
      onRequest: editors,
      schema: {
        summary: "A school's emergency alerts, newest first, and how many subscribers an alert reaches",
        tags: ['admin: alerts'],
        params: codeParams,
        response: {
          200: z.object({ alerts: z.array(alertSchema), subscribers: z.object({ email: z.number(), push: z.number() }) }),
          ...answers,
        },
      },
    },
    async (request) => {
      const { code } = request.params;
      const rows = await recentAlerts(db, code);
      return { alerts: await Promise.all(rows.map(shown)), subscribers: await subscriptionCounts(db, code) };
    },
  );

  typed(app).post(
    '/:code/alerts',
    {
      onRequest: editors,
      schema: {
        summary: 'Sends an emergency alert: a banner on every page until it ends, and a message to every subscriber at once',
        tags: ['admin: alerts'],
        params: codeParams,
        body: alertBody,
        response: { 201: z.object({ alert: alertSchema }), ...answers },
      },
    },
    async (request, reply) => {
      const parsed = parse(request.body);
      if (!parsed.ok) return refused(reply, parsed.errors, request.body);
      const row = await send(request, request.params.code, parsed.form);
      return reply.code(201).send({ alert: await shown(row) });
    },
  );

  typed(app).post(
    '/:code/alerts/:id/end',
    {
      onRequest: editors,
      schema: {
        summary: 'Ends a current alert now: the banner leaves every page',
        tags: ['admin: alerts'],
        params: codeParams.extend({ id: z.string().max(64) }),
        response: { 200: z.object({ alert: alertSchema }), ...answers },
      },
    },
    async (request) => {
      const { code, id } = request.params;
      const at = now();
      const ended = await db.transaction().execute(async (trx) => {
        const row = await alertById(trx as Db, code, id);
        if (!row) throw new HttpError(404, 'No such alert.');
        if (!(await endAlert(trx as Db, code, id, at))) return row;
        await recordAudit(trx as Db, audit(request, 'alert.ended', { target: row.message, after: { id } }));
        await bumpContentVersion(trx as Db, code, at);
        return { ...row, ended_at: at.toISOString() };
      });
      contentChanged(code);
      return { alert: await shown(ended) };
    },
  );

  typed(app).post(
    '/alerts',
    {
      onRequest: operators,
      schema: {
        summary: 'Platform operators: sends one emergency alert to every school (one alert per school, each sent to its subscribers)',
        tags: ['admin: alerts'],
        body: alertBody,
        response: { 201: z.object({ schools: z.number().int() }), ...answers },
      },
    },
    async (request, reply) => {
      const parsed = parse(request.body);
      if (!parsed.ok) return refused(reply, parsed.errors, request.body);
      const groupId = randomUUID();
      const schools = await db.selectFrom('schools').select('code').where('suspended_at', 'is', null).execute();
      for (const { code } of schools) await send(request, code, parsed.form, groupId);
      return reply.code(201).send({ schools: schools.length });
    },
  );
};
