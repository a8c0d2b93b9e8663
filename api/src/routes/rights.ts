import type { FastifyPluginAsync } from 'fastify';
import {
  confirmedRightsRequestSchema,
  rightsKindWords,
  rightsRequestSchema,
  rightsTokenSchema,
  RIGHTS_RESPONSE_DAYS,
} from '@sthsm/contract/rights-requests';
import { fieldErrors } from '@sthsm/contract/staff';
import { z } from 'zod';
import { HttpError } from '../errors.ts';
import { confirmRequest, createPendingRequest } from '../repositories/rights-requests.ts';
import { schoolProfileOrEmpty } from '../repositories/school-profiles.ts';
import { mailBrandOf } from '../staff/mail-brand.ts';
import { schoolOrigin } from '../staff/links.ts';
import type { Mailer } from '../staff/mail.ts';
import { newToken, tokenHash } from '../staff/secrets.ts';
import { requireSchool, typed, type Deps } from './deps.ts';
import { codeParams, errorBody, notFound } from './schemas.ts';

// A person's request about their personal data (issue 37, docs/api.md "Requests about personal
// data", docs/decisions/0150): the public form at /privacy/request posts here; a link is mailed to
// the address given, and only following it puts the request in the school's queue. The answer is the
// same whatever the address, so nobody learns who has asked before. The site's page is this API's
// client; its form is checked with the same contract schema.

export const RIGHTS_ACCEPTED = 'Check your e-mail: we have sent a link to confirm your request.';
export const RIGHTS_LINK_NOT_VALID =
  'This link is not valid: it has expired, was already used, or is not complete. Nothing was changed. You can send your request again.';
export const RIGHTS_FORM_ERROR = 'Please correct the highlighted fields.';
export const RIGHTS_EMAIL_OFF = 'This school cannot send e-mail yet, so it cannot confirm a request here. Please ask the school office.';

/** A date as the e-mail says it, in the school's time zone: "27 December 2026". */
export const dayInWords = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(new Date(iso));

function bodyOf(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
}

export const rightsRoutes: FastifyPluginAsync<Deps & { mailer: Mailer }> = async (app, { db, config, now, mailer }) => {
  const limit = { rateLimit: { max: config.subscribeRateLimitPerMinute, timeWindow: '1 minute' } };

  typed(app).post(
    '/rights/:code',
    {
      config: limit,
      schema: {
        summary: 'A person asks for access to, correction or erasure of their (or their child’s) data: a link to confirm is mailed',
        tags: ['rights requests'],
        params: codeParams,
        body: z.looseObject({}).describe('kind, about, childName, childClass, name, email, phone, correction; JSON or a form post'),
        response: { 202: z.object({ message: z.string() }), 400: errorBody, ...notFound, 429: errorBody, 503: errorBody },
      },
    },
    async (req, reply) => {
      const { code } = req.params;
      await requireSchool(db, code);
      const parsed = rightsRequestSchema.safeParse(bodyOf(req.body));
      if (!parsed.success) return reply.code(400).send({ error: RIGHTS_FORM_ERROR, errors: fieldErrors(parsed.error) });
      if (!mailer.enabled) throw new HttpError(503, RIGHTS_EMAIL_OFF);
      const token = newToken();
      const stored = await createPendingRequest(db, code, parsed.data, tokenHash(token), now());
      if (stored) {
        const origin = await schoolOrigin(db, config, code);
        const profile = await schoolProfileOrEmpty(db, code);
        const name = profile?.profile.name ?? code;
        void mailer.send({
          to: parsed.data.email,
          subject: `Confirm your request to ${name}`,
          text: [
            `Someone, we hope you, asked ${name} for ${rightsKindWords(parsed.data.kind)}${parsed.data.about === 'child' ? ' about their child' : ''}, giving this e-mail address.`,
            `To confirm it, open this link within 48 hours and press "Confirm my request". The school answers within ${RIGHTS_RESPONSE_DAYS} days of your confirmation:`,
            `${origin}/privacy/request/confirm?token=${token}`,
            'If it was not you, ignore this e-mail: the request is deleted when the link ends.',
          ].join('\n\n'),
          school: await mailBrandOf(db, code, origin),
        });
      }
      return reply.code(202).send({ message: RIGHTS_ACCEPTED });
    },
  );

  typed(app).post(
    '/rights/:code/confirm',
    {
      config: limit,
      schema: {
        summary: 'Confirms a request with its mailed link: it enters the school’s queue, due 30 days later',
        tags: ['rights requests'],
        params: codeParams,
        body: z.looseObject({ token: z.unknown() }),
        response: { 200: z.object({ request: confirmedRightsRequestSchema }), ...notFound },
      },
    },
    async (req, reply) => {
      const { code } = req.params;
      await requireSchool(db, code);
      reply.header('cache-control', 'no-store');
      const token = rightsTokenSchema.safeParse(req.body.token);
      const row = token.success ? await confirmRequest(db, code, tokenHash(token.data), now()) : undefined;
      if (!row?.due_at) throw new HttpError(404, RIGHTS_LINK_NOT_VALID);
      return { request: { kind: row.kind, about: row.about, dueAt: row.due_at } };
    },
  );
};
