import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { todayIn, typed, requireSchool, type Deps } from '../http.ts';
import { listActiveNotifications } from '../repositories/notifications.ts';
import { codeParams, notFound, notification } from './schemas.ts';

export const notificationRoutes: FastifyPluginAsync<Deps> = async (app, { db, config, now }) => {
  typed(app).get('/notification/:code', {
    schema: {
      summary: 'Notifications active today, newest first',
      tags: ['content'],
      params: codeParams,
      response: { 200: z.array(notification), ...notFound },
    },
  }, async (req) => {
    await requireSchool(db, req.params.code);
    return listActiveNotifications(db, req.params.code, todayIn(config.timeZone, now()));
  });
};
