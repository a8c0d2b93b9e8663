import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { typed, requireSchool, type Deps } from '../http.ts';
import { listNews } from '../repositories/news.ts';
import { codeParams, newsItem, notFound } from './schemas.ts';

export const newsRoutes: FastifyPluginAsync<Deps> = async (app, { db }) => {
  typed(app).get('/news/:code', {
    schema: {
      summary: 'News, newest first (undated items last)',
      tags: ['content'],
      params: codeParams,
      response: { 200: z.array(newsItem), ...notFound },
    },
  }, async (req) => {
    await requireSchool(db, req.params.code);
    return listNews(db, req.params.code);
  });
};
