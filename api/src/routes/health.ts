import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ping } from '../db/index.ts';
import { typed, type Deps } from './deps.ts';
import { errorBody } from './schemas.ts';

export const healthRoutes: FastifyPluginAsync<Deps> = async (app, { db }) => {
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
};
