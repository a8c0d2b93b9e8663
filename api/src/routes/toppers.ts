import type { FastifyPluginAsync } from 'fastify';
import { topperSchema } from '@sthsm/contract';
import { listToppers } from '../repositories/toppers.ts';
import { schoolListRoute, type Deps } from './deps.ts';

export const topperRoutes: FastifyPluginAsync<Deps> = async (app, { db, now }) => {
  schoolListRoute(app, { db, now }, '/topper/:code', {
    summary: 'Toppers of classes X and XII: newest session first, then highest percentage',
    tags: ['content'],
    item: topperSchema,
    list: (code) => listToppers(db, code, now()),
  });
};
