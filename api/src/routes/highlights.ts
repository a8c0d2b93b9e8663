import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { typed, requireSchool, type Deps } from '../http.ts';
import { listHighlights } from '../repositories/highlights.ts';
import { codeParams, highlight, notFound } from './schemas.ts';

export const highlightRoutes: FastifyPluginAsync<Deps> = async (app, { db }) => {
  typed(app).get('/highlight/:code', {
    schema: {
      summary: 'Announcement ticker items, newest first',
      tags: ['content'],
      params: codeParams,
      response: { 200: z.array(highlight), ...notFound },
    },
  }, async (req) => {
    await requireSchool(db, req.params.code);
    return listHighlights(db, req.params.code);
  });
};
