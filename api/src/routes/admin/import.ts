import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../errors.ts';
import { NOT_PUBLIC } from '../../import/address-guard.ts';
import { FetchProblem, SourceClient } from '../../import/http.ts';
import { latestRun, startRun } from '../../import/jobs.ts';
import { ImportError, sourceKey } from '../../import/run.ts';
import { ADMINS, guard, staffOf } from '../../staff/guard.ts';
import { typed } from '../deps.ts';
import { errorBody } from '../schemas.ts';
import type { AdminDeps } from './index.ts';
import { codeParams } from './schemas.ts';

// Moving in from the staff area (docs/api.md "Import"): a school's administrator gives the address
// of the site's current provider API; a dry run shows what would come, then the import runs in
// the background with its progress here and its report in the audit log. The address must be
// public, checked on every connection (docs/decisions/0137).

const runSchema = z.object({
  id: z.string(),
  from: z.string(),
  dryRun: z.boolean(),
  state: z.enum(['running', 'finished', 'failed']),
  done: z.number().int().describe('Items handled so far'),
  total: z.number().int().describe('Items the source listed (0 while its lists are read)'),
  startedAt: z.string(),
  lines: z
    .array(z.string())
    .describe('The report once finished (the fixed line `Imported N items and M files; K unchanged, F failed.` last), or why it failed'),
  summary: z.string().nullable(),
  failed: z.number().int(),
});
const body = z.object({
  from: z
    .string()
    .trim()
    .min(1, { error: 'Source address is required.' })
    .max(500, { error: 'Source address must be at most 500 characters.' }),
  dryRun: z.boolean().default(true).describe('True (the default): read and report, write nothing'),
});
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody };

export const importRoutes: FastifyPluginAsync<AdminDeps> = async (app, deps) => {
  const { db, config, now, importAddresses } = deps;
  const admins = guard(deps, { kind: 'school', roles: ADMINS });

  typed(app).get(
    '/:code/import',
    {
      onRequest: admins,
      schema: {
        summary: "The school's latest import from this server: its progress, then its report",
        tags: ['admin: import'],
        params: codeParams,
        response: { 200: z.object({ run: runSchema.nullable() }), ...refusals },
      },
    },
    async (request) => ({ run: latestRun(request.params.code) }),
  );

  typed(app).post(
    '/:code/import',
    {
      onRequest: admins,
      schema: {
        summary: 'Start an import (or a dry run) from the school’s current provider API (administrators)',
        description:
          'The address is the API’s base (https://provider.example/api). It must resolve to a public address, on every connection and redirect; 400 otherwise. 202 with the run; poll GET for progress. 409 while one runs.',
        tags: ['admin: import'],
        params: codeParams,
        body,
        response: { 202: z.object({ run: runSchema }), ...refusals },
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      const context = staffOf(request);
      let from: string;
      try {
        from = sourceKey(request.body.from);
      } catch (err) {
        throw new HttpError(400, err instanceof Error ? err.message : 'Not an address.');
      }
      // A first call before anything starts, through the same guarded client: a private address is
      // refused at once, with the reason (every later connection is checked again as it is made).
      try {
        await new SourceClient({
          allowPrivate: false,
          maxFileBytes: config.mediaMaxBytes,
          retries: 0,
          timeoutMs: 6_000,
          ...(importAddresses ? { allowAddress: importAddresses } : {}),
        }).json(`${from}/visitor/${encodeURIComponent(code)}`);
      } catch (err) {
        if (err instanceof FetchProblem) throw new HttpError(400, err.message === NOT_PUBLIC ? NOT_PUBLIC : `The source ${err.message}.`);
        throw err;
      }
      try {
        const run = startRun({
          db,
          config,
          school: code,
          from,
          dryRun: request.body.dryRun,
          actor: { id: context.user.id, email: context.user.email },
          ip: request.ip,
          now,
          ...(importAddresses ? { allowAddress: importAddresses } : {}),
        });
        return await reply.code(202).send({ run });
      } catch (err) {
        if (err instanceof ImportError) throw new HttpError(409, err.message);
        throw err;
      }
    },
  );
};
