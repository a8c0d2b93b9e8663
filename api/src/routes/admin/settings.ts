import type { FastifyPluginAsync } from 'fastify';
import { schoolProfileRecordSchema, schoolProfileSchema, type SchoolProfile, type SchoolProfileRecord } from '@sthsm/contract';
import { changedFields, errorsByPath, SETTINGS_CONFLICT, SETTINGS_INVALID, settingsBody } from '@sthsm/contract/settings';
import { z } from 'zod';
import { contentChanged } from '../../cache.ts';
import { bumpContentVersion } from '../../content/state.ts';
import { foreignRefMessage, foreignRefs, refsIn } from '../../content/file-refs.ts';
import { HttpError } from '../../errors.ts';
import { pictureProblem } from '../../media/crest.ts';
import { mediaStores } from '../../media/library.ts';
import { saveSchoolProfile, schoolProfileOrEmpty } from '../../repositories/school-profiles.ts';
import { recordAudit } from '../../staff/audit.ts';
import { ADMINS, guard, staffOf } from '../../staff/guard.ts';
import { typed } from '../deps.ts';
import { errorBody } from '../schemas.ts';
import type { AdminDeps } from './index.ts';
import { codeParams, errors } from './schemas.ts';

const UNKNOWN_SCHOOL = 'This school does not exist.';

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
  const { db, config, now } = deps;
  const admins = guard(deps, { kind: 'school', roles: ADMINS });
  const { media } = mediaStores(config);

  /**
   * The brand's pictures: each the school's own file (docs/api.md "File references"), the crest a
   * PNG, WebP or JPEG big enough for the app icons, the share image a picture (media/crest.ts).
   * Only a picture that changed is judged, so a saved one (its file since deleted) never blocks other edits.
   */
  async function pictureErrors(code: string, profile: SchoolProfile, before: SchoolProfile): Promise<Record<string, string> | null> {
    const found: Record<string, string> = {};
    const unchanged = new Set(refsIn(schoolProfileSchema, before).map((f) => `${f.path.join('.')}=${f.ref}`));
    const changed = refsIn(schoolProfileSchema, profile).filter((f) => !unchanged.has(`${f.path.join('.')}=${f.ref}`));
    for (const f of await foreignRefs(db, media, code, changed)) found[f.path.join('.')] ??= foreignRefMessage(f);
    for (const f of changed) {
      const key = f.path.join('.');
      const role = key === 'brand.crest' ? 'crest' : key === 'brand.shareImage' ? 'shareImage' : null;
      if (!role || found[key]) continue;
      const problem = await pictureProblem(db, config, f.ref, role, now());
      if (problem) found[key] = problem;
    }
    return Object.keys(found).length > 0 ? found : null;
  }

  typed(app).get(
    '/:code/settings',
    {
      onRequest: admins,
      schema: {
        summary: 'The school\u2019s settings (its whole profile) with the version to send back when saving',
        description:
          'A school nobody has described yet answers its name alone with version 0; a save with version 0 stores its first profile.',
        tags: ['admin: school'],
        params: codeParams,
        response: { 200: schoolProfileRecordSchema, ...errors },
      },
    },
    async (request) => {
      const { code } = request.params;
      const record = await schoolProfileOrEmpty(db, code);
      if (!record) throw new HttpError(404, UNKNOWN_SCHOOL);
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
        description:
          'Only `profile.name` is required. 400 lists a message per field (`fields`): also a brand picture that is not this school\u2019s own file, not a PNG, WebP or JPEG, or (the crest) under 512 pixels, and a brand colour whose text falls under 4.5:1 (the message names the nearest shade that passes); 409 answers the settings as saved now (`current`) and changes nothing.',
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
      // The pictures are judged before the write (reading files inside a transaction would hold it).
      const before = await schoolProfileOrEmpty(db, code);
      if (!before) throw new HttpError(404, UNKNOWN_SCHOOL);
      const pictures = await pictureErrors(code, profile, before.profile);
      if (pictures)
        return reply.code(400).send({ error: `${SETTINGS_INVALID} ${Object.values(pictures)[0] ?? ''}`.trim(), fields: pictures });
      type Outcome = { conflict: SchoolProfileRecord } | { record: SchoolProfileRecord; changed: string[] };
      const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
        const current = await schoolProfileOrEmpty(trx, code);
        if (!current) throw new HttpError(404, UNKNOWN_SCHOOL);
        if (current.version !== version) return { conflict: current };
        const diff = changedFields(current.profile, profile);
        const changed = Object.keys(diff.after);
        if (changed.length === 0) return { record: current, changed };
        const result = await saveSchoolProfile(trx, code, profile, { expectedVersion: version });
        if (!result.ok) {
          if (result.reason === 'conflict') return { conflict: result.current };
          throw new HttpError(404, UNKNOWN_SCHOOL);
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
