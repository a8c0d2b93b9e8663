import type { Route } from './+types/submissions-csv';
import { relayDownload } from '../../lib/staff/admin-download.server';

/** /admin/submissions.csv: the alumni submissions as CSV (the list's search and filter), streamed from the API. */
export async function loader({ request }: Route.LoaderArgs) {
  return relayDownload(request, '/submissions.csv', ['q', 'status'], '/admin/submissions');
}
