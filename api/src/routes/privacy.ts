import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { retentionMonthsOf } from '../repositories/submissions.ts';
import { requireSchool, typed, type Deps } from './deps.ts';
import { codeParams, notFound } from './schemas.ts';

// What the public privacy notice needs to know (issue 16): how long the school keeps alumni
// submissions. An extension of CONTRACT.md (docs/api.md "Privacy"); the site falls back to the
// default period when a server lacks it.

export const privacyRoutes: FastifyPluginAsync<Deps> = async (app, { db }) => {
  typed(app).get(
    '/privacy/:code',
    {
      schema: {
        summary: 'How long the school keeps alumni form submissions, for its privacy notice',
        tags: ['school'],
        params: codeParams,
        response: { 200: z.object({ retentionMonths: z.number().int() }), ...notFound },
      },
    },
    async (req) => {
      await requireSchool(db, req.params.code);
      return { retentionMonths: await retentionMonthsOf(db, req.params.code) };
    },
  );
};
