import { ALUMNI_FIELDS, ALUMNI_SUCCESS_MESSAGE, HONEYPOT_FIELD, type AlumniField, type AlumniFieldErrors } from '@sthsm/contract';
import type { Translate } from '../../i18n/i18n';

// What the alumni route's action answers, and how an API result becomes a visitor's message.
// Pure: shared by the server action, the browser component and the unit tests.

/** The form's fields as typed (untrimmed), so that nothing a visitor typed is ever lost. */
export type AlumniValues = Record<AlumniField, string>;

export type AlumniActionData =
  | { status: 'success'; id: string; message: string }
  | { status: 'invalid'; values: AlumniValues; errors: AlumniFieldErrors; message: string | null }
  | { status: 'failed'; values: AlumniValues; errors: AlumniFieldErrors; message: string };

/** The API client's answer (web/app/lib/api.server.ts `FormPostResult`), restated so browser code need not import a server module. */
export type PostResult =
  { ok: true; id: string } | { ok: false; status: number; error: string; errors: Record<string, string>; retryAfter?: number };

export const EMPTY_VALUES: AlumniValues = Object.fromEntries(ALUMNI_FIELDS.map((f) => [f, ''])) as AlumniValues;

/**
 * Reads every alumni field from a form submission; missing or non-text entries become ''.
 * Line breaks become \n: a browser posting without JavaScript sends a textarea's as \r\n.
 */
export function readValues(formData: FormData): AlumniValues {
  const values = { ...EMPTY_VALUES };
  for (const field of ALUMNI_FIELDS) {
    const value = formData.get(field);
    values[field] = typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : '';
  }
  return values;
}

export function readHoneypot(formData: FormData): string {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === 'string' ? value : '';
}

export const MESSAGES = {
  unreachable:
    'We could not reach the school’s server, so your form was not sent. Everything you typed is still here: please try again in a few minutes.',
  serverError:
    'The school’s server had a problem, so your form was not sent. Everything you typed is still here: please try again in a few minutes.',
  tooLarge: 'Your form is too long to send. Please shorten the longer answers, such as the addresses, and try again.',
  notAvailable: 'The alumni form is not accepting registrations right now. Everything you typed is still here: please try again later.',
  invalid: 'Please correct the highlighted fields.',
} as const;

export function rateLimitMessage(retryAfter?: number, t?: Translate): string {
  if (t) {
    if (retryAfter === undefined || !Number.isFinite(retryAfter)) return t('forms.alumni.rateLimitMinute');
    const count = Math.max(1, Math.ceil(retryAfter));
    return t('forms.alumni.rateLimitSeconds', { count, seconds: String(count) });
  }
  const wait =
    retryAfter === undefined || !Number.isFinite(retryAfter)
      ? 'in a minute'
      : `in ${Math.max(1, Math.ceil(retryAfter))} second${Math.ceil(retryAfter) <= 1 ? '' : 's'}`;
  return `Too many forms have been sent from your connection in a short time. Everything you typed is still here: please try again ${wait}.`;
}

/** Keeps only errors for fields this form has; the API may report others. */
function knownErrors(errors: Record<string, string>): AlumniFieldErrors {
  const known: AlumniFieldErrors = {};
  for (const field of ALUMNI_FIELDS) {
    const message = errors[field];
    if (typeof message === 'string' && message !== '') known[field] = message;
  }
  return known;
}

/** The HTTP status the action answers with, so a page without JavaScript gets a truthful status too. */
export function actionStatus(data: AlumniActionData, result?: PostResult): number {
  if (data.status === 'success') return 200;
  if (data.status === 'invalid') return 400;
  if (result && !result.ok && (result.status === 429 || result.status === 413)) return result.status;
  return result && !result.ok && result.status === 0 ? 503 : 502;
}

/** The notices in the page's language (`t`: the catalogue's forms.alumni.*), or the English above. */
function noticesOf(t?: Translate): Record<keyof typeof MESSAGES | 'success', string> {
  if (!t) return { ...MESSAGES, success: ALUMNI_SUCCESS_MESSAGE };
  return {
    unreachable: t('forms.alumni.unreachable'),
    serverError: t('forms.alumni.serverError'),
    tooLarge: t('forms.alumni.tooLarge'),
    notAvailable: t('forms.alumni.notAvailable'),
    invalid: t('forms.alumni.invalid'),
    success: t('forms.alumni.success'),
  };
}

/**
 * Turns the API's answer into what the page shows; on any failure the typed values come back. The
 * notice is in the language of `t` (the route's action passes its page's), else English.
 */
export function toActionData(result: PostResult, values: AlumniValues, t?: Translate): AlumniActionData {
  const notices = noticesOf(t);
  if (result.ok) return { status: 'success', id: result.id, message: notices.success };
  switch (result.status) {
    case 400: {
      const errors = knownErrors(result.errors);
      return Object.keys(errors).length > 0
        ? { status: 'invalid', values, errors, message: null }
        : { status: 'failed', values, errors, message: notices.serverError };
    }
    case 0:
      return { status: 'failed', values, errors: {}, message: notices.unreachable };
    case 404:
      return { status: 'failed', values, errors: {}, message: notices.notAvailable };
    case 413:
      return { status: 'failed', values, errors: {}, message: notices.tooLarge };
    case 429:
      return { status: 'failed', values, errors: {}, message: rateLimitMessage(result.retryAfter, t) };
    default:
      return { status: 'failed', values, errors: {}, message: notices.serverError };
  }
}
