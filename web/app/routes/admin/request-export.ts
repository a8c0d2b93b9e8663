import type { Route } from './+types/request-export';
import { relayDownload } from '../../lib/staff/admin-download.server';

/** /admin/requests/:id/export: the data found for a request about personal data, as CSV or JSON. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const id = encodeURIComponent(params.id);
  return relayDownload(request, `/requests/${id}/export`, ['format'], `/admin/requests/${id}`);
}
