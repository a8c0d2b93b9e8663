import type { FastifyPluginAsync } from 'fastify';
import { fieldErrors } from '@sthsm/contract/staff';
import { searchAnswerSchema, searchQuerySchema } from '@sthsm/contract/search';
import { z } from 'zod';
import { todayIn } from '../school-day.ts';
import { searchRepository } from '../search/repository.ts';
import { searchSite } from '../search/service.ts';
import { requireSchool, typed, type Deps } from './deps.ts';
import { codeParams, errorBody, notFound } from './schemas.ts';

// GET /api/search/{code}?q= (issue 36, docs/api.md "Search"): what a visitor can see now, found by
// every word of q, title matches first and then the most recent, ten to a page.

export const searchRoutes: FastifyPluginAsync<Deps> = async (app, { db, config, now }) => {
  const repo = searchRepository(db);
  typed(app).get(
    '/search/:code',
    {
      schema: {
        summary: 'Search everything the public may see of a school: news, events, notices, albums, videos, toppers, pages, syllabus',
        tags: ['search'],
        params: codeParams,
        // Checked in the handler with the page's own schema, so a refusal reads as the page shows it.
        querystring: z
          .object({ q: z.string().optional(), page: z.string().optional(), lang: z.string().optional() })
          .describe('q: 1–100 characters (every word must occur); page: 1–100; lang: the content language (en)'),
        response: { 200: searchAnswerSchema, 400: errorBody, 429: errorBody, ...notFound },
      },
      // Each search reads the index (it is never answered from the cache): a per-address limit keeps
      // one client's flood from taking the database from everyone else.
      config: { rateLimit: { max: config.searchRateLimitPerMinute, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      await requireSchool(db, req.params.code);
      const query = searchQuerySchema.safeParse(req.query);
      if (!query.success) {
        const errors = fieldErrors(query.error);
        return reply.code(400).send({ error: Object.values(errors)[0] ?? 'The search was not understood.', errors });
      }
      const at = now();
      return searchSite(repo, { code: req.params.code, ...query.data, now: at, today: todayIn(config.timeZone, at) });
    },
  );
};
