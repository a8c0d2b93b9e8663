import '../../styles/admin-media.css';
import type { Route } from './+types/media';
import { MediaLibrary } from '../../components/admin/media-library';
import { adminMeta } from '../../lib/admin-meta';
import { libraryLoader, uploadAction } from '../../lib/media-pages.server';

// The media library (STAFF.md: /admin/media; issue 15): grid, search, filters in the URL, pages,
// storage used, and uploads (components/admin/media-library.tsx).

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Media library', matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  return libraryLoader(request);
}

/** Without JavaScript: one file by the plain multipart form. */
export async function action({ request }: Route.ActionArgs) {
  return uploadAction(request, await request.formData());
}

export default function Media({ loaderData, actionData }: Route.ComponentProps) {
  return <MediaLibrary loaded={loaderData} error={actionData?.error} />;
}
