import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ping } from '../db/index.ts';
import { withinProbeTimeout, type ReadinessCheck } from '../cluster/readiness.ts';
import { typed, type Deps } from './deps.ts';
import { errorBody } from './schemas.ts';

const checkStates = z
  .record(z.string(), z.enum(['ok', 'failing']))
  .describe('Each dependency: database, and redis/storage when configured');

export const healthRoutes: FastifyPluginAsync<Deps> = async (app, { db, readiness }) => {
  typed(app).get(
    '/health',
    {
      schema: {
        summary: 'Liveness and database check',
        tags: ['operations'],
        response: { 200: z.object({ status: z.literal('ok') }), 503: errorBody },
      },
    },
    async (req, reply) => {
      try {
        await ping(db);
        return { status: 'ok' as const };
      } catch (err) {
        req.log.error({ err }, 'health check: database query failed');
        return reply.code(503).send({ error: 'The database is not answering.' });
      }
    },
  );

  typed(app).get(
    '/health/live',
    {
      schema: {
        summary: 'Liveness: the process answers (restart it when this fails)',
        tags: ['operations'],
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  const checks: ReadinessCheck[] = [{ name: 'database', check: () => ping(db) }, ...(readiness?.checks ?? [])];
  typed(app).get(
    '/health/ready',
    {
      schema: {
        summary: 'Readiness: the database, Redis and the media store answer and the server is not shutting down',
        tags: ['operations'],
        response: {
          200: z.object({ status: z.literal('ok'), checks: checkStates }),
          503: errorBody.extend({ checks: checkStates }),
        },
      },
    },
    async (req, reply) => {
      if (readiness?.draining()) return reply.code(503).send({ error: 'The server is shutting down.', checks: {} });
      const results = await Promise.allSettled(checks.map((c) => withinProbeTimeout(c.check)));
      const states: Record<string, 'ok' | 'failing'> = {};
      const failing: string[] = [];
      results.forEach((result, i) => {
        const name = checks[i]?.name ?? String(i);
        states[name] = result.status === 'fulfilled' ? 'ok' : 'failing';
        if (result.status === 'rejected') {
          failing.push(name);
          req.log.warn({ check: name, error: String(result.reason) }, 'readiness: a dependency is failing');
        }
      });
      if (failing.length > 0) return reply.code(503).send({ error: `Not ready: ${failing.join(', ')} not answering.`, checks: states });
      return { status: 'ok' as const, checks: states };
    },
  );
};
