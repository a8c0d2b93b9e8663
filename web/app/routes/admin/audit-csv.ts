import type { Route } from './+types/audit-csv';
import { env } from '../../lib/env.server';
import { ADMIN_API_TIMEOUT_MS } from '../../lib/staff/admin-api.server';
import { currentSchool } from '../../lib/school.server';

/**
 * /admin/audit.csv: the API's CSV export streamed through with the visitor's session, so the
 * download link works from the staff area's own origin. 401/403 come back as they are.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = new URLSearchParams();
  for (const name of ['action', 'actor', 'from', 'to']) {
    const value = url.searchParams.get(name)?.trim();
    if (value) query.set(name, value);
  }
  const headers: Record<string, string> = { 'x-forwarded-host': url.host, 'x-forwarded-proto': url.protocol.replace(':', '') };
  const cookie = request.headers.get('cookie');
  if (cookie) headers.cookie = cookie;
  try {
    const answer = await fetch(`${env.apiUrl}/api/admin/${encodeURIComponent(currentSchool(request))}/audit.csv?${query}`, {
      headers,
      signal: AbortSignal.timeout(ADMIN_API_TIMEOUT_MS * 4),
    });
    const out = new Headers({ 'cache-control': 'no-store' });
    for (const name of ['content-type', 'content-disposition']) {
      const value = answer.headers.get(name);
      if (value) out.set(name, value);
    }
    if (answer.status === 401) return new Response(null, { status: 302, headers: { location: '/admin/login?next=%2Fadmin%2Faudit' } });
    return new Response(answer.body, { status: answer.status, headers: out });
  } catch {
    return new Response('The school server could not be reached. Please try again in a moment.', {
      status: 503,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
}
