import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { durabilitySettings, engineOf, ping } from '../db/index.ts';
import { withinProbeTimeout, type ReadinessCheck } from '../cluster/readiness.ts';
import { typed, type Deps } from './deps.ts';
import { errorBody } from './schemas.ts';

const checkStates = z
  .record(z.string(), z.enum(['ok', 'failing']))
  .describe('Each dependency: database, and redis/storage when configured');

export const healthRoutes: FastifyPluginAsync<Deps> = async (app, { db, config, readiness }) => {
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

  // Only with HEALTH_DATABASE_SETTINGS=on (docs/decisions/0121): `npm run test:durability` checks
  // that the connections acknowledged writes went through kept the durable settings to the end.
  if (config.healthDatabaseSettings) {
    const engine = engineOf(config.databaseUrl);
    typed(app).get(
      '/health/database',
      {
        schema: {
          summary: 'The durability settings of the server\u2019s own database connection (HEALTH_DATABASE_SETTINGS=on only)',
          tags: ['operations'],
          response: { 200: z.object({ engine: z.enum(['sqlite', 'postgres']), settings: z.record(z.string(), z.string()) }) },
        },
      },
      async () => ({ engine, settings: await durabilitySettings(db, engine) }),
    );
  }
};
