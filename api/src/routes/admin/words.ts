import type { FastifyPluginAsync } from 'fastify';
import { LANGUAGES, SITE_LANGUAGES, type Locale } from '@sthsm/contract/languages';
import { correctionProblem } from '@sthsm/contract/message-check';
import { isMessageKey } from '@sthsm/contract/messages';
import { z } from 'zod';
import { contentChanged } from '../../cache.ts';
import { bumpContentVersion } from '../../content/state.ts';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../errors.ts';
import { schoolProfileOrEmpty } from '../../repositories/school-profiles.ts';
import { listCorrections, saveCorrection } from '../../repositories/site-words.ts';
import { recordAudit } from '../../staff/audit.ts';
import { ADMINS, guard, staffOf } from '../../staff/guard.ts';
import { typed } from '../deps.ts';
import { errorBody } from '../schemas.ts';
import { requestAudit } from './audit-entry.ts';
import type { AdminDeps } from './index.ts';
import { codeParams, errors } from './schemas.ts';

// "Words on the site" (docs/decisions/0155): a school's administrators correct any message of the
// public site in English or a language the school offers. Each text is checked with the contract's
// rule (message-check.ts) — a key of the English catalogue, valid ICU, the English message's
// {names} and <tags>, 1 to 1,000 characters — and a save is all or nothing: audited, the school's
// content counter bumped in the same transaction, its cached answers and pages dropped at once.

const LOCALES = ['en', ...SITE_LANGUAGES] as const;
export const UNKNOWN_SCHOOL = 'This school does not exist.';
export const WORDS_INVALID = 'Some wording needs attention. Nothing was saved.';
/** At most this many messages in one save (the English catalogue has fewer). */
const MAX_WORDS_PER_SAVE = 1000;

const localeParams = codeParams.extend({
  locale: z.enum(LOCALES, { error: 'No such language.' }).describe('en, or a language of the site (hi, bn…)'),
});

const correction = z.object({
  key: z.string(),
  text: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable().describe('The staff member who saved it (their id)'),
});
const listAnswer = z.object({
  locale: z.string(),
  offered: z.boolean().describe('Whether the school offers this language now (English always)'),
  words: z.array(correction),
});
const saveBody = z.object({
  words: z
    .record(z.string().max(200), z.string().nullable())
    .refine((w) => Object.keys(w).length <= MAX_WORDS_PER_SAVE, { error: `Save at most ${MAX_WORDS_PER_SAVE} messages at once.` })
    .describe('Message key → the school\u2019s wording, or null to go back to the standard wording'),
});
const invalid = errorBody.extend({
  errors: z.record(z.string(), z.string()).describe('Message per message key'),
});

/** Whether the school offers `locale` on its site (English always). */
async function offers(db: Db, code: string, locale: Locale): Promise<boolean> {
  if (locale === 'en') return true;
  const record = await schoolProfileOrEmpty(db, code);
  if (!record) throw new HttpError(404, UNKNOWN_SCHOOL);
  return record.profile.languages?.includes(locale) ?? false;
}

export const wordRoutes: FastifyPluginAsync<AdminDeps> = async (app, deps) => {
  const { db, now } = deps;
  const admins = guard(deps, { kind: 'school', roles: ADMINS });
  const audit = requestAudit(now);

  typed(app).get(
    '/:code/words/:locale',
    {
      onRequest: admins,
      schema: {
        summary: 'The school\u2019s corrections of the public site\u2019s words in one language',
        tags: ['admin: school'],
        params: localeParams,
        response: { 200: listAnswer, ...errors },
      },
    },
    async (request) => {
      const { code, locale } = request.params;
      const offered = await offers(db, code, locale);
      return { locale, offered, words: await listCorrections(db, code, locale) };
    },
  );

  typed(app).put(
    '/:code/words/:locale',
    {
      onRequest: admins,
      schema: {
        summary: 'Sets or clears (null) the school\u2019s wording of one or several messages of the public site, all or nothing',
        description:
          'Each text must be valid ICU MessageFormat of 1 to 1,000 characters with exactly the English message\u2019s {arguments} and <tags>; `400` names what is wrong per key (`errors`) and saves nothing. The language must be English or one the school offers.',
        tags: ['admin: school'],
        params: localeParams,
        body: saveBody,
        response: { 200: listAnswer.extend({ changed: z.array(z.string()) }), ...errors, 400: invalid },
      },
    },
    async (request, reply) => {
      const { code, locale } = request.params;
      const { words } = request.body;
      if (!(await offers(db, code, locale))) {
        const error = `The site is not offered in ${LANGUAGES[locale].english}: choose it under Settings first.`;
        return reply.code(400).send({ error, errors: {} });
      }
      const found: Record<string, string> = {};
      for (const [key, text] of Object.entries(words)) {
        const problem = text === null ? (isMessageKey(key) ? null : 'There is no such message on the site.') : correctionProblem(key, text);
        if (problem) found[key] = problem;
      }
      const keys = Object.keys(found);
      if (keys.length > 0) {
        const error = keys.length === 1 ? `${WORDS_INVALID} ${found[keys[0]!]}` : WORDS_INVALID;
        return reply.code(400).send({ error, errors: found });
      }
      const { user } = staffOf(request);
      const at = now();
      const changed = await db.transaction().execute(async (trx) => {
        const before: Record<string, string | null> = {};
        const after: Record<string, string | null> = {};
        for (const [key, text] of Object.entries(words)) {
          const was = await saveCorrection(trx as Db, code, locale, key, text, { id: user.id, at });
          if (was === text) continue;
          before[key] = was;
          after[key] = text;
        }
        const keysChanged = Object.keys(after);
        if (keysChanged.length === 0) return keysChanged;
        const n = keysChanged.length;
        await recordAudit(
          trx as Db,
          audit(request, 'words.updated', {
            target: `Words on the site, ${LANGUAGES[locale].english} (${n} ${n === 1 ? 'message' : 'messages'})`,
            before,
            after,
          }),
        );
        // Every process's caches see the school's counter move (docs/decisions/0061).
        await bumpContentVersion(trx as Db, code, at);
        return keysChanged;
      });
      // Committed: this school's cached answers and pages go now (other schools' stay).
      if (changed.length > 0) contentChanged(code);
      return { locale, offered: true, words: await listCorrections(db, code, locale), changed };
    },
  );
};
