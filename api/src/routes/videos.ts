import type { FastifyPluginAsync } from 'fastify';
import { videoSchema } from '@sthsm/contract';
import { listVideos } from '../repositories/videos.ts';
import { schoolListRoute, type Deps } from './deps.ts';

export const videoRoutes: FastifyPluginAsync<Deps> = async (app, { db, now }) => {
  schoolListRoute(app, { db, now }, '/video/all/:code', {
    summary: 'Videos, newest first; attachments[0] is the thumbnail',
    tags: ['gallery'],
    item: videoSchema,
    list: (code) => listVideos(db, code, now()),
    type: 'videos',
  });
};
