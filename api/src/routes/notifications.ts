import type { FastifyPluginAsync } from 'fastify';
import { notificationSchema } from '@sthsm/contract';
import { listActiveNotifications } from '../repositories/notifications.ts';
import { todayIn } from '../school-day.ts';
import { schoolListRoute, type Deps } from './deps.ts';

export const notificationRoutes: FastifyPluginAsync<Deps> = async (app, { db, config, now }) => {
  schoolListRoute(app, { db, now }, '/notification/:code', {
    summary: 'Notifications active today, newest first',
    tags: ['content'],
    item: notificationSchema,
    list: (code) => listActiveNotifications(db, code, todayIn(config.timeZone, now()), now()),
    type: 'notifications',
  });
};
