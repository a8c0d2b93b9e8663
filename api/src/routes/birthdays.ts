import type { FastifyPluginAsync } from 'fastify';
import { birthdaySchema } from '@sthsm/contract';
import { listBirthdays } from '../repositories/birthdays.ts';
import { todayIn } from '../school-day.ts';
import { schoolListRoute, type Deps } from './deps.ts';

export const birthdayRoutes: FastifyPluginAsync<Deps> = async (app, { db, config, now }) => {
  schoolListRoute(app, { db, now }, '/birthdays/:code', {
    summary: "Today's birthdays (by month and day in the school's time zone)",
    tags: ['content'],
    item: birthdaySchema,
    list: (code) => listBirthdays(db, code, todayIn(config.timeZone, now()).slice(5), now()),
  });
};
