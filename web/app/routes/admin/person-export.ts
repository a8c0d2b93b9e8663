import type { Route } from './+types/person-export';
import { relayDownload } from '../../lib/staff/admin-download.server';

/** /admin/person/export: everything stored about one e-mail address or mobile number, as CSV or JSON. */
export async function loader({ request }: Route.LoaderArgs) {
  return relayDownload(request, '/person/export', ['email', 'phone', 'format'], '/admin/person');
}
