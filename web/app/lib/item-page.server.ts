import { data, redirect } from 'react-router';

// The loader steps every item page shares (news item, event): the ?id= it names, and its record in
// the school's list. A page without an id goes to its listing; an unknown id is a 404; a failed
// API call a 503, so the page's ErrorBoundary says which.

/** The `?id=` of the request, or a redirect to `listing` when there is none. */
export function requiredId(request: Request, listing: string): string {
  const id = new URL(request.url).searchParams.get('id')?.trim();
  if (!id) throw redirect(listing);
  return id;
}

/** The record with `_id === id` of a list the API answered (null: the call failed). */
export function findItem<T extends { _id: string }>(records: readonly T[] | null, id: string): T {
  if (!records) throw data({ reason: 'unavailable' as const }, { status: 503 });
  const found = records.find((r) => r._id === id);
  if (!found) throw data({ reason: 'missing' as const }, { status: 404 });
  return found;
}

const IMAGE_FILE = /\.(?:jpe?g|png|webp|avif|gif)$/i;

/** Whether a file reference names a picture (by its extension; a bare file id says nothing). */
export const isImageRef = (ref: string) => IMAGE_FILE.test(ref);
