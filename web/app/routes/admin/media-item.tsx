import '../../styles/admin-media.css';
import type { Route } from './+types/media-item';
import { MediaFile } from '../../components/admin/media-file';
import { adminMeta } from '../../lib/staff/admin-meta';
import { fileAction, fileLoader } from '../../lib/staff/media-pages.server';

// One file of the media library (/admin/media/{id}): alt text, caption, camera data, where it is
// used, Delete (components/admin/media-file.tsx).

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return adminMeta(loaderData?.item.name ?? 'File', matches);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  return fileLoader(request, params.id);
}

export async function action({ request, params }: Route.ActionArgs) {
  return fileAction(request, params.id, await request.formData());
}

export default function MediaItemPage({ loaderData, actionData }: Route.ComponentProps) {
  return <MediaFile key={loaderData.item.id} loaded={loaderData} outcome={actionData} />;
}
