import type { FastifyPluginAsync } from 'fastify';
import { publicAlertSchema } from '@sthsm/contract/alerts';
import { z } from 'zod';
import { currentAlerts } from '../repositories/alerts.ts';
import { requireSchool, typed, type Deps } from './deps.ts';
import { codeParams, notFound } from './schemas.ts';

// A school's current emergency alerts (issue 34), newest first: the banner every page of the site
// shows. Empty almost always; cached like every public answer, and dropped when an alert is sent or
// ended (the school's content counter) or reaches its end time (content/state.ts transitions).

export const alertRoutes: FastifyPluginAsync<Deps> = async (app, { db, now }) => {
  typed(app).get(
    '/alert/:code',
    {
      schema: {
        summary: "The school's current emergency alerts (the banner on every page), newest first",
        tags: ['content'],
        params: codeParams,
        response: { 200: z.array(publicAlertSchema), ...notFound },
      },
    },
    async (req) => {
      await requireSchool(db, req.params.code);
      return currentAlerts(db, req.params.code, now());
    },
  );
};
