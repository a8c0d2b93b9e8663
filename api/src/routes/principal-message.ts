import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { typed, requireSchool, type Deps } from '../http.ts';
import { listPrincipalMessages } from '../repositories/principal-messages.ts';
import { codeParams, notFound, principalMessage } from './schemas.ts';

export const principalMessageRoutes: FastifyPluginAsync<Deps> = async (app, { db }) => {
  typed(app).get('/PrincipalMessage/:code', {
    schema: {
      summary: "The principal's messages, newest first (the site shows the first)",
      tags: ['content'],
      params: codeParams,
      response: { 200: z.array(principalMessage), ...notFound },
    },
  }, async (req) => {
    await requireSchool(db, req.params.code);
    return listPrincipalMessages(db, req.params.code);
  });
};
