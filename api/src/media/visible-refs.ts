import type { Db } from '../db/index.ts';
import { hiddenPhotoRefs } from '../repositories/media-children.ts';

// Public answers leave out every photo that shows a child without current consent for photos
// (docs/decisions/0057): an album's photos, a news item's attachments, an event's images, any
// list item's files. Checked at read time, so a withdrawal or an end date needs no job; the bytes
// themselves are refused by media/servable.ts whatever names them.

/** The file lists of CONTRACT.md items that may hold photos. */
const FILE_LISTS = ['attachments', 'images'] as const;

type WithFiles = { [K in (typeof FILE_LISTS)[number]]?: unknown };

/** `items` with each hidden photo left out of their file lists (the same objects when none is hidden). */
export async function withoutHiddenPhotos<T>(db: Db, items: T[], now: Date): Promise<T[]> {
  const listsOf = (item: T) => FILE_LISTS.map((field) => (item as WithFiles)[field]).filter((v): v is unknown[] => Array.isArray(v));
  const refs = items.flatMap((item) => listsOf(item).flat()).filter((r): r is string => typeof r === 'string');
  if (refs.length === 0) return items;
  const hidden = await hiddenPhotoRefs(db, refs, now);
  if (hidden.size === 0) return items;
  return items.map((item) => {
    const changed: Record<string, unknown[]> = {};
    for (const field of FILE_LISTS) {
      const list = (item as WithFiles)[field];
      if (Array.isArray(list) && list.some((r) => typeof r === 'string' && hidden.has(r)))
        changed[field] = list.filter((r) => !(typeof r === 'string' && hidden.has(r)));
    }
    return Object.keys(changed).length > 0 ? { ...item, ...changed } : item;
  });
}
