import type { Db } from '../db/index.ts';
import { findMediaByRefs } from '../repositories/media.ts';
import type { ConsentProblem } from './consent.ts';
import type { ContentTypeSpec } from './registry.ts';
import type { Snapshot } from './store.ts';

// Alt text before publishing (issue 15 item 4): an album is published or scheduled only when every
// library photo in it has alt text or is marked decorative. Files outside the library (the seed's
// paths) carry no such record and are not checked.

export const ALT_TEXT_FIRST = 'Add alt text to every photo before publishing:';

/** Why this album version may not be published (null: it may). */
export async function altTextProblem(
  db: Db,
  spec: ContentTypeSpec,
  code: string,
  next: Pick<Snapshot, 'fields' | 'status'>,
): Promise<ConsentProblem | null> {
  if (spec.type !== 'albums' || next.status !== 'published') return null;
  const refs = Array.isArray(next.fields.attachments) ? next.fields.attachments.filter((r): r is string => typeof r === 'string') : [];
  const missing = (await findMediaByRefs(db, code, refs)).filter(
    (r) => r.item.kind === 'image' && !r.item.alt.trim() && !r.item.decorative,
  );
  if (missing.length === 0) return null;
  const names = missing.map((r) => r.item.name);
  const shown = names.length > 10 ? [...names.slice(0, 10), `and ${names.length - 10} more`] : names;
  return { code: 422, field: 'attachments', message: `${ALT_TEXT_FIRST} ${shown.join(', ')}. Nothing was published.` };
}
