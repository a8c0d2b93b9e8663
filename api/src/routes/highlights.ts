import type { FastifyPluginAsync } from 'fastify';
import { highlightSchema } from '@sthsm/contract';
import { listHighlights } from '../repositories/highlights.ts';
import { schoolListRoute, type Deps } from './deps.ts';

export const highlightRoutes: FastifyPluginAsync<Deps> = async (app, { db, now }) => {
  schoolListRoute(app, { db, now }, '/highlight/:code', {
    summary: 'Announcement ticker items, newest first',
    tags: ['content'],
    item: highlightSchema,
    list: (code) => listHighlights(db, code, now()),
    type: 'announcements',
  });
};
