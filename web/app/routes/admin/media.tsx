import '../../styles/admin-media.css';
import { useSearchParams } from 'react-router';
import type { Route } from './+types/media';
import { FileDeletedNote } from '../../components/admin/item-actions';
import { MediaLibrary } from '../../components/admin/media-library';
import { adminMeta } from '../../lib/staff/admin-meta';
import { libraryLoader, uploadAction } from '../../lib/staff/media-pages.server';

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
  const deleted = useSearchParams()[0].get('deleted');
  return (
    <MediaLibrary
      loaded={loaderData}
      error={actionData?.error}
      notice={deleted ? <FileDeletedNote key={deleted} name={deleted} /> : null}
    />
  );
}
