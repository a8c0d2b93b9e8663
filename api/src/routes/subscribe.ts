import type { FastifyPluginAsync } from 'fastify';
import {
  EMAIL_FREQUENCIES,
  emailSubscriptionSchema,
  pushSubscriptionSchema,
  SUBSCRIPTION_TOPICS,
  subscriptionChoicesSchema,
  subscriptionTokenSchema,
  topicWords,
  type SubscriptionTopic,
} from '@sthsm/contract/subscriptions';
import { fieldErrors } from '@sthsm/contract/staff';
import { z } from 'zod';
import { HttpError } from '../errors.ts';
import { checkPushEndpoint, checkPushKeys, checkVapidSubject } from '../notify/push.ts';
import { manageToken, vapidKeys } from '../notify/secrets.ts';
import {
  confirmSubscription,
  deletePushSubscription,
  deleteSubscription,
  requestEmailSubscription,
  savePushSubscription,
  subscriptionByToken,
  topicsOf,
  updateSubscriptionChoices,
  type SubscriptionRow,
} from '../repositories/subscriptions.ts';
import { schoolProfileOrEmpty } from '../repositories/school-profiles.ts';
import { mailBrandOf } from '../staff/mail-brand.ts';
import { schoolOrigin } from '../staff/links.ts';
import type { Mailer } from '../staff/mail.ts';
import { newToken, tokenHash } from '../staff/secrets.ts';
import { requireSchool, typed, type Deps } from './deps.ts';
import { codeParams, errorBody, notFound } from './schemas.ts';

// Subscribing to a school's news (issue 34, docs/api.md "Subscriptions"): e-mail with double
// opt-in (the answer is the same whether the address was known, subscribed or new, so nobody learns
// who subscribes), a browser's push subscription, and the manage link every e-mail carries
// (choices, unsubscribe; its POST is also the one-click unsubscribe of RFC 8058). The site's
// /subscribe pages are this API's client; their form is checked with the same contract schema.

export const SUBSCRIBE_ACCEPTED = 'Check your inbox: we have sent a link to confirm your subscription.';
export const LINK_NOT_VALID = 'This link has expired or was already used. You can subscribe again on the Subscribe page.';
export const UNSUBSCRIBED = 'You are unsubscribed. You will get no more e-mail from the school.';
export const EMAIL_OFF = 'This school cannot send e-mail yet. Please try browser notifications, or ask the school office.';
export const PUSH_OFF = 'This school cannot send browser notifications yet.';
export const SUBSCRIBE_FORM_ERROR = 'Please correct the highlighted fields.';

const tokenQuery = z.object({ token: subscriptionTokenSchema });
const subscriptionBody = z.object({
  email: z.string(),
  topics: z.array(z.string()),
  frequency: z.string(),
});
const manageAnswer = z.object({ subscription: subscriptionBody });

const topicList = (topics: readonly string[]) =>
  SUBSCRIPTION_TOPICS.filter((t) => topics.includes(t.value))
    .map((t) => topicWords(t.value))
    .join(', ');
const frequencyWords = (frequency: string | null) => EMAIL_FREQUENCIES.find((f) => f.value === frequency)?.label.toLowerCase() ?? '';

const shown = (row: SubscriptionRow) => ({ email: row.email ?? '', topics: topicsOf(row), frequency: row.frequency ?? 'instant' });

/** The body of a form post or JSON with a topic list (a form sends one `topics` per box). */
function bodyOf(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
}

export const subscribeRoutes: FastifyPluginAsync<Deps & { mailer: Mailer; pushAddresses?: (address: string) => boolean }> = async (
  app,
  { db, config, now, mailer, pushAddresses },
) => {
  const limit = { rateLimit: { max: config.subscribeRateLimitPerMinute, timeWindow: '1 minute' } };
  const pushOn = checkVapidSubject(config.vapidSubject) === undefined;
  if (!pushOn) app.log.warn('browser notifications are off: set VAPID_SUBJECT (mailto: or https:) or MAIL_FROM to a real address');

  /** The school's manage link for a confirmed subscription (a fresh look-up of its key). */
  const manageUrl = async (code: string, id: string) =>
    `${await schoolOrigin(db, config, code)}/subscribe/manage?token=${await manageToken(db, id, now())}`;

  typed(app).get(
    '/subscribe/:code',
    {
      schema: {
        summary: "What a school's subscribers may choose: whether e-mail can be sent, and the push key",
        tags: ['subscriptions'],
        params: codeParams,
        response: { 200: z.object({ email: z.boolean(), push: z.object({ publicKey: z.string() }).nullable() }), ...notFound },
      },
    },
    async (req) => {
      await requireSchool(db, req.params.code);
      return { email: mailer.enabled, push: pushOn ? { publicKey: (await vapidKeys(db, now())).publicKey } : null };
    },
  );

  typed(app).post(
    '/subscribe/:code/email',
    {
      config: limit,
      schema: {
        summary: 'Asks to subscribe an e-mail address: a link to confirm is mailed (the answer is the same for any address)',
        tags: ['subscriptions'],
        params: codeParams,
        body: z.looseObject({}).describe('email, topics (one or more), frequency (instant, daily, weekly); JSON or a form post'),
        response: { 202: z.object({ message: z.string() }), 400: errorBody, ...notFound, 429: errorBody, 503: errorBody },
      },
    },
    async (req, reply) => {
      const { code } = req.params;
      await requireSchool(db, code);
      const parsed = emailSubscriptionSchema.safeParse(bodyOf(req.body));
      if (!parsed.success) return reply.code(400).send({ error: SUBSCRIBE_FORM_ERROR, errors: fieldErrors(parsed.error) });
      if (!mailer.enabled) throw new HttpError(503, EMAIL_OFF);
      const { email, topics, frequency } = parsed.data;
      const token = newToken();
      const outcome = await requestEmailSubscription(db, code, { email, topics, frequency, tokenHash: tokenHash(token) }, now());
      if (outcome !== 'none') {
        const origin = await schoolOrigin(db, config, code);
        const profile = await schoolProfileOrEmpty(db, code);
        const name = profile?.profile.name ?? code;
        const school = await mailBrandOf(db, code, origin);
        if (outcome === 'confirm') {
          void mailer.send({
            to: email,
            subject: `Confirm your subscription to ${name}`,
            text: [
              `Someone, we hope you, asked for this address to hear from ${name}: ${topicList(topics)}, ${frequencyWords(frequency)}.`,
              'To confirm, open this link within 48 hours and press "Confirm my subscription":',
              `${origin}/subscribe/confirm?token=${token}`,
              'If it was not you, ignore this e-mail: nothing more will be sent to you.',
            ].join('\n\n'),
            school,
          });
        } else {
          const row = await db
            .selectFrom('subscriptions')
            .select('id')
            .where('school_code', '=', code)
            .where('email', '=', email.toLowerCase())
            .executeTakeFirstOrThrow();
          void mailer.send({
            to: email,
            subject: `Your subscription to ${name}`,
            text: [
              `Someone, we hope you, asked for this address to hear from ${name}. It is subscribed already.`,
              'To change what you hear about, or to unsubscribe, open this link:',
              await manageUrl(code, row.id),
            ].join('\n\n'),
            school,
          });
        }
      }
      return reply.code(202).send({ message: SUBSCRIBE_ACCEPTED });
    },
  );

  typed(app).post(
    '/subscribe/:code/confirm',
    {
      config: limit,
      schema: {
        summary: 'Confirms an e-mail subscription with the mailed link',
        tags: ['subscriptions'],
        params: codeParams,
        body: z.looseObject({ token: z.unknown() }),
        response: {
          200: manageAnswer.extend({
            manageToken: z.string().describe("The subscription's manage link secret (/subscribe/manage?token=)"),
          }),
          ...notFound,
        },
      },
    },
    async (req) => {
      const { code } = req.params;
      await requireSchool(db, code);
      const token = subscriptionTokenSchema.safeParse(req.body.token);
      const row = token.success ? await subscriptionByToken(db, code, tokenHash(token.data), now()) : undefined;
      if (!row) throw new HttpError(404, LINK_NOT_VALID);
      const manage = await manageToken(db, row.id, now());
      if (row.status === 'pending') await confirmSubscription(db, row.id, tokenHash(manage), now());
      return { subscription: shown(row), manageToken: manage };
    },
  );

  const byManageLink = async (code: string, token: string) => {
    await requireSchool(db, code);
    const row = await subscriptionByToken(db, code, tokenHash(token), now());
    if (!row || row.status !== 'active') throw new HttpError(404, LINK_NOT_VALID);
    return row;
  };

  typed(app).get(
    '/subscribe/:code/manage',
    {
      schema: {
        summary: "An e-mail subscription's choices, by its manage link",
        tags: ['subscriptions'],
        params: codeParams,
        querystring: tokenQuery,
        response: { 200: manageAnswer, ...notFound },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { subscription: shown(await byManageLink(req.params.code, req.query.token)) };
    },
  );

  typed(app).put(
    '/subscribe/:code/manage',
    {
      config: limit,
      schema: {
        summary: "Changes an e-mail subscription's topics and frequency, by its manage link",
        tags: ['subscriptions'],
        params: codeParams,
        querystring: tokenQuery,
        body: z.looseObject({}).describe('topics (one or more), frequency'),
        response: { 200: manageAnswer, 400: errorBody, ...notFound },
      },
    },
    async (req, reply) => {
      const row = await byManageLink(req.params.code, req.query.token);
      const parsed = subscriptionChoicesSchema.safeParse(bodyOf(req.body));
      if (!parsed.success) return reply.code(400).send({ error: SUBSCRIBE_FORM_ERROR, errors: fieldErrors(parsed.error) });
      await updateSubscriptionChoices(db, row.id, parsed.data);
      return { subscription: { email: row.email ?? '', topics: parsed.data.topics, frequency: parsed.data.frequency } };
    },
  );

  typed(app).post(
    '/subscribe/:code/unsubscribe',
    {
      schema: {
        summary: 'Unsubscribes an e-mail address by its manage link (also the one-click List-Unsubscribe-Post target, RFC 8058)',
        tags: ['subscriptions'],
        params: codeParams,
        querystring: z.object({ token: z.string() }),
        response: { 200: z.object({ message: z.string() }), ...notFound },
      },
    },
    async (req) => {
      const { code } = req.params;
      await requireSchool(db, code);
      const token = subscriptionTokenSchema.safeParse(req.query.token);
      const row = token.success ? await subscriptionByToken(db, code, tokenHash(token.data), now()) : undefined;
      // The same answer for a link already used: a mail program may post twice.
      if (row) await deleteSubscription(db, row.id);
      return { message: UNSUBSCRIBED };
    },
  );

  typed(app).post(
    '/subscribe/:code/push',
    {
      config: limit,
      schema: {
        summary: "Saves this browser's push subscription (PushSubscription.toJSON()) and its topics",
        tags: ['subscriptions'],
        params: codeParams,
        body: z.looseObject({}).describe('endpoint, keys { p256dh, auth }, topics'),
        response: { 201: z.object({ topics: z.array(z.string()) }), 400: errorBody, ...notFound, 429: errorBody, 503: errorBody },
      },
    },
    async (req, reply) => {
      const { code } = req.params;
      await requireSchool(db, code);
      if (!pushOn) throw new HttpError(503, PUSH_OFF);
      const parsed = pushSubscriptionSchema.safeParse(bodyOf(req.body));
      if (!parsed.success) return reply.code(400).send({ error: SUBSCRIBE_FORM_ERROR, errors: fieldErrors(parsed.error) });
      const { endpoint, keys, topics } = parsed.data;
      const problem = checkPushEndpoint(endpoint, pushAddresses) ?? checkPushKeys(keys.p256dh, keys.auth);
      if (problem) return reply.code(400).send({ error: problem, errors: { endpoint: problem } });
      await savePushSubscription(
        db,
        code,
        { endpoint, p256dh: keys.p256dh, auth: keys.auth, topics: topics as SubscriptionTopic[] },
        now(),
      );
      return reply.code(201).send({ topics });
    },
  );

  typed(app).post(
    '/subscribe/:code/push/remove',
    {
      config: limit,
      schema: {
        summary: "Removes this browser's push subscription",
        tags: ['subscriptions'],
        params: codeParams,
        body: z.object({ endpoint: z.string().max(1000) }),
        response: { 200: z.object({ removed: z.literal(true) }), ...notFound },
      },
    },
    async (req) => {
      await requireSchool(db, req.params.code);
      await deletePushSubscription(db, req.params.code, req.body.endpoint);
      return { removed: true as const };
    },
  );
};
