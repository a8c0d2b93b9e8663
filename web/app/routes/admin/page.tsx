import { useEffect } from 'react';
import { data, Form, Link, redirect, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/page';
import { ConflictBox, KeptTextNote, SaveButtons } from '../../components/admin/editor-parts';
import { keptTextKey, useKeptText } from '../../components/admin/kept-text';
import { HistorySection } from '../../components/admin/history';
import { CsrfField, EditField, FormMessage } from '../../components/admin/fields';
import { FileRefs } from '../../components/admin/file-refs';
import '../../styles/admin-media.css';
import { useChangedForm } from '../../components/admin/unsaved-changes';
import {
  adminApi,
  fail,
  formValues,
  refusedSave,
  schoolPath,
  type EditorOutcome,
  type StaffContext,
} from '../../lib/staff/admin-api.server';
import { loadHistory, restoreVersion } from '../../lib/staff/admin-history.server';
import { loadMediaByRefs } from '../../lib/staff/album-media.server';
import type { MediaItem } from '../../lib/staff/media';
import { adminMeta } from '../../lib/staff/admin-meta';
import { changeList, contentFromForm, pageForm, pageLines, pageWord, shapeOf, type PageNode } from '@sthsm/contract/page-form';
import { pageGuidance, pageTemplate } from '@sthsm/contract/page-templates';
import { isPageSlug } from '@sthsm/contract/pages';
import { pagePath, pageTitle } from '../../lib/staff/admin-pages';

// One information page's texts (/admin/pages/{slug}) over the pages API: Save draft, Publish (Submit
// for review for a contributor), Discard draft. Plain form posts; a failed save keeps the typed
// texts with the message under the part it concerns; a conflicting save shows both texts. A page never
// published is not on the public site; one nobody has written starts from its template, and until the
// first publish each text shows its "write this" hint (@sthsm/contract/page-templates, decision 0134).

interface StaffPage {
  slug: string;
  version: number;
  status: 'draft' | 'review' | 'published';
  /** false: never published (version 0: nobody has written it yet). */
  published: boolean;
  /** What the public sees; null when never published. */
  content: unknown;
  draft: unknown;
  reviewNote: string | null;
  /** Who saved the current version (a staff id). */
  updatedBy: string | null;
}

/** /admin/pages/{slug}, or /admin/syllabus (the same form for the syllabus page, routes.ts). */
const slugOf = (params: { slug?: string | undefined }) => params.slug ?? 'syllabus';

export function meta({ matches, params }: Route.MetaArgs) {
  return adminMeta(`Edit: ${pageTitle(slugOf(params))}`, matches);
}

const pageApi = (request: Request, slug: string) => `${schoolPath(request)}/pages/${encodeURIComponent(slug)}`;

async function loadPage(request: Request, slug: string): Promise<StaffPage> {
  const answer = await adminApi<{ page: StaffPage }>(request, pageApi(request, slug));
  if (!answer.ok || !answer.data) fail(answer);
  return answer.data.page;
}

/** The library's PDFs a document may link to (newest first), for the syllabus's file choices. */
async function libraryPdfs(request: Request): Promise<Array<{ value: string; label: string }>> {
  const answer = await adminApi<{ items: Array<{ ref: string; name: string }> }>(request, '/media?type=pdf');
  return (answer.data?.items ?? []).map((i) => ({ value: i.ref, label: i.name }));
}

/** The text the form starts from: the pending draft, else what is published, else the page's template. */
function shownText(page: StaffPage): unknown {
  return page.draft ?? page.content ?? (isPageSlug(page.slug) ? pageTemplate(page.slug) : {});
}

/** The pictures' files of a page's content (every leaf that is a picture's file). */
function pictureRefs(content: unknown): string[] {
  const refs: string[] = [];
  const walk = (nodes: readonly PageNode[]) => {
    for (const n of nodes) {
      if (n.kind === 'group') walk(n.children);
      else if (n.input === 'image' && n.value) refs.push(n.value);
    }
  };
  walk(pageForm(content));
  return refs;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const slug = slugOf(params);
  const [page, history, pdfs] = await Promise.all([
    loadPage(request, slug),
    loadHistory(request, pageApi(request, slug)),
    slug === 'syllabus' ? libraryPdfs(request) : [],
  ]);
  const refs = pictureRefs(shownText(page));
  const media: Record<string, MediaItem> = refs.length ? await loadMediaByRefs(request, refs) : {};
  return { slug, page, saved: new URL(request.url).searchParams.has('saved'), history, pdfs, media };
}

/**
 * A picture whose file is now a photo of the library takes that photo's size (the form does not
 * show sizes; the public page reserves its space by them), so a new choice is not drawn stretched.
 */
async function withLibrarySizes(request: Request, content: unknown): Promise<unknown> {
  const media = await loadMediaByRefs(request, pictureRefs(content));
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const node = value as Record<string, unknown>;
      const item = typeof node.path === 'string' ? media[node.path] : undefined;
      if (item?.width && item.height && typeof node.width === 'number' && typeof node.height === 'number') {
        node.width = item.width;
        node.height = item.height;
      }
      Object.values(node).forEach(visit);
    }
  };
  visit(content);
  return content;
}

/** `content`: the form's structure after a list's entry was added or removed (not saved yet). */
type Outcome = EditorOutcome<StaffPage> & { content?: unknown; edited?: number };

export async function action({ request, params }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const { intent = 'draft', csrf = '' } = values;
  const api = pageApi(request, slugOf(params));
  const form = new URL(request.url).pathname.replace(/\.data$/, '');
  const done = `${form}?saved=1`;
  if (intent === 'restore') return restoreVersion(request, api, form, values);
  if (intent === 'discard') {
    const answer = await adminApi(request, `${api}/discard`, { method: 'POST', body: { version: values.version }, csrf });
    if (answer.ok) return redirect(done);
    return refusedSave<StaffPage>(answer, values, request);
  }
  if (/^(add|remove):/.test(intent)) {
    // Add or Remove: the form again with the typed texts and the list changed; nothing is saved yet.
    const shown = shapeOf(values.shape);
    const content = shown && changeList(contentFromForm(shown, values), intent);
    if (!content)
      return data<Outcome>({ error: 'That list entry no longer exists. Reload the page.', errors: {}, values }, { status: 400 });
    return { error: '', errors: {}, values: {}, content, edited: Date.now() } satisfies Outcome;
  }
  // Read as the save's first step: signed out here goes to the sign-in page like a refused save.
  const read = await adminApi<{ page: StaffPage }>(request, api);
  if (!read.ok || !read.data) return refusedSave<StaffPage>(read, values, request);
  const current = read.data.page;
  const content = await withLibrarySizes(request, contentFromForm(shapeOf(values.shape) ?? shownText(current), values));
  const answer = await adminApi(request, api, { method: 'PUT', body: { content, version: values.version ?? '', intent }, csrf });
  if (answer.ok) return redirect(done);
  return refusedSave<StaffPage>(answer, values, request);
}

type Choice = { value: string; label: string };

/** What a picture's file field needs: the library files it shows, the upload's token, and the form's change mark. */
interface PictureContext {
  media: Readonly<Record<string, MediaItem>>;
  csrf: string;
  onEdit: () => void;
}

function PageField({
  node,
  values,
  errors,
  pdfs,
  files,
  hintOf,
}: {
  node: PageNode;
  values: Record<string, string>;
  errors: Record<string, string>;
  pdfs: readonly Choice[];
  files: PictureContext;
  /** The "write this" hint of a text (a page never published), by its field name. */
  hintOf: (name: string) => string | undefined;
}) {
  // The API names the page's top-level part a message is about ("history"), so it goes under that part.
  const error = node.name.split('.').length === 2 ? errors[node.name.slice(2)] : undefined;
  if (node.kind === 'group')
    return (
      <fieldset id={`field-${node.name}`} className="admin-fieldset" aria-describedby={error ? `${node.name}-error` : undefined}>
        <legend>{node.legend}</legend>
        {error ? (
          <p className="field-error" id={`${node.name}-error`}>
            {error}
          </p>
        ) : null}
        {node.children.map((c) => (
          <div key={c.name} className={node.entry ? 'admin-list-entry' : undefined}>
            <PageField node={c} values={values} errors={errors} pdfs={pdfs} files={files} hintOf={hintOf} />
            {node.entry && node.children.length > 1 ? (
              <button className="btn btn--outline" type="submit" name="intent" value={`remove:${c.name}`} formNoValidate>
                Remove {c.kind === 'leaf' ? c.label.toLowerCase() : c.legend.toLowerCase()}
              </button>
            ) : null}
          </div>
        ))}
        {node.entry ? (
          <button className="btn btn--outline" type="submit" name="intent" value={`add:${node.name}`} formNoValidate>
            Add {node.entry.toLowerCase()}
          </button>
        ) : null}
      </fieldset>
    );
  const guidance = hintOf(node.name);
  const common = {
    name: node.name,
    label: node.label,
    value: values[node.name] ?? node.value,
    error,
    ...(guidance ? { hint: guidance } : {}),
  };
  if (node.input === 'image') {
    const field = {
      name: node.name,
      label: node.label,
      hint: guidance ?? 'One photo from the media library.',
      single: true,
      photosOnly: true,
    };
    return <FileRefs field={field} value={common.value} error={error} {...files} />;
  }
  if (node.input === 'pdf') {
    // The file kept as it is when it is not (or not yet) a library PDF, e.g. the seed's.
    const options =
      pdfs.some((p) => p.value === common.value) || !common.value
        ? pdfs
        : [{ value: common.value, label: `${common.value} (current)` }, ...pdfs];
    return (
      <EditField {...common} required options={options} hint={guidance ?? 'A PDF of the media library. Upload a new one there first.'} />
    );
  }
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
const UNPUBLISHED: Record<StaffPage['status'], string> = {
  published: 'Not published',
  draft: 'Not published, a draft saved',
  review: 'Not published, a draft in review',
};

/** The status line's words: a page nobody has written yet, never published, or published. */
function statusOf(page: StaffPage): string {
  if (page.version === 0) return 'Not written yet, not on the public site';
  return page.published ? STATUS[page.status] : `${UNPUBLISHED[page.status]}, not on the public site`;
}

export default function PageForm({ loaderData, actionData }: Route.ComponentProps) {
  const { slug, page, saved, history, pdfs, media } = loaderData;
  const { role, timeZone, school, me } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const outcome = actionData as Outcome | undefined;
  const editor = role === 'admin' || role === 'editor';
  const hasDraft = page.draft !== null && page.draft !== undefined;
  const shown = outcome?.content ?? shownText(page);
  // Until the first publish each text says what to write there; never shown on the public site.
  const hintOf = (name: string) => (!page.published && isPageSlug(page.slug) ? pageGuidance(page.slug, name) : undefined);
  // An entry added or removed is a change not saved yet: the status line says so (with or without
  // JavaScript) and leaving asks first.
  const listEdited = outcome?.edited;
  const changes = useChangedForm(
    'You have unsaved changes to this page. Leave this page and lose them?',
    `${page.slug}:${page.version}`,
    listEdited !== undefined,
  );
  // …and stays a change after later answers (a refused save), until a save succeeds.
  const markChanged = changes.form.onChange;
  useEffect(() => {
    if (listEdited) markChanged();
  }, [listEdited, markChanged]);
  const kept = useKeptText(
    keptTextKey(school.code, 'pages', page.slug),
    changes.form.ref,
    outcome ?? (saved ? `saved:${page.version}` : undefined),
    changes.form.onChange,
    [],
    (keptVersion) => page.updatedBy === me.user.id && page.version === Number(keptVersion) + 1,
  );
  return (
    <>
      <h1>Edit: {pageTitle(page.slug)}</h1>
      <p>
        Status: {statusOf(page)}
        {page.version ? ` · version ${page.version}` : ''}
        {page.published ? (
          <>
            {' · '}
            <Link to={pagePath(page.slug)} reloadDocument>
              See the public page
            </Link>
          </>
        ) : null}
      </p>
      {page.published ? null : (
        <div className="admin-alert" role="note">
          <p>
            {page.version === 0 ? 'Nobody has written this page yet. ' : ''}
            It is not on the public site: the menu and the sitemap leave it out and its address answers “page not found” until it is
            published.
          </p>
          <p>
            Each part below says what to write there. Replace or keep the headings and write every text in the school&rsquo;s own words:
            Save draft keeps what you have written so far, however much is left, and publishing needs every part written
            {editor ? '.' : ' (an editor or administrator publishes what you submit for review).'}
          </p>
        </div>
      )}
      {page.reviewNote ? <p className="admin-alert">Returned with a comment: {page.reviewNote}</p> : null}
      {slug === 'syllabus' ? (
        <p>
          Each document links to a PDF of the <Link to="/admin/media?type=pdf">media library</Link>: upload a new syllabus there first, then
          choose it here. A PDF in use here cannot be deleted from the library.
        </p>
      ) : null}
      <FormMessage
        error={outcome?.error}
        errors={outcome?.errors}
        labelOf={pageWord}
        idOf={(name) => `field-c.${name}`}
        success={saved && !outcome ? 'Saved.' : null}
      />
      {kept.restored ? <KeptTextNote /> : null}
      {outcome?.theirs ? (
        <ConflictBox version={outcome.theirs.version} lines={pageLines(outcome.theirs.draft ?? outcome.theirs.content)} />
      ) : null}
      {/* A new version (saved, restored) is a new form: fields typed into show the stored text again. */}
      {/* A list changed (Add, Remove) is a new form too, its fields named by their new places. */}
      <Form key={`${page.version}:${outcome?.edited ?? 0}`} method="post" className="admin-form" {...changes.form} onSubmit={kept.keep}>
        <CsrfField />
        <input type="hidden" name="version" value={kept.version ?? page.version} />
        <input type="hidden" name="shape" value={JSON.stringify(shown)} />
        {pageForm(shown).map((node) => (
          <PageField
            key={node.name}
            node={node}
            values={outcome?.values ?? {}}
            errors={outcome?.errors ?? {}}
            pdfs={pdfs}
            files={{ media, csrf: me.csrfToken, onEdit: changes.form.onChange }}
            hintOf={hintOf}
          />
        ))}
        <SaveButtons editor={editor} changed={changes.changed} partialDrafts>
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
