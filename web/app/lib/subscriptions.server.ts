import { API_TIMEOUT_MS, FORM_POST_TIMEOUT_MS } from '@sthsm/contract/http';
import { emailSubscriptionSchema, type EmailSubscription } from '@sthsm/contract/subscriptions';
import { z } from 'zod';
import { parseRetryAfter } from './api.server';
import { env } from './env.server';

// The site's calls to the subscription API (/api/subscribe/{code}/…: docs/api.md), for the
// /subscribe, /subscribe/confirm and /subscribe/manage pages. Server-side only, with the same
// time-outs as every other call (api.server.ts). Every answer comes back as a small union the page
// turns into words: `ok` with its data, or the API's status and message (status 0: not reached).

/** What the school can do: send e-mail, and push to browsers with this VAPID public key. */
const optionsSchema = z.object({
  email: z.boolean(),
  push: z.object({ publicKey: z.string().regex(/^[A-Za-z0-9_-]+$/) }).nullable(),
});
export type SubscribeOptions = z.infer<typeof optionsSchema>;

const messageSchema = z.object({ message: z.string() });
/** A subscription as the API shows it to the holder of its link; `manageToken` when the answer carries one. */
const subscriptionAnswer = z.object({
  subscription: emailSubscriptionSchema,
  manageToken: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .optional(),
});
const errorAnswer = z.object({ error: z.string(), errors: z.record(z.string(), z.string()).optional() });

export type SubscriptionCall<T> =
  { ok: true; data: T } | { ok: false; status: number; error: string; errors: Record<string, string>; retryAfter?: number };

const UNREACHABLE = 'The school’s server could not be reached. Please try again in a few minutes.';
const FAILED = 'The school’s server had a problem. Please try again in a few minutes.';

export async function call<T>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  schema: z.ZodType<T>,
  options: { body?: unknown; clientIp?: string | undefined; timeoutMs?: number } = {},
): Promise<SubscriptionCall<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  // The visitor's address as api/src/site.ts resolved it, for the API's per-address rate limit (docs/decisions/0017).
  if (options.clientIp) headers['x-forwarded-for'] = options.clientIp;
  let response: Response;
  try {
    response = await fetch(`${env.apiUrl}${path}`, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? FORM_POST_TIMEOUT_MS),
    });
  } catch (error) {
    console.warn(`API ${path.split('?')[0]} failed: ${error instanceof Error ? error.name : 'error'}`);
    return { ok: false, status: 0, error: UNREACHABLE, errors: {} };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const parsed = schema.safeParse(body);
    if (parsed.success) return { ok: true, data: parsed.data };
    // The path without its query: a link's token never goes to the log.
    console.warn(`API ${path.split('?')[0]}: unexpected answer`);
    return { ok: false, status: 502, error: FAILED, errors: {} };
  }
  const failure = errorAnswer.safeParse(body);
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  return {
    ok: false,
    status: response.status,
    error: failure.success ? failure.data.error : FAILED,
    errors: failure.success ? (failure.data.errors ?? {}) : {},
    ...(retryAfter === undefined ? {} : { retryAfter }),
  };
}

/** The subscription API of one school. */
export function subscriptionApi(school: string) {
  const base = `/api/subscribe/${encodeURIComponent(school)}`;
  const withToken = (path: string, token: string) => `${base}${path}?token=${encodeURIComponent(token)}`;
  return {
    /** What the school can send; null when the API could not say (the page still offers the e-mail form). */
    options: async (): Promise<SubscribeOptions | null> => {
      const answer = await call('GET', base, optionsSchema, { timeoutMs: API_TIMEOUT_MS });
      return answer.ok ? answer.data : null;
    },
    subscribeByEmail: (body: EmailSubscription, clientIp: string | undefined) =>
      call('POST', `${base}/email`, messageSchema, { body, clientIp }),
    confirm: (token: string) => call('POST', `${base}/confirm`, subscriptionAnswer, { body: { token } }),
    manage: (token: string) => call('GET', withToken('/manage', token), subscriptionAnswer, { timeoutMs: API_TIMEOUT_MS }),
    saveChoices: (token: string, body: Pick<EmailSubscription, 'topics' | 'frequency'>) =>
      call('PUT', withToken('/manage', token), subscriptionAnswer, { body }),
    unsubscribe: (token: string) => call('POST', withToken('/unsubscribe', token), messageSchema),
  };
}
