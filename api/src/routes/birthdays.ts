import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { todayIn, typed, requireSchool, type Deps } from '../http.ts';
import { listBirthdays } from '../repositories/birthdays.ts';
import { birthday, codeParams, notFound } from './schemas.ts';

export const birthdayRoutes: FastifyPluginAsync<Deps> = async (app, { db, config, now }) => {
  typed(app).get('/birthdays/:code', {
    schema: {
      summary: "Today's birthdays (by month and day in the school's time zone)",
      tags: ['content'],
      params: codeParams,
      response: { 200: z.array(birthday), ...notFound },
    },
  }, async (req) => {
    await requireSchool(db, req.params.code);
    return listBirthdays(db, req.params.code, todayIn(config.timeZone, now()).slice(5));
  });
};
