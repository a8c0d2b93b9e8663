import {
  albumSchema,
  birthdaySchema,
  errorBodySchema,
  highlightSchema,
  newsItemSchema,
  notificationSchema,
  principalMessageSchema,
  schoolEventSchema,
  subGallerySchema,
  topperSchema,
  videoSchema,
} from '@sthsm/contract';
import { localeOfPath, type Locale } from '@sthsm/contract/languages';
import { API_TIMEOUT_MS, FORM_POST_TIMEOUT_MS } from '@sthsm/contract/http';
import { searchAnswerSchema, type SearchAnswer, type SearchQuery } from '@sthsm/contract/search';
import { z } from 'zod';
import { env } from './env.server';

/**
 * The one client for the school-data API (CONTRACT.md). Server-side only. API_URL is the origin of
 * any server that speaks the contract (default: the built-in API on this process's port). Every
 * call has a short time-out, and every answer is parsed with the contract's schema: a failed, slow
 * or malformed answer becomes `null`, and pages show SPEC §8's placeholders instead of failing
 * (docs/decisions/0027).
 */

/**
 * GET `path` and parse the JSON answer with `schema`; null when that fails, with a log line saying
 * why (`quietWhenMissing`: a 404 is expected, as for the school endpoints of a server without them).
 */
export async function getParsed<T>(path: string, schema: z.ZodType<T>, options: { quietWhenMissing?: boolean } = {}): Promise<T | null> {
  return (await getAnswer(path, schema, options)).data;
}

/** As getParsed, also telling a 404 (`missing`: the API says there is no such thing) from a failure. */
export async function getAnswer<T>(
  path: string,
  schema: z.ZodType<T>,
  options: { quietWhenMissing?: boolean } = {},
): Promise<{ data: T | null; missing: boolean }> {
  try {
    const response = await fetch(`${env.apiUrl}${path}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    if (!response.ok) {
      if (!(options.quietWhenMissing && response.status === 404)) console.warn(`API ${path} answered ${response.status}`);
      return { data: null, missing: response.status === 404 };
    }
    const parsed = schema.safeParse(await response.json());
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      console.warn(`API ${path}: unexpected answer at ${issue?.path.join('.') || 'the top'} (${issue?.message ?? 'invalid'})`);
      return { data: null, missing: false };
    }
    return { data: parsed.data, missing: false };
  } catch (error) {
    console.warn(`API ${path} failed: ${error instanceof Error ? error.name : 'error'}`);
    return { data: null, missing: false };
  }
}

/** The language of the page a request is for: the address's prefix (/hi/news: Hindi). */
export const requestLocale = (request: Request): Locale => localeOfPath(new URL(request.url).pathname);

/**
 * `?lang=` for a page in another language (docs/api.md "Languages"): the items the school translated
 * come in it, marked with `lang`; a server without translations ignores it and answers in English.
 */
const langQuery = (locale: Locale) => (locale === 'en' ? '' : `lang=${locale}`);

/** The contract's lists of one school, with the text of items translated into `locale` where there is one. */
export function schoolApi(school: string, locale: Locale = 'en') {
  const code = encodeURIComponent(school);
  const query = langQuery(locale);
  const list = <T>(path: string, item: z.ZodType<T>) => getParsed(`/api/${path}/${code}${query ? `?${query}` : ''}`, z.array(item));
  return {
    news: () => list('news', newsItemSchema),
    highlights: () => list('highlight', highlightSchema),
    toppers: () => list('topper', topperSchema),
    principalMessages: () => list('PrincipalMessage', principalMessageSchema),
    upcomingEvents: () => list('events', schoolEventSchema),
    allEvents: () => list('events/All', schoolEventSchema),
    birthdays: () => list('birthdays', birthdaySchema),
    notifications: () => list('notification', notificationSchema),
    gallery: () => list('gallery', albumSchema),
    allGallery: () => list('gallery/all', albumSchema),
    videos: () => list('video/all', videoSchema),
  };
}

/** One album (album ids are unique across schools). */
export function getSubGallery(id: string, locale: Locale = 'en') {
  const query = langQuery(locale);
  return getParsed(`/api/subGallery?id=${encodeURIComponent(id)}${query ? `&${query}` : ''}`, subGallerySchema);
}

/**
 * What the search API made of a query: its answer, its refusal (400: empty or too long; 429: too many
 * searches from the visitor's address, with the API's message), or nothing (failed).
 */
export type SearchOutcome =
  | { status: 'answered'; answer: SearchAnswer }
  | { status: 'refused'; message: string }
  | { status: 'limited'; message: string }
  | { status: 'failed' };

/**
 * GET /api/search/{code}?q=&page=&lang=. `clientIp` is the visitor's address as api/src/site.ts
 * resolved it, for the API's per-address limit. Log lines name the school, never what was searched for.
 */
export async function searchSite(school: string, query: SearchQuery, clientIp?: string): Promise<SearchOutcome> {
  const path = `/api/search/${encodeURIComponent(school)}`;
  const params = new URLSearchParams({ q: query.q, page: String(query.page), lang: query.lang });
  try {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (clientIp) headers['x-forwarded-for'] = clientIp;
    const response = await fetch(`${env.apiUrl}${path}?${params}`, { headers, signal: AbortSignal.timeout(API_TIMEOUT_MS) });
    const body: unknown = await response.json().catch(() => null);
    if (response.status === 400 || response.status === 429) {
      const refusal = errorBodySchema.safeParse(body);
      if (refusal.success)
        return response.status === 400
          ? { status: 'refused', message: refusal.data.error }
          : { status: 'limited', message: refusal.data.error };
    }
    const answer = response.ok ? searchAnswerSchema.safeParse(body) : null;
    if (answer?.success) return { status: 'answered', answer: answer.data };
    console.warn(`API ${path} answered ${response.status}${answer ? ' (unexpected answer)' : ''}`);
  } catch (error) {
    console.warn(`API ${path} failed: ${error instanceof Error ? error.name : 'error'}`);
  }
  return { status: 'failed' };
}

/**
 * The byte size of a file of the image endpoint (for "PDF, 120 KB" hints), asked with HEAD under
 * the API time-out; null when the answer is missing, failed or has no size.
 */
export async function fileSize(ref: string): Promise<number | null> {
  const path = ref.split('/').map(encodeURIComponent).join('/');
  try {
    const response = await fetch(`${env.apiUrl}/api/image/${path}`, { method: 'HEAD', signal: AbortSignal.timeout(API_TIMEOUT_MS) });
    const length = Number(response.headers.get('content-length'));
    return response.ok && length > 0 ? length : null;
  } catch {
    return null;
  }
}

export type FormPostResult =
  { ok: true; id: string } | { ok: false; status: number; error: string; errors: Record<string, string>; retryAfter?: number };

/** Retry-After as whole seconds (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

const formAnswer = z.union([z.object({ _id: z.string().min(1) }), errorBodySchema]);

/**
 * POST /api/form/{code}/{formType}; network failures come back as status 0. `clientIp` is the
 * visitor's address as api/src/site.ts resolved it, for the API's per-address rate limit.
 */
export async function postForm(school: string, formType: string, body: Record<string, string>, clientIp?: string): Promise<FormPostResult> {
  try {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (clientIp) headers['x-forwarded-for'] = clientIp;
    const response = await fetch(`${env.apiUrl}/api/form/${encodeURIComponent(school)}/${encodeURIComponent(formType)}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(FORM_POST_TIMEOUT_MS),
    });
    const parsed = formAnswer.safeParse(await response.json().catch(() => null));
    const answer = parsed.success ? parsed.data : { error: 'The form could not be sent.' };
    if (response.ok && '_id' in answer) return { ok: true, id: answer._id };
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
    return {
      ok: false,
      status: response.status,
      error: 'error' in answer ? answer.error : 'The form could not be sent.',
      errors: 'errors' in answer ? (answer.errors ?? {}) : {},
      ...(retryAfter === undefined ? {} : { retryAfter }),
    };
  } catch {
    return { ok: false, status: 0, error: 'The school server could not be reached.', errors: {} };
  }
}
