import type { FastifyPluginAsync } from 'fastify';
import { schoolProfileRecordSchema, type SchoolProfileRecord } from '@sthsm/contract';
import { changedFields, errorsByPath, SETTINGS_CONFLICT, SETTINGS_INVALID, settingsBody } from '@sthsm/contract/settings';
import { z } from 'zod';
import { contentChanged } from '../../cache.ts';
import { bumpContentVersion } from '../../content/state.ts';
import { HttpError } from '../../errors.ts';
import { findSchoolProfile, saveSchoolProfile } from '../../repositories/school-profiles.ts';
import { recordAudit } from '../../staff/audit.ts';
import { ADMINS, guard, staffOf } from '../../staff/guard.ts';
import { typed } from '../deps.ts';
import { errorBody } from '../schemas.ts';
import type { AdminDeps } from './index.ts';
import { codeParams, errors } from './schemas.ts';

export const NO_PROFILE = 'This school has no settings yet. Ask the platform operator to load its profile (npm run seed).';

const invalid = errorBody.extend({
  fields: z.record(z.string(), z.string()).describe('Message per field, keyed by the profile path ("phones.0.number")'),
});
const conflict = errorBody.extend({ current: schoolProfileRecordSchema.describe('The settings as saved now') });
const saved = schoolProfileRecordSchema.extend({
  changed: z.array(z.string()).describe('The profile paths this save changed (empty: nothing was different)'),
});

/**
 * The school's own settings (STAFF.md "What staff manage"): every fact of its profile, read and
 * saved by its administrators with an optimistic version check. A save is audited with the
 * changed fields before and after, and drops that school's cached JSON and pages at once.
 */
export const settingsRoutes: FastifyPluginAsync<AdminDeps> = async (app, deps) => {
  const { db, now } = deps;
  const admins = guard(deps, { kind: 'school', roles: ADMINS });

  typed(app).get(
    '/:code/settings',
    {
      onRequest: admins,
      schema: {
        summary: 'The school\u2019s settings (its whole profile) with the version to send back when saving',
        tags: ['admin: school'],
        params: codeParams,
        response: { 200: schoolProfileRecordSchema, ...errors },
      },
    },
    async (request) => {
      const { code } = request.params;
      const record = await findSchoolProfile(db, code);
      if (!record) throw new HttpError(404, NO_PROFILE);
      return record;
    },
  );

  typed(app).put(
    '/:code/settings',
    {
      onRequest: admins,
      // Validation is answered by the handler: every field's message, not only the first.
      attachValidation: true,
      schema: {
        summary: 'Saves the school\u2019s settings (its whole profile) if nobody saved since `version`',
        description: '400 lists a message per field (`fields`); 409 answers the settings as saved now (`current`) and changes nothing.',
        tags: ['admin: school'],
        params: codeParams,
        body: settingsBody,
        response: { 200: saved, ...errors, 400: invalid, 409: conflict },
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      const parsed = settingsBody.safeParse(request.body);
      if (!parsed.success) {
        const fields = errorsByPath(parsed.error, ['profile']);
        return reply.code(400).send({ error: `${SETTINGS_INVALID} ${Object.values(fields)[0] ?? ''}`.trim(), fields });
      }
      const { version, profile } = parsed.data;
      const { user } = staffOf(request);
      const at = now();
      type Outcome = { conflict: SchoolProfileRecord } | { record: SchoolProfileRecord; changed: string[] };
      const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
        const current = await findSchoolProfile(trx, code);
        if (!current) throw new HttpError(404, NO_PROFILE);
        if (current.version !== version) return { conflict: current };
        const diff = changedFields(current.profile, profile);
        const changed = Object.keys(diff.after);
        if (changed.length === 0) return { record: current, changed };
        const result = await saveSchoolProfile(trx, code, profile, { expectedVersion: version });
        if (!result.ok) {
          if (result.reason === 'conflict') return { conflict: result.current };
          throw new HttpError(404, NO_PROFILE);
        }
        await recordAudit(trx, {
          action: 'settings.updated',
          school: code,
          actor: user,
          target: `School settings (${changed.length} ${changed.length === 1 ? 'field' : 'fields'})`,
          ip: request.ip,
          before: diff.before,
          after: diff.after,
          at,
        });
        // Every process's caches see the school's counter move (docs/decisions/0061).
        await bumpContentVersion(trx, code, at);
        return { record: result.record, changed };
      });
      if ('conflict' in outcome) return reply.code(409).send({ error: SETTINGS_CONFLICT, current: outcome.conflict });
      // Committed: this school's cached answers and pages go now (other schools' stay).
      if (outcome.changed.length > 0) contentChanged(code);
      return { ...outcome.record, changed: outcome.changed };
    },
  );
};
