import type { FastifyPluginAsync } from 'fastify';
import { principalMessageSchema } from '@sthsm/contract';
import { listPrincipalMessages } from '../repositories/principal-messages.ts';
import { schoolListRoute, type Deps } from './deps.ts';

export const principalMessageRoutes: FastifyPluginAsync<Deps> = async (app, { db, now }) => {
  schoolListRoute(app, { db, now }, '/PrincipalMessage/:code', {
    summary: "The principal's messages, newest first (the site shows the first)",
    tags: ['content'],
    item: principalMessageSchema,
    list: (code) => listPrincipalMessages(db, code, now()),
    type: 'principal-message',
  });
};
