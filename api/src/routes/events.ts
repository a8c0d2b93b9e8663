import type { FastifyPluginAsync } from 'fastify';
import { schoolEventSchema } from '@sthsm/contract';
import { listEvents, listHomeEvents } from '../repositories/events.ts';
import { todayIn } from '../school-day.ts';
import { schoolListRoute, type Deps } from './deps.ts';

export const eventRoutes: FastifyPluginAsync<Deps> = async (app, { db, config, now }) => {
  schoolListRoute(app, { db, now }, '/events/:code', {
    summary: 'Home page events: upcoming (today or later) soonest first; if none, the latest few',
    tags: ['content'],
    item: schoolEventSchema,
    list: (code) => listHomeEvents(db, code, todayIn(config.timeZone, now()), now()),
    type: 'events',
  });
  schoolListRoute(app, { db, now }, '/events/All/:code', {
    summary: 'All events, newest first (undated last)',
    tags: ['content'],
    item: schoolEventSchema,
    list: (code) => listEvents(db, code, now()),
    type: 'events',
  });
};
