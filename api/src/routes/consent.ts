import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  CONSENT_PURPOSE_LABELS,
  CONSENT_PURPOSE_WORDS,
  firstNameOf,
  guardianAnswerBody,
  guardianConsentViewSchema,
  guardianWithdrawBody,
  type ConsentPurpose,
  type GuardianConsentView,
} from '@sthsm/contract/children';
import { fieldErrors } from '@sthsm/contract/staff';
import { contentChanged } from '../cache.ts';
import { bumpContentVersion } from '../content/state.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../errors.ts';
import { restoreVisibleVariants } from '../media/consent-variants.ts';
import { withdrawChildConsent } from '../privacy/consent-withdrawal.ts';
import { consentsOf, findChild, recordConsent, type ChildRow } from '../repositories/children.ts';
import { markConsentRequestConfirmed, purposesOf, usableConsentRequest, type ConsentRequestRow } from '../repositories/consent-requests.ts';
import { photosOfChild } from '../repositories/media-children.ts';
import { schoolProfileOrEmpty } from '../repositories/school-profiles.ts';
import { todayIn } from '../school-day.ts';
import { recordAudit } from '../staff/audit.ts';
import { tokenHash } from '../staff/secrets.ts';
import { requireSchool, typed, type Deps } from './deps.ts';
import { codeParams, errorBody, notFound } from './schemas.ts';

// The guardian's side of verifiable consent (issue 37; DPDP Act s.9, Rules 2025 r.10;
// docs/decisions/0151): the link e-mailed by the school opens the site's /consent/{token} page,
// this API's client. Within 14 days the guardian answers yes or no per purpose (consent recorded as
// confirmed by the guardian); afterwards the same link shows what is in effect and withdraws any
// purpose with one button, through the staff withdrawal's own path (the content counter is bumped,
// so cached pages drop the child at once). A forged, unknown, expired or superseded link gets one
// answer, 404, and changes nothing. The audit log names the child by its random id and the
// purposes only (decision 0110).

export const CONSENT_LINK_NOT_VALID =
  'This link is not valid any more: it may have expired, or the school may have sent a newer one. Nothing was changed. Please ask the school for a new link.';
export const ANSWERED_ALREADY = 'You have answered already. This page shows what is in effect now; you can withdraw consent below.';
export const CONSENT_FORM_ERROR = 'Please answer yes or no for each purpose. Nothing was saved.';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const params = codeParams.extend({ token: z.string().max(200).describe('The secret of the e-mailed link') });

const viewAnswer = z.object({ consent: guardianConsentViewSchema, message: z.string().optional() });

function bodyOf(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
}

export const consentRoutes: FastifyPluginAsync<Deps> = async (app, deps) => {
  const { db, config, now } = deps;
  const limit = { rateLimit: { max: config.subscribeRateLimitPerMinute, timeWindow: '1 minute' } };

  /** The request and child of a link that still works; the same 404 for every other link. */
  async function byLink(code: string, token: string): Promise<{ request: ConsentRequestRow; child: ChildRow }> {
    await requireSchool(db, code);
    const request = TOKEN.test(token) ? await usableConsentRequest(db, code, tokenHash(token), now()) : undefined;
    const child = request ? await findChild(db, code, request.child_id) : undefined;
    if (!request || !child) throw new HttpError(404, CONSENT_LINK_NOT_VALID);
    return { request, child };
  }

  async function view(code: string, request: ConsentRequestRow, child: ChildRow): Promise<GuardianConsentView> {
    const at = now().toISOString();
    const consents = await consentsOf(db, code, [child._id]);
    const school = (await schoolProfileOrEmpty(db, code))?.profile.name ?? code;
    return {
      school,
      childFirstName: firstNameOf(child.name),
      childClass: child.class,
      guardianName: request.guardian_name,
      status: request.status === 'confirmed' ? 'confirmed' : 'pending',
      endsOn: request.ends_on,
      confirmBy: request.confirm_by,
      purposes: purposesOf(request).map((purpose) => {
        const c = consents.find((row) => row.purpose === purpose);
        const state = !c ? 'not-given' : c.withdrawn_at ? 'withdrawn' : c.ends_at > at ? 'given' : 'ended';
        return {
          purpose,
          label: CONSENT_PURPOSE_LABELS[purpose],
          words: CONSENT_PURPOSE_WORDS[purpose],
          state,
          endsOn: c?.ends_on ?? null,
        };
      }),
    };
  }

  typed(app).get(
    '/consent/:code/:token',
    {
      schema: {
        summary: "A guardian's consent link: the school, the child's first name and class, and each purpose asked with its state",
        tags: ['consent'],
        params,
        response: { 200: viewAnswer, ...notFound },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { request, child } = await byLink(req.params.code, req.params.token);
      return { consent: await view(req.params.code, request, child) };
    },
  );

  typed(app).post(
    '/consent/:code/:token',
    {
      config: limit,
      schema: {
        summary: "The guardian's answer: yes or no for each purpose asked; yes is recorded as consent confirmed by the guardian",
        tags: ['consent'],
        params,
        body: z.looseObject({}).describe('One field per purpose asked (birthday, results, photos): yes or no; JSON or a form post'),
        response: {
          200: viewAnswer,
          400: errorBody.extend({ errors: z.record(z.string(), z.string()).optional() }),
          ...notFound,
          409: errorBody,
          429: errorBody,
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { code } = req.params;
      const { request, child } = await byLink(code, req.params.token);
      if (request.status !== 'pending') throw new HttpError(409, ANSWERED_ALREADY);
      const asked = purposesOf(request);
      const parsed = guardianAnswerBody(asked).safeParse(bodyOf(req.body));
      if (!parsed.success) return reply.code(400).send({ error: CONSENT_FORM_ERROR, errors: fieldErrors(parsed.error) });
      const answers = parsed.data as Record<ConsentPurpose, 'yes' | 'no'>;
      const given = asked.filter((p) => answers[p] === 'yes');
      const declined = asked.filter((p) => answers[p] === 'no');
      const at = now();
      const confirmed = await db.transaction().execute(async (trx) => {
        // Once: a second press (or a second tab) finds the request answered and changes nothing.
        if (!(await markConsentRequestConfirmed(trx as Db, request.id, at.toISOString()))) return false;
        for (const purpose of given) {
          await recordConsent(trx as Db, {
            child_id: child._id,
            purpose,
            school_code: code,
            given_on: todayIn(config.timeZone, at),
            ends_on: request.ends_on,
            ends_at: request.ends_at,
            recorded_by: null,
            recorded_by_email: null,
            recorded_at: at.toISOString(),
            verified_by: 'guardian',
            guardian_email: request.guardian_email,
            confirmed_at: at.toISOString(),
          });
        }
        await recordAudit(trx as Db, {
          action: 'consent.confirmed_by_guardian',
          school: code,
          target: child._id,
          after: { purposes: given, declined },
          at,
        });
        // Consent given may bring back what shows the child (like a staff member's recording).
        if (given.length > 0) await bumpContentVersion(trx as Db, code, at);
        return true;
      });
      if (!confirmed) throw new HttpError(409, ANSWERED_ALREADY);
      if (given.length > 0) contentChanged(code);
      if (given.includes('photos')) await restoreVisibleVariants(db, config, await photosOfChild(db, code, child._id), at);
      const after = { ...request, status: 'confirmed', confirmed_at: at.toISOString() };
      const message =
        given.length > 0 ? 'Thank you. Your answer is recorded.' : 'Thank you. Your answer is recorded: nothing will be shown.';
      return { consent: await view(code, after, child), message };
    },
  );

  typed(app).post(
    '/consent/:code/:token/withdraw',
    {
      config: limit,
      schema: {
        summary:
          'Withdraws the consent for one purpose through the guardian\u2019s link: it takes effect at once, like a withdrawal by the school',
        tags: ['consent'],
        params,
        body: z.looseObject({}).describe('purpose: birthday, results or photos (one of those the link asked about)'),
        response: { 200: viewAnswer, 400: errorBody, ...notFound, 429: errorBody },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { code } = req.params;
      const { request, child } = await byLink(code, req.params.token);
      const parsed = guardianWithdrawBody.safeParse(bodyOf(req.body));
      if (!parsed.success || !purposesOf(request).includes(parsed.data.purpose)) {
        return reply.code(400).send({ error: 'Choose what to withdraw consent for.' });
      }
      const { purpose } = parsed.data;
      const withdrawn = await withdrawChildConsent(deps, {
        code,
        childId: child._id,
        purposes: [purpose],
        at: now(),
        by: { kind: 'guardian', email: null },
        audit: (trx, done, photos) =>
          recordAudit(trx, {
            action: 'consent.withdrawn_by_guardian',
            school: code,
            target: child._id,
            after: done.includes('photos') && photos > 0 ? { purposes: done, photos } : { purposes: done },
            at: now(),
          }),
      });
      const message =
        withdrawn.length > 0
          ? `Consent withdrawn: ${CONSENT_PURPOSE_LABELS[purpose].toLowerCase()}. It has taken effect now.`
          : 'There was no consent in effect to withdraw.';
      return { consent: await view(code, request, child), message };
    },
  );
};
