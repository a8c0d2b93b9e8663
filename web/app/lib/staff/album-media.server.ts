import { adminApi, type ApiAnswer } from './admin-api.server';
import { photoField, type MediaItem, type MediaPage, type PhotoText } from './media';

// The album editor's server half (routes/admin/content-item.tsx, type albums): the library files
// of an album's photos (and of any item's chosen files, components/admin/file-refs.tsx), and the alt texts and captions typed in its Photos section, saved in one
// bulk write (PATCH /api/admin/media, all or nothing) before the album itself.

/** Enough pages for an album's 200 photos at any page size the API picks. */
const MAX_PAGES = 20;

/** The album's library files by reference (photos not in the library, like seeded paths, are absent). */
export async function loadAlbumMedia(request: Request, albumId: string): Promise<Record<string, MediaItem>> {
  return loadMedia(request, { album: albumId });
}

/** References one read asks for (the API lists at most 50 at once). */
const REFS_PER_READ = 50;

/**
 * The library files among `refs` (an item's chosen files, for their names, kinds and thumbnails);
 * references that are no library file (seeded paths, another school's) are absent.
 */
export async function loadMediaByRefs(request: Request, refs: readonly string[]): Promise<Record<string, MediaItem>> {
  const unique = [...new Set(refs.filter((r) => r && !r.includes(',')))];
  const parts: string[][] = [];
  for (let i = 0; i < unique.length; i += REFS_PER_READ) parts.push(unique.slice(i, i + REFS_PER_READ));
  const found = await Promise.all(parts.map((part) => loadMedia(request, { refs: part.join(',') })));
  return Object.assign({}, ...found) as Record<string, MediaItem>;
}

async function loadMedia(request: Request, filter: Record<string, string>): Promise<Record<string, MediaItem>> {
  const byRef: Record<string, MediaItem> = {};
  for (let page = 1; page <= MAX_PAGES; page++) {
    const query = new URLSearchParams({ ...filter, page: String(page) });
    const answer = await adminApi<MediaPage>(request, `/media?${query}`);
    if (!answer.ok || !answer.data) break;
    for (const item of answer.data.items) byRef[item.ref] = item;
    if (answer.data.items.length === 0 || page * answer.data.pageSize >= answer.data.total) break;
  }
  return byRef;
}

/** The photos whose alt text, decorative mark or caption the form changed. */
export function changedPhotoTexts(values: Record<string, string>): Array<PhotoText & { id: string }> {
  const changed: Array<PhotoText & { id: string }> = [];
  for (const [key, raw] of Object.entries(values)) {
    if (!key.startsWith('before.')) continue;
    const id = key.slice('before.'.length);
    let before: PhotoText;
    try {
      before = JSON.parse(raw) as PhotoText;
    } catch {
      continue;
    }
    const now: PhotoText = {
      alt: values[photoField('alt', id)] ?? before.alt,
      decorative: values[photoField('decorative', id)] === 'on',
      caption: values[photoField('caption', id)] ?? before.caption,
    };
    if (now.alt !== before.alt || now.decorative !== before.decorative || now.caption !== before.caption) changed.push({ id, ...now });
  }
  return changed;
}

/** Saves the changed alt texts and captions; a refused write (nothing saved) comes back to show. */
export async function savePhotoTexts(request: Request, values: Record<string, string>, csrf: string): Promise<ApiAnswer<unknown> | null> {
  const items = changedPhotoTexts(values);
  if (items.length === 0) return null;
  const answer = await adminApi(request, '/media', { method: 'PATCH', body: { items }, csrf });
  return answer.ok ? null : answer;
}
