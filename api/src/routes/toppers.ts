import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { typed, requireSchool, type Deps } from '../http.ts';
import { listToppers } from '../repositories/toppers.ts';
import { codeParams, notFound, topper } from './schemas.ts';

export const topperRoutes: FastifyPluginAsync<Deps> = async (app, { db }) => {
  typed(app).get('/topper/:code', {
    schema: {
      summary: 'Toppers of classes X and XII: newest session first, then highest percentage',
      tags: ['content'],
      params: codeParams,
      response: { 200: z.array(topper), ...notFound },
    },
  }, async (req) => {
    await requireSchool(db, req.params.code);
    return listToppers(db, req.params.code);
  });
};
