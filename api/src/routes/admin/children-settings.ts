import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { BIRTHDAY_NAME_CHOICES, birthdayNamesBody } from '@sthsm/contract/children';
import { DEFAULT_RETENTION_MONTHS } from '@sthsm/contract/submissions';
import { contentChanged } from '../../cache.ts';
import { bumpContentVersion } from '../../content/state.ts';
import type { Db } from '../../db/index.ts';
import { birthdayNamesOf, setBirthdayNames } from '../../repositories/children.ts';
import { recordAudit } from '../../staff/audit.ts';
import { ADMINS, guard } from '../../staff/guard.ts';
import { typed } from '../deps.ts';
import { requestAudit } from './audit-entry.ts';
import { answers } from './children.ts';
import type { AdminDeps } from './index.ts';
import { codeParams } from './schemas.ts';

// What the public birthday section shows (issue 16, the minimum shown; docs/decisions/0056): the
// first name and class unless the school's administrators choose full names. A change shows at
// once: it bumps the school's content counter.

export const childrenSettingsRoutes: FastifyPluginAsync<AdminDeps> = async (app, deps) => {
  const { db, now } = deps;
  const admins = guard(deps, { kind: 'school', roles: ADMINS });
  const audit = requestAudit(now);

  typed(app).get(
    '/:code/children-settings',
    {
      onRequest: admins,
      schema: {
        summary: 'What the public birthday section shows: first name and class (default) or the full name',
        tags: ['admin: children'],
        params: codeParams,
        response: { 200: z.object({ birthdayNames: z.enum(BIRTHDAY_NAME_CHOICES) }), ...answers },
      },
    },
    async (request) => ({ birthdayNames: await birthdayNamesOf(db, request.params.code) }),
  );

  typed(app).put(
    '/:code/children-settings',
    {
      onRequest: admins,
      schema: {
        summary: 'Sets what the public birthday section shows (administrators)',
        tags: ['admin: children'],
        params: codeParams,
        body: birthdayNamesBody,
        response: { 200: z.object({ birthdayNames: z.enum(BIRTHDAY_NAME_CHOICES) }), ...answers },
      },
    },
    async (request) => {
      const { code } = request.params;
      const names = request.body.birthdayNames;
      const at = now();
      await db.transaction().execute(async (trx) => {
        const before = await birthdayNamesOf(trx as Db, code);
        if (before === names) return;
        await setBirthdayNames(trx as Db, code, names, at.toISOString(), DEFAULT_RETENTION_MONTHS);
        await recordAudit(
          trx as Db,
          audit(request, 'privacy.birthday_names_changed', { before: { birthdayNames: before }, after: { birthdayNames: names } }),
        );
        await bumpContentVersion(trx as Db, code, at);
      });
      contentChanged(code);
      return { birthdayNames: names };
    },
  );
};
