import { Form, Link, redirect, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/page';
import { ConflictBox, SaveButtons } from '../../components/admin/editor-parts';
import { HistorySection } from '../../components/admin/history';
import { CsrfField, EditField, FormMessage } from '../../components/admin/fields';
import { useChangedForm } from '../../components/admin/unsaved-changes';
import { adminApi, fail, formValues, refusedSave, schoolPath, type EditorOutcome, type StaffContext } from '../../lib/admin-api.server';
import { loadHistory, restoreVersion } from '../../lib/admin-history.server';
import { adminMeta } from '../../lib/admin-meta';
import { contentFromForm, pageForm, pageLines, pageWord, type PageNode } from '@sthsm/contract/page-form';
import { pagePath, pageTitle } from '../../lib/admin-pages';

// One information page's texts (/admin/pages/{slug}) over the pages API: Save draft, Publish (Submit
// for review for a contributor), Discard draft. Plain form posts; a failed save keeps the typed
// texts with the message under the part it concerns; a conflicting save shows both texts.

interface StaffPage {
  slug: string;
  version: number;
  status: 'draft' | 'review' | 'published';
  content: unknown;
  draft: unknown;
  reviewNote: string | null;
}

export function meta({ matches, params }: Route.MetaArgs) {
  return adminMeta(`Edit: ${pageTitle(params.slug)}`, matches);
}

const pageApi = (request: Request, slug: string) => `${schoolPath(request)}/pages/${encodeURIComponent(slug)}`;

async function loadPage(request: Request, slug: string): Promise<StaffPage> {
  const answer = await adminApi<{ page: StaffPage }>(request, pageApi(request, slug));
  if (!answer.ok || !answer.data) fail(answer);
  return answer.data.page;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const page = await loadPage(request, params.slug);
  const history = await loadHistory(request, pageApi(request, params.slug));
  return { page, saved: new URL(request.url).searchParams.has('saved'), history };
}

type Outcome = EditorOutcome<StaffPage>;

export async function action({ request, params }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const { intent = 'draft', csrf = '' } = values;
  const api = pageApi(request, params.slug);
  const form = `/admin/pages/${encodeURIComponent(params.slug)}`;
  const done = `${form}?saved=1`;
  if (intent === 'restore') return restoreVersion(request, api, form, values);
  if (intent === 'discard') {
    const answer = await adminApi(request, `${api}/discard`, { method: 'POST', body: { version: values.version }, csrf });
    if (answer.ok) return redirect(done);
    return refusedSave<StaffPage>(answer, values);
  }
  const current = await loadPage(request, params.slug);
  const content = contentFromForm(current.draft ?? current.content, values);
  const answer = await adminApi(request, api, { method: 'PUT', body: { content, version: values.version ?? '', intent }, csrf });
  if (answer.ok) return redirect(done);
  return refusedSave<StaffPage>(answer, values);
}

function PageField({ node, values, errors }: { node: PageNode; values: Record<string, string>; errors: Record<string, string> }) {
  // The API names the page's top-level part a message is about ("history"), so it goes under that part.
  const error = node.name.split('.').length === 2 ? errors[node.name.slice(2)] : undefined;
  if (node.kind === 'group')
    return (
      <fieldset className="admin-fieldset" aria-describedby={error ? `${node.name}-error` : undefined}>
        <legend>{node.legend}</legend>
        {error ? (
          <p className="field-error" id={`${node.name}-error`}>
            {error}
          </p>
        ) : null}
        {node.children.map((c) => (
          <PageField key={c.name} node={c} values={values} errors={errors} />
        ))}
      </fieldset>
    );
  const common = { name: node.name, label: node.label, value: values[node.name] ?? node.value, error };
  return node.input === 'textarea' ? (
    <EditField {...common} rows={4} />
  ) : (
    <EditField {...common} type={node.input === 'number' ? 'number' : 'text'} />
  );
}

const STATUS: Record<StaffPage['status'], string> = {
  published: 'Published (no draft waiting)',
  draft: 'Published, with a draft waiting',
  review: 'Published, with a draft in review',
};

export default function PageForm({ loaderData, actionData }: Route.ComponentProps) {
  const { page, saved, history } = loaderData;
  const { role, timeZone } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const outcome = actionData as Outcome | undefined;
  const editor = role === 'admin' || role === 'editor';
  const hasDraft = page.draft !== null && page.draft !== undefined;
  const changes = useChangedForm('You have unsaved changes to this page. Leave this page and lose them?', `${page.slug}:${page.version}`);
  return (
    <>
      <h1>Edit: {pageTitle(page.slug)}</h1>
      <p>
        Status: {STATUS[page.status]} · version {page.version} ·{' '}
        <Link to={pagePath(page.slug)} reloadDocument>
          See the public page
        </Link>
      </p>
      {page.reviewNote ? <p className="admin-alert">Returned with a comment: {page.reviewNote}</p> : null}
      <FormMessage error={outcome?.error} success={saved && !outcome ? 'Saved.' : null} />
      {outcome?.theirs ? (
        <ConflictBox version={outcome.theirs.version} lines={pageLines(outcome.theirs.draft ?? outcome.theirs.content)} />
      ) : null}
      {/* A new version (saved, restored) is a new form: fields typed into show the stored text again. */}
      <Form key={page.version} method="post" className="admin-form" {...changes.form}>
        <CsrfField />
        <input type="hidden" name="version" value={page.version} />
        {pageForm(hasDraft ? page.draft : page.content).map((node) => (
          <PageField key={node.name} node={node} values={outcome?.values ?? {}} errors={outcome?.errors ?? {}} />
        ))}
        <SaveButtons editor={editor} changed={changes.changed}>
          {hasDraft ? (
            <button className="btn btn--outline" type="submit" name="intent" value="discard" formNoValidate>
              Discard draft
            </button>
          ) : null}
        </SaveButtons>
      </Form>
      <HistorySection {...history} current={page.version} timeZone={timeZone} labelOf={pageWord} canRestore={editor} />
    </>
  );
}
