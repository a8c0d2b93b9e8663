import type { FastifyPluginAsync } from 'fastify';
import { isbot } from 'isbot';
import { z } from 'zod';
import { typed, requireSchool, type Deps } from './deps.ts';
import { getVisitorCount, incrementVisitorCount } from '../repositories/visitors.ts';
import { visitorCountSchema } from '@sthsm/contract';
import { codeParams, errorBody, notFound } from './schemas.ts';

/** A browser is counted at most once per this window (docs/decisions/0008). */
export const VISIT_WINDOW_SECONDS = 30 * 60;

export function visitCookieName(code: string): string {
  return `visited_${code.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

export const visitorRoutes: FastifyPluginAsync<Deps> = async (app, { db, config }) => {
  typed(app).get(
    '/visitor/:code',
    {
      schema: {
        summary: 'The visitor count',
        tags: ['visitor'],
        params: codeParams,
        response: { 200: z.array(visitorCountSchema), ...notFound },
      },
    },
    async (req) => {
      await requireSchool(db, req.params.code);
      return [{ visitor: await getVisitorCount(db, req.params.code) }];
    },
  );

  typed(app).post(
    '/visitor',
    {
      config: { rateLimit: { max: config.visitorRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        summary: 'Registers a visit and answers the count',
        description:
          'Counts a browser at most once per 30 minutes (HttpOnly cookie) and never counts known bots; otherwise answers the current count unchanged.',
        tags: ['visitor'],
        body: z.object({ schoolcode: z.string().min(1).max(64) }),
        response: { 200: z.array(visitorCountSchema), 400: errorBody, ...notFound, 429: errorBody },
      },
    },
    async (req, reply) => {
      const code = req.body.schoolcode;
      await requireSchool(db, code);
      const cookie = visitCookieName(code);
      if (req.cookies[cookie] || isbot(req.headers['user-agent'] ?? '')) {
        return [{ visitor: await getVisitorCount(db, code) }];
      }
      const visitor = await incrementVisitorCount(db, code);
      reply.setCookie(cookie, '1', {
        path: '/',
        maxAge: VISIT_WINDOW_SECONDS,
        httpOnly: true,
        sameSite: 'lax',
        secure: req.protocol === 'https',
      });
      return [{ visitor }];
    },
  );
};
