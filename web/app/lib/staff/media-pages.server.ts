import { data, redirect } from 'react-router';
import { adminApi, fail, formValues, schoolPath } from './admin-api.server';
import type { Child } from '@sthsm/contract/children';
import { mediaFilters, mediaQuery, type MediaItem, type MediaPage, type MediaPermissions, type TaggedChild, type UsedIn } from './media';

// The media library's loaders and actions (routes/admin/media.tsx: the library at /admin/media;
// routes/admin/media-item.tsx: one file at /admin/media/{id}) over the staff media API (docs/api.md "Staff media API").

const ALBUMS_LISTED = 100;

export async function libraryLoader(request: Request) {
  const url = new URL(request.url);
  const filters = mediaFilters(url.searchParams);
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const [media, albums] = await Promise.all([
    adminApi<MediaPage>(request, `/media?${mediaQuery(filters, page)}`),
    adminApi<{ items: Array<{ id: string; fields: { title?: unknown } }> }>(
      request,
      `${schoolPath(request)}/content/albums?pageSize=${ALBUMS_LISTED}`,
    ),
  ]);
  if (!media.ok || !media.data) fail(media);
  const { items, total, pageSize, usage } = media.data;
  return {
    items,
    total,
    page,
    pages: Math.max(1, Math.ceil(total / Math.max(1, pageSize))),
    usage,
    filters,
    albums: (albums.data?.items ?? []).map((a) => ({ id: a.id, title: String(a.fields.title ?? '') || '(untitled)' })),
  };
}

/** Without JavaScript: one file by a plain multipart form, then its page to add alt text. */
export async function uploadAction(request: Request, form: FormData) {
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) return data<FileOutcome>({ error: 'Choose a file to upload first.' }, { status: 400 });
  const body = new FormData();
  body.set('file', file, file.name);
  const answer = await adminApi<{ item: MediaItem }>(request, '/media', { method: 'POST', body, csrf: String(form.get('csrf') ?? '') });
  if (answer.ok && answer.data) return redirect(`/admin/media/${encodeURIComponent(answer.data.item.id)}?uploaded=1`);
  if (answer.status === 401) fail(answer);
  return data<FileOutcome>({ error: answer.error }, { status: answer.status || 503 });
}

export async function fileLoader(request: Request, id: string) {
  const url = new URL(request.url);
  // "Find a child" on the page: the consent register searched by name, class or admission number.
  const childQuery = url.searchParams.get('child')?.trim().slice(0, 100) ?? '';
  const [answer, found] = await Promise.all([
    adminApi<{ item: MediaItem; usedIn: UsedIn[]; children: TaggedChild[]; permissions: MediaPermissions }>(
      request,
      `/media/${encodeURIComponent(id)}`,
    ),
    childQuery
      ? adminApi<{ items: Child[]; total: number }>(request, `${schoolPath(request)}/children?q=${encodeURIComponent(childQuery)}`)
      : null,
  ]);
  if (!answer.ok || !answer.data) fail(answer);
  return {
    ...answer.data,
    saved: url.searchParams.has('saved'),
    uploaded: url.searchParams.has('uploaded'),
    tagged: url.searchParams.get('tagged'),
    childQuery,
    // Contributors cannot read the register (403): they see the tags (only editors untag).
    childMatches: found?.ok && found.data ? { items: found.data.items, total: found.data.total } : null,
    childSearchError: found && !found.ok ? found.error : null,
  };
}

/** Tags or untags one child, against the photo's tags as they are now (a colleague's tag meanwhile stays). */
async function tagAction(request: Request, id: string, values: Record<string, string>) {
  const here = `/media/${encodeURIComponent(id)}`;
  const child = values.child ?? '';
  const now = await adminApi<{ children: TaggedChild[] }>(request, here);
  if (!now.ok || !now.data) {
    if (now.status === 401) fail(now);
    return data<FileOutcome>({ error: now.error }, { status: now.status || 503 });
  }
  const current = now.data.children.map((c) => c.id);
  const children = values.intent === 'tag' ? [...new Set([...current, child])] : current.filter((c) => c !== child);
  const answer = await adminApi<{ children: TaggedChild[] }>(request, `${here}/children`, {
    method: 'PUT',
    body: { children },
    csrf: values.csrf ?? '',
  });
  if (answer.ok) return redirect(`/admin/media/${encodeURIComponent(id)}?tagged=${values.intent === 'tag' ? 'added' : 'removed'}`);
  if (answer.status === 401) fail(answer);
  return data<FileOutcome>({ error: answer.error }, { status: answer.status || 503 });
}

export interface FileOutcome {
  error: string;
  values?: Record<string, string>;
  /** A refused delete: where the file is used. */
  usedIn?: UsedIn[];
  /** Delete asked "Delete “…”?" first (decision 0123). */
  confirmDelete?: boolean;
  /** A conflicting save: the file as saved meanwhile. */
  current?: MediaItem;
}

export async function fileAction(request: Request, id: string, form: FormData) {
  const values = formValues(form);
  const here = `/media/${encodeURIComponent(id)}`;
  const csrf = values.csrf ?? '';
  if (values.intent === 'tag' || values.intent === 'untag') return tagAction(request, id, values);
  // Delete asks first (a page of its own without JavaScript), then says what it did on the library.
  // A file in use is not deleted: the places it is used in, at once, rather than a question first.
  if (values.intent === 'delete') {
    const current = await adminApi<{ usedIn: UsedIn[] }>(request, here);
    const usedIn = current.data?.usedIn ?? [];
    if (usedIn.length > 0) {
      const places = usedIn.map((u) => `${u.type} “${u.title || u.id}”`).join(', ');
      return data<FileOutcome>({ error: `This file is used in ${places}. Remove it there first.`, usedIn }, { status: 409 });
    }
    return { error: '', confirmDelete: true } satisfies FileOutcome;
  }
  if (values.intent === 'delete-confirmed') {
    const answer = await adminApi(request, here, { method: 'DELETE', csrf });
    if (answer.ok) return redirect(`/admin/media?${new URLSearchParams({ deleted: (values.name ?? '').slice(0, 200) })}`);
    if (answer.status === 401) fail(answer);
    const usedIn = (answer.details?.usedIn as UsedIn[] | undefined) ?? undefined;
    return data<FileOutcome>({ error: answer.error, ...(usedIn ? { usedIn } : {}) }, { status: answer.status || 503 });
  }
  const answer = await adminApi<{ item: MediaItem }>(request, here, {
    method: 'PATCH',
    body: {
      alt: values.alt ?? '',
      decorative: values.decorative === 'on',
      caption: values.caption ?? '',
      version: Number(values.version),
    },
    csrf,
  });
  if (answer.ok) return redirect(`/admin/media/${encodeURIComponent(id)}?saved=1`);
  if (answer.status === 401) fail(answer);
  const current = answer.details?.current ?? answer.details?.item;
  return data<FileOutcome>(
    { error: answer.error, values, ...(answer.status === 409 && current ? { current: current as MediaItem } : {}) },
    { status: answer.status || 503 },
  );
}
