import { env } from '../env.server';
import { ADMIN_API_TIMEOUT_MS, UNREACHABLE } from './admin-api.server';
import { currentSchool } from '../school.server';

/**
 * A staff download (CSV, JSON) streamed through from the API with the visitor's session, so the
 * link works on the staff area's own origin. Only the named query parameters are passed on; a
 * signed-out visitor is sent to sign in and back to `back`.
 */
export async function relayDownload(request: Request, apiPath: string, names: readonly string[], back: string): Promise<Response> {
  const url = new URL(request.url);
  const query = new URLSearchParams();
  for (const name of names) {
    const value = url.searchParams.get(name)?.trim();
    if (value) query.set(name, value);
  }
  const headers: Record<string, string> = { 'x-forwarded-host': url.host, 'x-forwarded-proto': url.protocol.replace(':', '') };
  const cookie = request.headers.get('cookie');
  if (cookie) headers.cookie = cookie;
  try {
    const answer = await fetch(`${env.apiUrl}/api/admin/${encodeURIComponent(currentSchool(request))}${apiPath}?${query}`, {
      headers,
      signal: AbortSignal.timeout(ADMIN_API_TIMEOUT_MS * 4),
    });
    if (answer.status === 401) {
      return new Response(null, { status: 302, headers: { location: `/admin/login?next=${encodeURIComponent(back)}` } });
    }
    const out = new Headers({ 'cache-control': 'no-store' });
    for (const name of ['content-type', 'content-disposition', 'x-total-count']) {
      const value = answer.headers.get(name);
      if (value) out.set(name, value);
    }
    return new Response(answer.body, { status: answer.status, headers: out });
  } catch {
    return new Response(UNREACHABLE, { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
}
