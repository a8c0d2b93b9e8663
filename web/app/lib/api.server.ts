import type {
  Album, Birthday, Highlight, NewsItem, PrincipalMessage, SchoolEvent, SchoolNotification, SubGallery, Topper,
  Video, VisitorCount,
} from '@sthsm/contract';

/**
 * The one typed client for the school-data API (CONTRACT.md). Server-side only.
 * API_URL is the origin of any server that speaks the contract (default: the built-in API on
 * this process's port). Every call has a short time-out; a failed, slow or malformed answer
 * becomes `null`, and pages show SPEC §8's placeholders instead of failing.
 */
export const API_TIMEOUT_MS = 2_500;

export function apiOrigin(): string {
  return (process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? '3000'}`).replace(/\/+$/, '');
}

export function schoolCode(): string {
  return process.env.SCHOOL_CODE ?? 'STHSM';
}

async function getJson<T>(path: string): Promise<T | null> {
  try {
    const response = await fetch(`${apiOrigin()}${path}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    if (!response.ok) {
      console.warn(`API ${path} answered ${response.status}`);
      return null;
    }
    return (await response.json()) as T;
  } catch (error) {
    console.warn(`API ${path} failed: ${error instanceof Error ? error.name : 'error'}`);
    return null;
  }
}

async function getList<T>(path: string): Promise<T[] | null> {
  const data = await getJson<unknown>(path);
  return Array.isArray(data) ? (data as T[]) : null;
}

const code = () => encodeURIComponent(schoolCode());

export const api = {
  news: () => getList<NewsItem>(`/api/news/${code()}`),
  highlights: () => getList<Highlight>(`/api/highlight/${code()}`),
  toppers: () => getList<Topper>(`/api/topper/${code()}`),
  principalMessages: () => getList<PrincipalMessage>(`/api/PrincipalMessage/${code()}`),
  upcomingEvents: () => getList<SchoolEvent>(`/api/events/${code()}`),
  allEvents: () => getList<SchoolEvent>(`/api/events/All/${code()}`),
  birthdays: () => getList<Birthday>(`/api/birthdays/${code()}`),
  visitor: () => getList<VisitorCount>(`/api/visitor/${code()}`),
  notifications: () => getList<SchoolNotification>(`/api/notification/${code()}`),
  gallery: () => getList<Album>(`/api/gallery/${code()}`),
  allGallery: () => getList<Album>(`/api/gallery/all/${code()}`),
  subGallery: (id: string) => getJson<SubGallery>(`/api/subGallery?id=${encodeURIComponent(id)}`),
  videos: () => getList<Video>(`/api/video/all/${code()}`),
};

export type FormPostResult =
  | { ok: true; id: string }
  | { ok: false; status: number; error: string; errors: Record<string, string>; retryAfter?: number };

/** Retry-After as whole seconds (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** POST /api/form/{code}/{formType}; network failures come back as status 0. */
export async function postForm(formType: string, body: Record<string, string>, clientIp?: string): Promise<FormPostResult> {
  try {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (clientIp) headers['x-forwarded-for'] = clientIp;
    const response = await fetch(`${apiOrigin()}/api/form/${code()}/${encodeURIComponent(formType)}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(API_TIMEOUT_MS * 2),
    });
    const data = (await response.json().catch(() => ({}))) as { _id?: string; error?: string; errors?: Record<string, string> };
    if (response.ok && data._id) return { ok: true, id: data._id };
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
    return {
      ok: false, status: response.status, error: data.error ?? 'The form could not be sent.', errors: data.errors ?? {},
      ...(retryAfter === undefined ? {} : { retryAfter }),
    };
  } catch {
    return { ok: false, status: 0, error: 'The school server could not be reached.', errors: {} };
  }
}
