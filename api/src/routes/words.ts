import type { FastifyPluginAsync } from 'fastify';
import { SITE_LANGUAGES } from '@sthsm/contract/languages';
import { correctionsAnswerSchema } from '@sthsm/contract/message-check';
import { z } from 'zod';
import { listCorrections } from '../repositories/site-words.ts';
import { requireSchool, typed, type Deps } from './deps.ts';
import { codeParams, notFound } from './schemas.ts';

// A school's corrections of the public site's words in one language (docs/decisions/0155): what
// the site lays over its catalogue on every page. Cached like every public answer (the school is
// the path's last segment), and dropped when an administrator saves one (the school's content counter).

export const wordRoutes: FastifyPluginAsync<Deps> = async (app, { db }) => {
  typed(app).get(
    '/words/:locale/:code',
    {
      schema: {
        summary: "The school's own wording of the site's messages in one language (key → text); {} when it has none",
        tags: ['content'],
        params: codeParams.extend({ locale: z.enum(['en', ...SITE_LANGUAGES], { error: 'No such language.' }) }),
        response: { 200: correctionsAnswerSchema, 400: notFound[404], ...notFound },
      },
    },
    async (req) => {
      const { code, locale } = req.params;
      await requireSchool(db, code);
      const rows = await listCorrections(db, code, locale);
      return { locale, words: Object.fromEntries(rows.map((r) => [r.key, r.text])) };
    },
  );
};
