import type { FastifyPluginAsync } from 'fastify';
import { newsItemSchema } from '@sthsm/contract';
import { listNews } from '../repositories/news.ts';
import { schoolListRoute, type Deps } from './deps.ts';

export const newsRoutes: FastifyPluginAsync<Deps> = async (app, { db, now }) => {
  schoolListRoute(app, { db, now }, '/news/:code', {
    summary: 'News, newest first (undated items last)',
    tags: ['content'],
    item: newsItemSchema,
    list: (code) => listNews(db, code, now()),
    type: 'news',
  });
};
