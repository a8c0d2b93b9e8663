import { Form, redirect, useRouteLoaderData } from 'react-router';
import { DISPLAY_STATUS_LABELS, type DisplayStatus } from '@sthsm/contract';
import '../../styles/admin-media.css';
import type { Route } from './+types/content-item';
import { viewOf } from './content';
import { AlbumPhotos } from '../../components/admin/album-photos';
import { ConflictBox, KeptTextNote, SaveButtons } from '../../components/admin/editor-parts';
import { keptTextKey, useKeptText } from '../../components/admin/kept-text';
import { HistorySection, PreviewBox } from '../../components/admin/history';
import { useChangedForm } from '../../components/admin/unsaved-changes';
import { CsrfField, EditField, FormMessage } from '../../components/admin/fields';
import { RichTextField } from '../../components/admin/rich-text/field';
import { adminApi, fail, formValues, refusedSave, schoolPath, type EditorOutcome, type StaffContext } from '../../lib/admin-api.server';
import { contentView, formText, plainText, type FieldView } from '../../lib/admin-content';
import { loadHistory, previewLink, restoreVersion } from '../../lib/admin-history.server';
import { loadAlbumMedia, savePhotoTexts } from '../../lib/album-media.server';
import { adminMeta } from '../../lib/admin-meta';

// One item's form for every content type (STAFF.md: Title, Date, Description, … Publish at,
// Unpublish at; Save draft, Publish or Submit for review, Unpublish, Delete), its fields described
// by lib/admin-content.ts. Plain form posts: it works without JavaScript. A failed save keeps every
// typed value with the message under its field; a conflicting save shows both texts.

interface ContentItem {
  id: string;
  fields: Record<string, unknown>;
  displayStatus: DisplayStatus;
  publishAtLocal: string | null;
  unpublishAtLocal: string | null;
  version: number;
  reviewNote: string | null;
  /** Who saved the current version (a staff id). */
  updatedBy: string | null;
}

const heading = (singular: string, isNew: boolean) => `${isNew ? 'New' : 'Edit'} ${singular}`;

export function meta({ matches, params }: Route.MetaArgs) {
  const view = contentView(params.type);
  return adminMeta(view ? heading(view.singular, params.id === 'new') : 'Not found', matches);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { type } = viewOf(params.type);
  const saved = new URL(request.url).searchParams.has('saved');
  if (params.id === 'new') return { type, item: null, saved: false, history: null, media: {} };
  const api = `${schoolPath(request)}/content/${type}/${encodeURIComponent(params.id)}`;
  const answer = await adminApi<{ item: ContentItem }>(request, api);
  if (!answer.ok || !answer.data) fail(answer);
  // An album's photos with their alt texts and captions from the media library.
  const [history, media] = await Promise.all([loadHistory(request, api), type === 'albums' ? loadAlbumMedia(request, params.id) : {}]);
  return { type, item: answer.data.item, saved, history, media };
}

type Outcome = EditorOutcome<ContentItem> & { preview?: undefined };
type Preview = { preview: { url: string; expiresAt: string } };

/** History and preview show only the fields' labels, the status and the publishing window. */
const WINDOW_LABELS: Record<string, string> = { status: 'Status', publishAt: 'Publish at', unpublishAt: 'Unpublish at' };

export async function action({ request, params }: Route.ActionArgs) {
  const view = viewOf(params.type);
  const values = formValues(await request.formData());
  const { intent = 'draft', csrf = '' } = values;
  const list = `/admin/${view.type}`;
  const base = `${schoolPath(request)}/content/${view.type}`;
  const here = params.id === 'new' ? null : `${base}/${encodeURIComponent(params.id)}`;
  if (here && intent === 'restore') return restoreVersion(request, here, `${list}/${encodeURIComponent(params.id)}`, values);
  if (here && intent === 'preview') return previewLink(request, here, values);
  if (here && (intent === 'unpublish' || intent === 'delete')) {
    const answer =
      intent === 'delete'
        ? await adminApi(request, `${here}?version=${encodeURIComponent(values.version ?? '')}`, { method: 'DELETE', csrf })
        : await adminApi(request, `${here}/unpublish`, { method: 'POST', body: { version: values.version }, csrf });
    if (answer.ok) return redirect(intent === 'delete' ? list : `${list}/${encodeURIComponent(params.id)}`);
    return refusedSave<ContentItem>(answer, values, request);
  }
  // An album's photos' alt texts and captions first, so that "add alt text, then Publish" is one click.
  const refusedTexts = view.fields.some((f) => f.kind === 'photos') ? await savePhotoTexts(request, values, csrf) : null;
  if (refusedTexts) return refusedSave<ContentItem>(refusedTexts, values, request);
  const body: Record<string, string> = {
    ...Object.fromEntries(view.fields.map((f) => [f.name, values[f.name] ?? ''])),
    publishAt: values.publishAt ?? '',
    unpublishAt: values.unpublishAt ?? '',
    intent,
    ...(here ? { version: values.version ?? '' } : {}),
  };
  const answer = await adminApi<{ item: ContentItem }>(request, here ?? base, { method: here ? 'PUT' : 'POST', body, csrf });
  if (answer.ok && answer.data) return redirect(`${list}/${encodeURIComponent(answer.data.item.id)}?saved=1`);
  return refusedSave<ContentItem>(answer, values, request);
}

function ItemField({ field, value, error }: { field: FieldView; value: string; error: string | undefined }) {
  const common = { name: field.name, label: field.label, value, error, hint: field.hint, required: field.required };
  switch (field.kind) {
    case 'textarea':
    case 'refs':
      return <EditField {...common} rows={6} />;
    case 'html':
      return <RichTextField {...common} />;
    case 'choice':
      return <EditField {...common} options={field.options ?? []} />;
    case 'date':
      return <EditField {...common} type="date" />;
    default:
      return <EditField {...common} />;
  }
}

export default function ContentItemForm({ loaderData, actionData }: Route.ComponentProps) {
  const { type, item, saved, history, media } = loaderData;
  const view = viewOf(type);
  const { role, timeZone, school, me } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const answer = actionData as Outcome | Preview | undefined;
  const outcome = answer && 'error' in answer ? answer : undefined;
  const preview = answer && 'preview' in answer ? (answer.preview ?? null) : null;
  const labelOf = (field: string) => view.fields.find((f) => f.name === field)?.label ?? WINDOW_LABELS[field] ?? field;
  const v = (name: string, stored: string | null | undefined) => outcome?.values[name] ?? stored ?? '';
  const e = (name: string) => outcome?.errors[name];
  const editor = role === 'admin' || role === 'editor';
  const changes = useChangedForm(
    `You have unsaved changes to this ${view.singular}. Leave this page and lose them?`,
    `${type}:${item?.id ?? 'new'}:${item?.version ?? 0}`,
  );
  const kept = useKeptText(
    keptTextKey(school.code, type, item?.id ?? 'new'),
    changes.form.ref,
    answer ?? (saved ? `saved:${item?.version ?? 0}` : undefined),
    changes.form.onChange,
    [keptTextKey(school.code, type, 'new')],
    (keptVersion) => item !== null && item.updatedBy === me.user.id && item.version === Number(keptVersion) + 1,
  );
  return (
    <>
      <h1>{heading(view.singular, !item)}</h1>
      {item ? (
        <p>
          Status: {DISPLAY_STATUS_LABELS[item.displayStatus]} · version {item.version}
        </p>
      ) : null}
      {item?.reviewNote ? <p className="admin-alert">Returned with a comment: {item.reviewNote}</p> : null}
      <FormMessage error={outcome?.error} success={saved && !outcome ? 'Saved.' : null} />
      {kept.restored ? <KeptTextNote /> : null}
      {outcome?.theirs ? (
        <ConflictBox
          version={outcome.theirs.version}
          lines={view.fields.map((f) => ({ label: f.label, text: plainText(outcome.theirs?.fields[f.name], 2000) }))}
        />
      ) : null}
      {/* A new version (saved, restored) is a new form: fields typed into show the stored text again. */}
      <Form key={item?.version ?? 0} method="post" className="admin-form" {...changes.form} onSubmit={kept.keep}>
        <CsrfField />
        {item ? <input type="hidden" name="version" value={kept.version ?? item.version} /> : null}
        {view.fields.map((f) =>
          f.kind === 'photos' ? (
            <AlbumPhotos
              key={f.name}
              refs={v(f.name, formText(f, item?.fields[f.name])).split('\n').filter(Boolean)}
              media={media}
              csrf={me.csrfToken}
              error={e(f.name)}
              onEdit={changes.form.onChange}
            />
          ) : (
            <ItemField key={f.name} field={f} value={v(f.name, formText(f, item?.fields[f.name]))} error={e(f.name)} />
          ),
        )}
        <EditField
          name="publishAt"
          label="Publish at"
          type="datetime-local"
          value={v('publishAt', item?.publishAtLocal)}
          error={e('publishAt')}
        />
        <EditField
          name="unpublishAt"
          label="Unpublish at"
          type="datetime-local"
          value={v('unpublishAt', item?.unpublishAtLocal)}
          error={e('unpublishAt')}
        />
        <SaveButtons editor={editor} changed={changes.changed}>
          {item && editor ? (
            <button className="btn btn--outline" type="submit" name="intent" value="unpublish" formNoValidate>
              Unpublish
            </button>
          ) : null}
          {item ? (
            <button className="btn btn--outline" type="submit" name="intent" value="delete" formNoValidate>
              Delete
            </button>
          ) : null}
        </SaveButtons>
      </Form>
      {item && ['draft', 'review', 'scheduled'].includes(item.displayStatus) ? <PreviewBox preview={preview} timeZone={timeZone} /> : null}
      {item && history ? (
        <HistorySection {...history} current={item.version} timeZone={timeZone} labelOf={labelOf} canRestore={editor} />
      ) : null}
    </>
  );
}
