import { data, redirect } from 'react-router';
import type { StaffRole } from '@sthsm/contract/staff-words';
import { env } from '../env.server';
import { currentSchool } from '../school.server';

/**
 * The typed client of the staff API (/api/admin, STAFF.md). Server-side only: route loaders and
 * actions under /admin call it with the visitor's request, and it forwards what the API checks —
 * the session cookie, the CSRF token, the browser's Origin (or Sec-Fetch-Site), the host and
 * scheme the visitor used, and their address — with a time-out. Set-Cookie answers are handed
 * back for the route to relay to the browser.
 */
export const ADMIN_API_TIMEOUT_MS = 8_000;
export const UNREACHABLE = 'The school server could not be reached. Please try again in a moment.';

export interface UserSummary {
  id: string;
  email: string;
  name: string;
  isOperator: boolean;
  twoFactorEnabled: boolean;
}
export interface Me {
  user: UserSummary;
  /** `twoFactorRequired`: the school requires two-factor of this person (an administrator) and it is off. */
  memberships: Array<{ code: string; name: string; role: StaffRole; twoFactorRequired?: boolean }>;
  csrfToken: string;
  session: { createdAt: string; expiresAt: string };
}
export interface Member {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  status: 'active' | 'invited';
  twoFactorEnabled: boolean;
  /** Their last request to this school's staff area. */
  lastSeenAt: string | null;
  /** For an open invitation: when its link stops working. */
  invitationExpiresAt: string | null;
}
export interface AuditEntry {
  id: string;
  at: string;
  actor: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
export interface LinkAnswer {
  link: string | null;
  emailed: boolean;
  expiresAt: string | null;
  withheld?: boolean;
}

export interface ApiAnswer<T> {
  ok: boolean;
  status: number;
  data: T | null;
  /** The API's `{ error }` message when not ok. */
  error: string;
  /** The whole error answer when not ok (field `errors`, a conflict's `current`). */
  details?: Record<string, unknown> | null;
  setCookies: string[];
  retryAfter?: number;
}

export async function adminApi<T>(
  request: Request,
  path: string,
  init: { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown; csrf?: string } = {},
): Promise<ApiAnswer<T>> {
  const method = init.method ?? 'GET';
  const visited = new URL(request.url);
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-forwarded-host': visited.host,
    'x-forwarded-proto': visited.protocol.replace(':', ''),
  };
  const cookie = request.headers.get('cookie');
  if (cookie) headers.cookie = cookie;
  const origin = request.headers.get('origin');
  if (origin) headers.origin = origin;
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite) headers['sec-fetch-site'] = fetchSite;
  const userAgent = request.headers.get('user-agent');
  if (userAgent) headers['user-agent'] = userAgent;
  // The visitor's address as api/src/site.ts resolved it under TRUST_PROXY (never what the client
  // wrote), always: the API believes it from this loopback call, and without it every visitor
  // would be this server, and 20 failed sign-ins by one stranger would lock out all staff (0005, 0017).
  const forwardedFor = request.headers.get('x-forwarded-for');
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  if (init.csrf) headers['x-csrf-token'] = init.csrf;
  // A FormData body (a file from the no-JavaScript upload form) sets its own multipart content type.
  const multipart = init.body instanceof FormData;
  if (init.body !== undefined && !multipart) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(`${env.apiUrl}/api/admin${path}`, {
      method,
      headers,
      body: init.body === undefined ? undefined : multipart ? (init.body as FormData) : JSON.stringify(init.body),
      signal: AbortSignal.timeout(ADMIN_API_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => null)) as (T & { error?: string; message?: string }) | null;
    const retry = Number(response.headers.get('retry-after'));
    return {
      ok: response.ok,
      status: response.status,
      data: response.ok ? body : null,
      error: response.ok ? '' : (body?.error ?? body?.message ?? `The server answered ${response.status}.`),
      ...(response.ok ? {} : { details: body as Record<string, unknown> | null }),
      setCookies: response.headers.getSetCookie(),
      ...(Number.isFinite(retry) && retry > 0 ? { retryAfter: retry } : {}),
    };
  } catch {
    return { ok: false, status: 0, data: null, error: UNREACHABLE, setCookies: [] };
  }
}

/** Headers that hand the API's Set-Cookie answers on to the browser. */
export function relayCookies(...answers: Array<ApiAnswer<unknown>>): Headers {
  const headers = new Headers();
  for (const answer of answers) for (const c of answer.setCookies) headers.append('set-cookie', c);
  return headers;
}

/** Only paths inside the staff area are followed after signing in (no open redirect). */
export function safeNext(value: string | null): string {
  return value && /^\/admin(?:[/?#]|$)/.test(value) && !value.startsWith('//') ? value : '/admin';
}

export interface StaffContext {
  me: Me;
  school: { code: string; name: string };
  /** The role in the school of this host; null when the person has none there (operators: admin). */
  role: StaffRole | null;
  /** The school's time zone (TIME_ZONE), for showing times. */
  timeZone: string;
  /** The school requires two-factor sign-in of its administrators and this one has not turned it on. */
  twoFactorRequired: boolean;
}

/**
 * The sign-in page that comes back to this page afterwards (the page itself, also when this is a
 * client data request, /admin/x.data?_routes=…); `ended`: a save was refused because the session
 * had ended, and the sign-in page says so.
 */
export function signInAgain(request: Request, ended = false): string {
  const here = new URL(request.url);
  here.searchParams.delete('_routes');
  here.searchParams.delete('saved');
  const page = here.pathname.replace(/\.data$/, '') + here.search;
  return `/admin/login?next=${encodeURIComponent(page)}${ended ? '&ended=1' : ''}`;
}

/** Where an administrator is sent until they turn on two-factor sign-in, when their school requires it. */
const TWO_FACTOR_SETUP = /^\/admin\/account(?:\.data)?$/;

/**
 * The signed-in person, or a redirect to the sign-in page that comes back here afterwards.
 * A failure of the API is a 503, never a silent sign-out.
 */
export async function requireStaff(request: Request): Promise<StaffContext> {
  const answer = await adminApi<Me>(request, '/me');
  if (answer.status === 401) throw redirect(signInAgain(request), { headers: relayCookies(answer) });
  if (!answer.ok || !answer.data) throw data({ message: answer.error }, { status: answer.status === 0 ? 503 : answer.status });
  const me = answer.data;
  const code = currentSchool(request);
  const membership = me.memberships.find((m) => m.code === code);
  const role = membership?.role ?? (me.user.isOperator ? 'admin' : null);
  const twoFactorRequired = membership?.twoFactorRequired === true;
  // The API refuses such an administrator the school's routes; send them to set it up instead.
  if (twoFactorRequired && !TWO_FACTOR_SETUP.test(new URL(request.url).pathname)) throw redirect('/admin/account');
  return {
    me,
    school: { code, name: membership?.name ?? code },
    role,
    timeZone: env.timeZone,
    twoFactorRequired,
  };
}

/** The current school's path segment for /api/admin/{code}/… */
export function schoolPath(request: Request): string {
  return `/${encodeURIComponent(currentSchool(request))}`;
}

/** Throws a failed API answer as the route's error (the staff area's error boundary explains 403/404/503). */
export function fail(answer: ApiAnswer<unknown>): never {
  if (answer.status === 401) throw redirect('/admin/login');
  throw data({ message: answer.error }, { status: answer.status === 0 ? 503 : answer.status });
}

/** The text fields of a form post, trimmed of nothing (passwords keep their spaces). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === 'string') values[key] = value;
  return values;
}

/** What an editor form gets back from a refused save: the message, each field's, the typed values, and after a conflict what is saved now. */
export interface EditorOutcome<T> {
  error: string;
  errors: Record<string, string>;
  values: Record<string, string>;
  theirs?: T | null;
}

/**
 * A refused write of an editor form, with the typed values kept. Signed out: to the sign-in page,
 * which comes back to the form (`request`) and says the session ended; the form's script kept the
 * text in the tab and puts it back (components/admin/kept-text.ts).
 */
export function refusedSave<T>(answer: ApiAnswer<unknown>, values: Record<string, string>, request?: Request) {
  if (answer.status === 401) {
    if (request) throw redirect(signInAgain(request, true), { headers: relayCookies(answer) });
    fail(answer);
  }
  const details = answer.details ?? {};
  return data<EditorOutcome<T>>(
    {
      error: answer.error,
      errors: (details.errors as Record<string, string> | undefined) ?? {},
      values,
      theirs: (details.current as T | null | undefined) ?? null,
    },
    { status: answer.status || 503 },
  );
}
