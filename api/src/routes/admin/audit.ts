import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { typed } from '../deps.ts';
import { countAudit, eachAudit, listAudit, type AuditFilter, type AuditRow } from '../../repositories/audit.ts';
import { csvRow } from '../../staff/csv.ts';
import { ADMINS, guard } from '../../staff/guard.ts';
import type { AdminDeps } from './index.ts';
import { codeParams, errors } from './schemas.ts';

export const AUDIT_PAGE_SIZE = 50;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date like 2025-08-14.' });
const filters = z.object({
  action: z.string().trim().max(60).optional().describe('Actions starting with this, e.g. "session." or "staff.invited"'),
  actor: z.string().trim().max(254).optional().describe('Part of the e-mail address of who did it'),
  from: day.optional().describe('From this day (UTC), inclusive'),
  to: day.optional().describe('Up to this day (UTC), inclusive'),
});

const entry = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});

function toFilter(code: string, q: z.infer<typeof filters>): AuditFilter {
  const next = q.to ? new Date(Date.parse(`${q.to}T00:00:00.000Z`) + 86_400_000).toISOString() : undefined;
  return {
    schoolCode: code,
    ...(q.action ? { action: q.action } : {}),
    ...(q.actor ? { actor: q.actor } : {}),
    ...(q.from ? { from: `${q.from}T00:00:00.000Z` } : {}),
    ...(next ? { to: next } : {}),
  };
}

const parsed = (text: string | null): Record<string, unknown> | null => (text ? (JSON.parse(text) as Record<string, unknown>) : null);

function toEntry(row: AuditRow) {
  return {
    id: row.id,
    at: row.at,
    actor: row.actor_email,
    action: row.action,
    target: row.target,
    ip: row.ip,
    before: parsed(row.before),
    after: parsed(row.after),
  };
}

/** The school's audit log, for its administrators: pages with filters, and a CSV export. */
export const auditRoutes: FastifyPluginAsync<AdminDeps> = async (app, deps) => {
  const { db } = deps;
  const admins = guard(deps, { kind: 'school', roles: ADMINS });

  typed(app).get(
    '/:code/audit',
    {
      onRequest: admins,
      schema: {
        summary: 'The audit log, newest first, 50 a page',
        tags: ['admin: audit'],
        params: codeParams,
        querystring: filters.extend({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
        response: { 200: z.object({ items: z.array(entry), total: z.number(), page: z.number(), pageSize: z.number() }), ...errors },
      },
    },
    async (request) => {
      const filter = toFilter(request.params.code, request.query);
      const page = request.query.page;
      const [total, rows] = await Promise.all([
        countAudit(db, filter),
        listAudit(db, filter, { limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE }),
      ]);
      return { items: rows.map(toEntry), total, page, pageSize: AUDIT_PAGE_SIZE };
    },
  );

  typed(app).get(
    '/:code/audit.csv',
    {
      onRequest: admins,
      schema: {
        summary: 'The audit log as CSV (same filters), formula-safe for spreadsheets',
        tags: ['admin: audit'],
        params: codeParams,
        querystring: filters,
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const filter = toFilter(request.params.code, request.query);
      async function* lines() {
        yield csvRow(['Time (UTC)', 'Who', 'Action', 'Target', 'Address', 'Before', 'After']);
        for await (const row of eachAudit(db, filter)) {
          yield csvRow([row.at, row.actor_email, row.action, row.target, row.ip, row.before, row.after]);
        }
      }
      const name = `audit-${request.params.code}-${new Date().toISOString().slice(0, 10)}.csv`;
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
          // A stream is sent as it is (no serialisation); the schema's string only documents the body.
          .send(Readable.from(lines()) as unknown as string)
      );
    },
  );
};
