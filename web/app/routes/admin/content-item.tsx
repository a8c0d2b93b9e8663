import { Form, Link, redirect, useRouteLoaderData } from 'react-router';
import { DISPLAY_STATUS_LABELS, type DisplayStatus } from '@sthsm/contract';
import '../../styles/admin-media.css';
import type { Route } from './+types/content-item';
import { viewOf } from './content';
import { AlbumPhotos } from '../../components/admin/album-photos';
import { FileRefs } from '../../components/admin/file-refs';
import { ConflictBox, KeptTextNote, PublishWindowFields } from '../../components/admin/editor-parts';
import { DeleteConfirm, ITEM_FORM_ID, ItemButtons } from '../../components/admin/item-actions';
import { keptTextKey, useKeptText } from '../../components/admin/kept-text';
import { HistorySection, PreviewBox } from '../../components/admin/history';
import { useChangedForm } from '../../components/admin/unsaved-changes';
import { CsrfField, EditField, FormMessage } from '../../components/admin/fields';
import { RichTextField } from '../../components/admin/rich-text/field';
import { MonthDayField, monthDayPart } from '../../components/admin/month-day-field';
import { joinMonthDay, staffTime } from '../../lib/staff/admin-time';
import { isNotifiableType, NOTIFIABLE_TOPICS, topicWords } from '@sthsm/contract/subscriptions';
import {
  adminApi,
  fail,
  formValues,
  refusedSave,
  schoolPath,
  type EditorOutcome,
  type StaffContext,
} from '../../lib/staff/admin-api.server';
import { contentView, formText, plainText, type FieldView } from '../../lib/staff/admin-content';
import { loadHistory, previewLink, restoreVersion } from '../../lib/staff/admin-history.server';
import { loadAlbumMedia, loadMediaByRefs, savePhotoTexts } from '../../lib/staff/album-media.server';
import type { MediaItem } from '../../lib/staff/media';
import { adminMeta } from '../../lib/staff/admin-meta';

// One item's form for every content type (STAFF.md: Title, Date, Description, … Publish at,
// Unpublish at; Save draft, Publish or Submit for review, Unpublish, Delete), its fields described
// by lib/staff/admin-content.ts. Plain form posts: it works without JavaScript. A failed save keeps every
// typed value with the message under its field; a conflicting save shows both texts. A live item's
// main action is Update, and Delete asks first (components/admin/item-actions.tsx, decision 0123).

interface ContentItem {
  id: string;
  fields: Record<string, unknown>;
  status: 'draft' | 'review' | 'published';
  displayStatus: DisplayStatus;
  createdBy: string | null;
  publishAtLocal: string | null;
  unpublishAtLocal: string | null;
  version: number;
  reviewNote: string | null;
  /** Who saved the current version (a staff id). */
  updatedBy: string | null;
  /** Why this Published item is not (fully) on the public site now (api/src/content/not-shown.ts). */
  notShown?: { message: string } | null;
  /** Its send to subscribers, when publishing asked for one (api/src/notify/queue.ts). */
  notification?: SendLog | null;
  /** Its versions in the school's other languages, each with its own status (issue 35). */
  translations?: LanguageVersion[];
}

interface LanguageVersion {
  locale: string;
  language: string;
  offered: boolean;
  displayStatus: DisplayStatus | null;
  /** Whether the English text changed since that version was last saved. */
  englishChanged?: boolean;
}

/**
 * The item in the school's other languages (issue 35): each version has its own status, so this
 * page's Publish and Unpublish never change them, nor they this item.
 */
function OtherLanguages({ type, id, versions, singular }: { type: string; id: string; versions: LanguageVersion[]; singular: string }) {
  return (
    <section aria-labelledby="languages-heading" className="admin-languages">
      <h2 id="languages-heading">Other languages</h2>
      <p className="field-hint">
        Each language has its own text and status: publishing or unpublishing this {singular} does not change them. Where a language has no
        published text, its website shows the English with a one-line note.
      </p>
      <ul>
        {versions.map((v) => (
          <li key={v.locale}>
            <Link to={`/admin/${type}/${encodeURIComponent(id)}/translations/${v.locale}`}>
              {v.displayStatus ? `Edit the ${v.language} version` : `Write the ${v.language} version`}
            </Link>
            {' — '}
            {v.displayStatus ? DISPLAY_STATUS_LABELS[v.displayStatus] : 'not written yet'}
            {v.englishChanged ? ' · the English has changed since it was saved' : ''}
            {v.offered ? '' : ` (${v.language} is turned off in Settings)`}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** An item's send to subscribers, as the staff API gives it. */
interface SendLog {
  status: 'pending' | 'done' | 'cancelled';
  finishedAt: string | null;
  sent: number;
  failed: number;
  expired: number;
}

/** A send's state in words, with its counts once done. */
function sendLogWords(log: SendLog, timeZone: string): string {
  if (log.status === 'pending') return 'Subscribers will be notified when it is on the website (within a minute of going live).';
  if (log.status === 'cancelled') return 'Subscribers were not notified: it was no longer on the website when its turn came.';
  const when = log.finishedAt ? staffTime(log.finishedAt, timeZone) : '';
  const parts = [`${log.sent} delivered`, ...(log.failed ? [`${log.failed} could not be delivered`] : [])];
  const expired = log.expired
    ? ` ${log.expired} subscription${log.expired === 1 ? ' no longer exists and was' : 's no longer exist and were'} removed.`
    : '';
  return `Subscribers were notified${when ? ` on ${when}` : ''}: ${parts.join(', ')}.${expired}`;
}

const heading = (singular: string, isNew: boolean) => `${isNew ? 'New' : 'Edit'} ${singular}`;

export function meta({ matches, params }: Route.MetaArgs) {
  const view = contentView(params.type);
  return adminMeta(view ? heading(view.singular, params.id === 'new') : 'Not found', matches);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const view = viewOf(params.type);
  const { type } = view;
  const query = new URL(request.url).searchParams;
  const saved = query.has('saved');
  const unpublished = query.has('unpublished');
  const noMedia: Record<string, MediaItem> = {};
  if (params.id === 'new')
    return { type, item: null, saved: false, unpublished: false, history: null, media: noMedia, next: nextOf(type, request) };
  const api = `${schoolPath(request)}/content/${type}/${encodeURIComponent(params.id)}`;
  const answer = await adminApi<{ item: ContentItem }>(request, api);
  if (!answer.ok || !answer.data) fail(answer);
  const { item } = answer.data;
  // An album's photos with their alt texts and captions from the media library; any other item's
  // chosen files with their names and kinds (for the file fields' thumbnails).
  const refs = view.fields.filter((f) => f.kind === 'refs').flatMap((f) => formText(f, item.fields[f.name]).split('\n'));
  const [history, media] = await Promise.all([
    loadHistory(request, api),
    type === 'albums' ? loadAlbumMedia(request, params.id) : refs.some(Boolean) ? loadMediaByRefs(request, refs) : noMedia,
  ]);
  return { type, item, saved, unpublished, history, media, next: null };
}

/** "Save and add another" (toppers, results day): the fields kept for the next item, and what became of the last. */
const KEPT_FOR_NEXT = ['class', 'sessionYear', 'publishAt'] as const;
const SAVED_AS: Record<string, string> = { publish: 'saved and published', review: 'saved and submitted for review' };
interface Next {
  values: Record<string, string>;
  /** The item just saved (its id: a new form for each). */
  id: string;
  message: string;
}
function nextOf(type: string, request: Request): Next | null {
  const url = new URL(request.url);
  const id = url.searchParams.get('after');
  if (type !== 'toppers' || !id) return null;
  const values = Object.fromEntries(KEPT_FOR_NEXT.map((f) => [f, url.searchParams.get(f) ?? '']));
  const name = url.searchParams.get('name') ?? '';
  const as = SAVED_AS[url.searchParams.get('as') ?? ''] ?? 'saved';
  return { values, id, message: `${name || 'The topper'} ${as}. Add the next topper: Class, Session year and Publish at are kept.` };
}

type Outcome = EditorOutcome<ContentItem> & { preview?: undefined };
type Preview = { preview: { url: string; expiresAt: string } };
/** Delete asked "Delete “…”?" (confirmDelete), or Cancel came back from it: the typed values stay in the form. */
type DeleteStep = { confirmDelete: boolean; values: Record<string, string> };

/** History and preview show only the fields' labels, the status and the publishing window. */
const WINDOW_LABELS: Record<string, string> = { status: 'Status', publishAt: 'Publish at', unpublishAt: 'Unpublish at' };

export async function action({ request, params }: Route.ActionArgs) {
  const view = viewOf(params.type);
  const values = formValues(await request.formData());
  // A birthday's month and day pickers make the stored "MM-DD" (kept as sent after a refused save too).
  for (const f of view.fields)
    if (f.kind === 'month-day') values[f.name] = joinMonthDay(values[monthDayPart(f.name, 'month')], values[monthDayPart(f.name, 'day')]);
  const { csrf = '' } = values;
  // "Save and add another" saves as the role's main button does (publish, or review), then opens a new form.
  const another = /^(publish|review)-another$/.exec(values.intent ?? '');
  const intent = another?.[1] ?? values.intent ?? 'draft';
  const list = `/admin/${view.type}`;
  const base = `${schoolPath(request)}/content/${view.type}`;
  const here = params.id === 'new' ? null : `${base}/${encodeURIComponent(params.id)}`;
  if (here && intent === 'restore') return restoreVersion(request, here, `${list}/${encodeURIComponent(params.id)}`, values);
  if (here && intent === 'preview') return previewLink(request, here, values);
  // Delete asks first (decision 0123): the question is this page again, with what was typed.
  if (here && (intent === 'delete' || intent === 'cancel-delete')) {
    const { intent: _asked, csrf: _csrf, ...typed } = values;
    return { confirmDelete: intent === 'delete', values: typed } satisfies DeleteStep;
  }
  if (here && (intent === 'unpublish' || intent === 'delete-confirmed')) {
    const answer =
      intent === 'delete-confirmed'
        ? await adminApi(request, `${here}?version=${encodeURIComponent(values.version ?? '')}`, { method: 'DELETE', csrf })
        : await adminApi(request, `${here}/unpublish`, { method: 'POST', body: { version: values.version }, csrf });
    if (answer.ok)
      return redirect(
        intent === 'delete-confirmed'
          ? `${list}?deleted=${encodeURIComponent(params.id)}`
          : `${list}/${encodeURIComponent(params.id)}?unpublished=1`,
      );
    return refusedSave<ContentItem>(answer, values, request);
  }
  // An album's photos' alt texts and captions first, so that "add alt text, then Publish" is one click.
  const refusedTexts = view.fields.some((f) => f.kind === 'photos') ? await savePhotoTexts(request, values, csrf) : null;
  if (refusedTexts) return refusedSave<ContentItem>(refusedTexts, values, request);
  const body: Record<string, string> = {
    ...Object.fromEntries(view.fields.map((f) => [f.name, values[f.name] ?? ''])),
    publishAt: values.publishAt ?? '',
    unpublishAt: values.unpublishAt ?? '',
    // Update (a live item): the fields change, the status stays.
    ...(intent === 'update' ? {} : { intent }),
    ...(here ? { version: values.version ?? '' } : {}),
    // "Notify subscribers": acted on only when the item is published by this save (or already live).
    ...(values.notify === 'on' ? { notify: 'on' } : {}),
  };
  const answer = await adminApi<{ item: ContentItem }>(request, here ?? base, { method: here ? 'PUT' : 'POST', body, csrf });
  if (answer.ok && answer.data && another) {
    const kept = Object.fromEntries(KEPT_FOR_NEXT.map((f) => [f, values[f] ?? '']));
    const name = String(answer.data.item.fields[view.titleField] ?? '');
    return redirect(`${list}/new?${new URLSearchParams({ ...kept, after: answer.data.item.id, name, as: intent })}`);
  }
  if (answer.ok && answer.data) return redirect(`${list}/${encodeURIComponent(answer.data.item.id)}?saved=1`);
  return refusedSave<ContentItem>(answer, values, request);
}

/**
 * "Notify subscribers" (issue 34): a box before the item's first send, then what became of the send.
 * Publishing (or updating a live item) with the box ticked sends it once to those who chose its topic.
 */
function NotifyChoice({ topic, log, checked, timeZone }: { topic: string; log: SendLog | null; checked: boolean; timeZone: string }) {
  if (log) return <p className="field-hint notify-log">{sendLogWords(log, timeZone)}</p>;
  return (
    <div>
      <div className="admin-check">
        <input id="notify" type="checkbox" name="notify" value="on" defaultChecked={checked} aria-describedby="notify-hint" />
        <label htmlFor="notify">Notify subscribers</label>
      </div>
      <p className="field-hint" id="notify-hint">
        When it is published, parents who subscribed to {topicWords(topic)} get a browser notification or an e-mail. Sent once; with a later
        Publish at, it is sent at that time.
      </p>
    </div>
  );
}

/** What a file field needs besides its value: the library files it shows, the upload's token, and the form's change mark. */
interface FileContext {
  media: Readonly<Record<string, MediaItem>>;
  csrf: string;
  onEdit: () => void;
}

function ItemField({ field, value, error, files }: { field: FieldView; value: string; error: string | undefined; files: FileContext }) {
  const common = { name: field.name, label: field.label, value, error, hint: field.hint, required: field.required };
  switch (field.kind) {
    case 'refs':
      return <FileRefs field={field} value={value} error={error} {...files} />;
    case 'textarea':
      return <EditField {...common} rows={6} />;
    case 'html':
      return <RichTextField {...common} />;
    case 'choice':
      return <EditField {...common} options={field.options ?? []} />;
    case 'date':
      return <EditField {...common} type="date" />;
    case 'month-day':
      return <MonthDayField {...common} />;
    default:
      return <EditField {...common} />;
  }
}

export default function ContentItemForm({ loaderData, actionData }: Route.ComponentProps) {
  const { type, item, saved, unpublished, history, media, next } = loaderData;
  const view = viewOf(type);
  const { role, timeZone, school, me } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const answer = actionData as Outcome | Preview | DeleteStep | undefined;
  const outcome = answer && 'error' in answer ? answer : undefined;
  const deleteStep = answer && 'confirmDelete' in answer ? answer : undefined;
  const preview = answer && 'preview' in answer ? (answer.preview ?? null) : null;
  const labelOf = (field: string) => view.fields.find((f) => f.name === field)?.label ?? WINDOW_LABELS[field] ?? field;
  const v = (name: string, stored: string | null | undefined) =>
    (outcome ?? deleteStep)?.values[name] ?? (stored || next?.values[name]) ?? '';
  const e = (name: string) => outcome?.errors[name];
  const editor = role === 'admin' || role === 'editor';
  const changes = useChangedForm(
    `You have unsaved changes to this ${view.singular}. Leave this page and lose them?`,
    `${type}:${item?.id ?? `new:${next?.id ?? ''}`}:${item?.version ?? 0}`,
  );
  const kept = useKeptText(
    keptTextKey(school.code, type, item?.id ?? 'new'),
    changes.form.ref,
    answer ?? (saved ? `saved:${item?.version ?? 0}` : next ? `after:${next.id}` : undefined),
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
      {item?.notShown ? <p className="admin-alert">{item.notShown.message}</p> : null}
      {item?.reviewNote ? <p className="admin-alert">Returned with a comment: {item.reviewNote}</p> : null}
      <FormMessage
        error={outcome?.error}
        errors={outcome?.errors}
        labelOf={labelOf}
        success={
          answer
            ? null
            : unpublished
              ? 'Unpublished: it is no longer on the website. It stays here as a draft; Publish puts it back.'
              : saved
                ? 'Saved.'
                : next
                  ? next.message
                  : null
        }
      />
      {item && deleteStep?.confirmDelete ? (
        <DeleteConfirm
          title={plainText(item.fields[view.titleField], 80) || '(untitled)'}
          live={item.displayStatus === 'published'}
          listHeading={view.heading}
          version={item.version}
        />
      ) : null}
      {kept.restored ? <KeptTextNote /> : null}
      {outcome?.theirs ? (
        <ConflictBox
          version={outcome.theirs.version}
          lines={view.fields.map((f) => ({ label: f.label, text: plainText(outcome.theirs?.fields[f.name], 2000) }))}
        />
      ) : null}
      {/* A new version (saved, restored) is a new form: fields typed into show the stored text again. */}
      <Form
        key={item?.version ?? `new:${next?.id ?? ''}`}
        id={ITEM_FORM_ID}
        method="post"
        className="admin-form"
        {...changes.form}
        onSubmit={kept.keep}
      >
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
            <ItemField
              key={f.name}
              field={f}
              value={v(f.name, formText(f, item?.fields[f.name]))}
              error={e(f.name)}
              files={{ media, csrf: me.csrfToken, onEdit: changes.form.onChange }}
            />
          ),
        )}
        <PublishWindowFields
          value={(name) => v(name, name === 'publishAt' ? item?.publishAtLocal : item?.unpublishAtLocal)}
          error={e}
          timeZone={timeZone}
        />
        {editor && isNotifiableType(type) ? (
          <NotifyChoice
            topic={NOTIFIABLE_TOPICS[type]}
            log={item?.notification ?? null}
            checked={v('notify', '') === 'on'}
            timeZone={timeZone}
          />
        ) : null}
        {deleteStep?.confirmDelete ? (
          <p>Delete or cancel above.</p>
        ) : (
          <ItemButtons
            item={item}
            editor={editor}
            me={me.user.id}
            singular={view.singular}
            changed={changes.changed}
            extra={
              !item && type === 'toppers' ? (
                <button
                  className="btn"
                  type="submit"
                  name="intent"
                  value={editor ? 'publish-another' : 'review-another'}
                  aria-describedby="another-hint"
                >
                  Save and add another
                </button>
              ) : null
            }
          />
        )}
        {!item && type === 'toppers' ? (
          <p className="field-hint" id="another-hint">
            Save and add another {editor ? 'publishes this topper (at Publish at, if you give one)' : 'submits this topper for review'},
            then opens a new topper form with the same Class, Session year and Publish at.
          </p>
        ) : null}
      </Form>
      {item?.translations?.length ? (
        <OtherLanguages type={type} id={item.id} versions={item.translations} singular={view.singular} />
      ) : null}
      {item && ['draft', 'review', 'scheduled'].includes(item.displayStatus) ? <PreviewBox preview={preview} timeZone={timeZone} /> : null}
      {item && history ? (
        <HistorySection {...history} current={item.version} timeZone={timeZone} labelOf={labelOf} canRestore={editor} />
      ) : null}
    </>
  );
}
