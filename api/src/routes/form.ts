import type { FastifyPluginAsync } from 'fastify';
import { ALUMNI_FIELDS, HONEYPOT_FIELD, validateAlumniForm } from '@sthsm/contract';
import { z } from 'zod';
import { typed, requireSchool, type Deps } from './deps.ts';
import { insertAlumniSubmission, newId } from '../repositories/alumni.ts';
import { errorBody, notFound } from './schemas.ts';

export const FORM_BODY_LIMIT = 16 * 1024;
export const FORM_ERROR = 'Please correct the highlighted fields.';

// Documents the fields; the shared contract schema does the real validation (exact SPEC §5 messages).
const formBody = z
  .looseObject(Object.fromEntries(ALUMNI_FIELDS.map((field) => [field, z.unknown().optional()])))
  .describe('The alumni fields of SPEC §3, as JSON or application/x-www-form-urlencoded');

/**
 * Text that could not come back byte for byte: NUL (PostgreSQL refuses it) and lone UTF-16
 * surrogates (both engines would store U+FFFD instead). Rejected rather than silently changed.
 */
function unstorableFields(body: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of ALUMNI_FIELDS) {
    const value = body[field];
    if (typeof value === 'string' && (value.includes('\u0000') || !value.isWellFormed())) {
      errors[field] = 'This field contains characters that cannot be stored.';
    }
  }
  return errors;
}

export const formRoutes: FastifyPluginAsync<Deps> = async (app, { db, config }) => {
  typed(app).post(
    '/form/:code/:formType',
    {
      bodyLimit: FORM_BODY_LIMIT,
      config: { rateLimit: { max: config.formRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        summary: 'Submits the alumni registration form',
        tags: ['forms'],
        params: z.object({ code: z.string().min(1).max(64), formType: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
        body: formBody,
        response: { 201: z.object({ _id: z.string() }), 400: errorBody, ...notFound, 413: errorBody, 429: errorBody },
      },
    },
    async (req, reply) => {
      await requireSchool(db, req.params.code);
      const honeypot = req.body[HONEYPOT_FIELD];
      if (typeof honeypot === 'string' && honeypot.trim() !== '') {
        // A bot: look successful, store nothing.
        req.log.info('alumni form: honeypot filled, submission discarded');
        return reply.code(201).send({ _id: newId() });
      }
      const result = validateAlumniForm(req.body);
      const unstorable = unstorableFields(req.body);
      if (!result.ok || Object.keys(unstorable).length > 0) {
        return reply.code(400).send({ error: FORM_ERROR, errors: { ...unstorable, ...(result.ok ? {} : result.errors) } });
      }
      const _id = await insertAlumniSubmission(db, req.params.code, req.params.formType, result.data);
      return reply.code(201).send({ _id });
    },
  );
};
