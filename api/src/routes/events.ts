import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { todayIn, typed, requireSchool, type Deps } from '../http.ts';
import { listEvents, listHomeEvents } from '../repositories/events.ts';
import { codeParams, notFound, schoolEvent } from './schemas.ts';

export const eventRoutes: FastifyPluginAsync<Deps> = async (app, { db, config, now }) => {
  typed(app).get('/events/:code', {
    schema: {
      summary: 'Home page events: upcoming (today or later) soonest first; if none, the latest few',
      tags: ['content'],
      params: codeParams,
      response: { 200: z.array(schoolEvent), ...notFound },
    },
  }, async (req) => {
    await requireSchool(db, req.params.code);
    return listHomeEvents(db, req.params.code, todayIn(config.timeZone, now()));
  });

  typed(app).get('/events/All/:code', {
    schema: {
      summary: 'All events, newest first (undated last)',
      tags: ['content'],
      params: codeParams,
      response: { 200: z.array(schoolEvent), ...notFound },
    },
  }, async (req) => {
    await requireSchool(db, req.params.code);
    return listEvents(db, req.params.code);
  });
};
