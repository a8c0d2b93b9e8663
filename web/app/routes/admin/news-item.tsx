import { data, Form, redirect, useRouteLoaderData } from 'react-router';
import { DISPLAY_STATUS_LABELS, type DisplayStatus } from '@sthsm/contract';
import type { Route } from './+types/news-item';
import { CsrfField, FormMessage } from '../../components/admin/fields';
import { adminApi, fail, formValues, schoolPath, type StaffContext } from '../../lib/admin-api.server';
import { adminMeta } from '../../lib/admin-meta';

// One news item's form (STAFF.md: Title, Date, Description, … Publish at, Unpublish at; Save draft,
// Publish or Submit for review, Unpublish, Delete). Plain form posts: it works without JavaScript.
// A failed save keeps every typed value; a conflicting save shows both texts.

interface NewsItem {
  id: string;
  fields: { title: string; date: string | null; fromDate: string | null; description: string; attachments: string[] };
  displayStatus: DisplayStatus;
  publishAtLocal: string | null;
  unpublishAtLocal: string | null;
  version: number;
  reviewNote: string | null;
}

export function meta({ matches, params }: Route.MetaArgs) {
  return adminMeta(params.id === 'new' ? 'New news item' : 'Edit news item', matches);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const saved = new URL(request.url).searchParams.has('saved');
  if (params.id === 'new') return { item: null, saved: false };
  const answer = await adminApi<{ item: NewsItem }>(request, `${schoolPath(request)}/content/news/${encodeURIComponent(params.id)}`);
  if (!answer.ok || !answer.data) fail(answer);
  return { item: answer.data.item, saved };
}

interface Outcome {
  error: string;
  errors: Record<string, string>;
  values: Record<string, string>;
  theirs?: NewsItem | null;
}

export async function action({ request, params }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const { intent = 'draft', csrf = '' } = values;
  const base = `${schoolPath(request)}/content/news`;
  const here = params.id === 'new' ? null : `${base}/${encodeURIComponent(params.id)}`;
  const body = {
    title: values.title ?? '',
    date: values.date ?? '',
    fromDate: values.fromDate ?? '',
    description: values.description ?? '',
    attachments: values.attachments ?? '',
    publishAt: values.publishAt ?? '',
    unpublishAt: values.unpublishAt ?? '',
    intent,
    ...(here ? { version: values.version ?? '' } : {}),
  };
  if (here && (intent === 'unpublish' || intent === 'delete')) {
    const answer =
      intent === 'delete'
        ? await adminApi(request, `${here}?version=${encodeURIComponent(values.version ?? '')}`, { method: 'DELETE', csrf })
        : await adminApi(request, `${here}/unpublish`, { method: 'POST', body: { version: values.version }, csrf });
    if (answer.ok) return redirect(intent === 'delete' ? '/admin/news' : `/admin/news/${encodeURIComponent(params.id)}`);
    return data<Outcome>({ error: answer.error, errors: {}, values }, { status: answer.status || 503 });
  }
  const answer = await adminApi<{ item: NewsItem; errors?: Record<string, string>; current?: NewsItem | null }>(request, here ?? base, {
    method: here ? 'PUT' : 'POST',
    body,
    csrf,
  });
  if (answer.ok && answer.data) return redirect(`/admin/news/${encodeURIComponent(answer.data.item.id)}?saved=1`);
  if (answer.status === 401) fail(answer);
  const details = answer.details ?? {};
  return data<Outcome>(
    {
      error: answer.error,
      errors: (details.errors as Record<string, string> | undefined) ?? {},
      values,
      theirs: (details.current as NewsItem | null | undefined) ?? null,
    },
    { status: answer.status || 503 },
  );
}

function Input({
  name,
  label,
  type = 'text',
  value,
  error,
  required = false,
}: {
  name: string;
  label: string;
  type?: string;
  value: string;
  error?: string | undefined;
  required?: boolean;
}) {
  const id = `field-${name}`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function TextArea({
  name,
  label,
  value,
  error,
  hint,
}: {
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  hint?: string;
}) {
  const id = `field-${name}`;
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <textarea id={id} name={name} defaultValue={value} rows={6} aria-invalid={error ? true : undefined} aria-describedby={described} />
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function NewsItemForm({ loaderData, actionData }: Route.ComponentProps) {
  const { item, saved } = loaderData;
  const { role } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const outcome = actionData as Outcome | undefined;
  const v = (name: string, stored: string | null | undefined) => outcome?.values[name] ?? stored ?? '';
  const e = (name: string) => outcome?.errors[name];
  const editor = role === 'admin' || role === 'editor';
  return (
    <>
      <h1>{item ? 'Edit news item' : 'New news item'}</h1>
      {item ? (
        <p>
          Status: {DISPLAY_STATUS_LABELS[item.displayStatus]} · version {item.version}
        </p>
      ) : null}
      {item?.reviewNote ? <p className="admin-alert">Returned with a comment: {item.reviewNote}</p> : null}
      <FormMessage error={outcome?.error} success={saved && !outcome ? 'Saved.' : null} />
      {outcome?.theirs ? (
        <section aria-labelledby="theirs-heading" className="admin-alert">
          <h2 id="theirs-heading">The version saved meanwhile (version {outcome.theirs.version})</h2>
          <p>
            <strong>Title:</strong> {outcome.theirs.fields.title}
          </p>
          <p>
            <strong>Description:</strong> {outcome.theirs.fields.description}
          </p>
          <p>Your text is still in the form below. Reload the item to edit the new version, then add your changes.</p>
        </section>
      ) : null}
      <Form method="post" className="admin-form">
        <CsrfField />
        {item ? <input type="hidden" name="version" value={item.version} /> : null}
        <Input name="title" label="Title" value={v('title', item?.fields.title)} error={e('title')} required />
        <Input name="date" label="Date" type="date" value={v('date', item?.fields.date?.slice(0, 10))} error={e('date')} />
        <Input
          name="fromDate"
          label="From date"
          type="date"
          value={v('fromDate', item?.fields.fromDate?.slice(0, 10))}
          error={e('fromDate')}
        />
        <TextArea name="description" label="Description" value={v('description', item?.fields.description)} error={e('description')} />
        <TextArea
          name="attachments"
          label="Attachments"
          hint="One file reference per line, like STHSM/public/Images/notice.pdf."
          value={v('attachments', item?.fields.attachments.join('\n'))}
          error={e('attachments')}
        />
        <Input
          name="publishAt"
          label="Publish at"
          type="datetime-local"
          value={v('publishAt', item?.publishAtLocal)}
          error={e('publishAt')}
        />
        <Input
          name="unpublishAt"
          label="Unpublish at"
          type="datetime-local"
          value={v('unpublishAt', item?.unpublishAtLocal)}
          error={e('unpublishAt')}
        />
        <div className="admin-button-row">
          <button className="btn btn--outline" type="submit" name="intent" value="draft">
            Save draft
          </button>
          {editor ? (
            <button className="btn" type="submit" name="intent" value="publish">
              Publish
            </button>
          ) : (
            <button className="btn" type="submit" name="intent" value="review">
              Submit for review
            </button>
          )}
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
        </div>
      </Form>
    </>
  );
}
