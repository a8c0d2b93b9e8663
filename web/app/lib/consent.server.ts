import { API_TIMEOUT_MS, FORM_POST_TIMEOUT_MS } from '@sthsm/contract/http';
import { guardianConsentViewSchema, type GuardianConsentView } from '@sthsm/contract/children';
import { z } from 'zod';
import { env } from './env.server';

// The site's calls to the guardian consent API (/api/consent/{code}/{token}: docs/api.md), for the
// /consent/{token} page. Server-side only. The link's token is a secret: it never goes to the log.

const viewSchema = z.object({ consent: guardianConsentViewSchema, message: z.string().optional() });
const errorAnswer = z.object({ error: z.string(), errors: z.record(z.string(), z.string()).optional() });

export type ConsentCall =
  | { ok: true; consent: GuardianConsentView; message: string }
  | { ok: false; status: number; error: string; errors: Record<string, string> };

const UNREACHABLE = 'The school’s server could not be reached. Please try again in a few minutes.';
const FAILED = 'The school’s server had a problem. Please try again in a few minutes.';

async function call(method: 'GET' | 'POST', path: string, body?: unknown, clientIp?: string): Promise<ConsentCall> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (clientIp) headers['x-forwarded-for'] = clientIp;
  let response: Response;
  try {
    response = await fetch(`${env.apiUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(method === 'GET' ? API_TIMEOUT_MS : FORM_POST_TIMEOUT_MS),
    });
  } catch (error) {
    console.warn(`API /api/consent/… failed: ${error instanceof Error ? error.name : 'error'}`);
    return { ok: false, status: 0, error: UNREACHABLE, errors: {} };
  }
  const answer: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const parsed = viewSchema.safeParse(answer);
    if (parsed.success) return { ok: true, consent: parsed.data.consent, message: parsed.data.message ?? '' };
    console.warn('API /api/consent/…: unexpected answer');
    return { ok: false, status: 502, error: FAILED, errors: {} };
  }
  const failure = errorAnswer.safeParse(answer);
  return {
    ok: false,
    status: response.status,
    error: failure.success ? failure.data.error : FAILED,
    errors: failure.success ? (failure.data.errors ?? {}) : {},
  };
}

/** The consent API of one school and one link. */
export function consentApi(school: string, token: string, clientIp?: string) {
  const base = `/api/consent/${encodeURIComponent(school)}/${encodeURIComponent(token)}`;
  return {
    view: () => call('GET', base),
    answer: (answers: Record<string, string>) => call('POST', base, answers, clientIp),
    withdraw: (purpose: string) => call('POST', `${base}/withdraw`, { purpose }, clientIp),
  };
}
