import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { typed, requireSchool, type Deps } from '../http.ts';
import { listVideos } from '../repositories/videos.ts';
import { codeParams, notFound, video } from './schemas.ts';

export const videoRoutes: FastifyPluginAsync<Deps> = async (app, { db }) => {
  typed(app).get('/video/all/:code', {
    schema: {
      summary: 'Videos, newest first; attachments[0] is the thumbnail',
      tags: ['gallery'],
      params: codeParams,
      response: { 200: z.array(video), ...notFound },
    },
  }, async (req) => {
    await requireSchool(db, req.params.code);
    return listVideos(db, req.params.code);
  });
};
