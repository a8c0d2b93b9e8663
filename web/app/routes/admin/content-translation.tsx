import { Form, Link, redirect, useRouteLoaderData } from 'react-router';
import { DISPLAY_STATUS_LABELS, TRANSLATABLE_FIELDS, type DisplayStatus } from '@sthsm/contract';
import { LANGUAGES, isSiteLanguage, type SiteLanguage } from '@sthsm/contract/languages';
import { sanitizeRichText } from '@sthsm/contract/rich-text-sanitize';
import type { Route } from './+types/content-translation';
import { viewOf } from './content';
import { ConflictBox, KeptTextNote, PublishWindowFields } from '../../components/admin/editor-parts';
import { ItemButtons } from '../../components/admin/item-actions';
import { keptTextKey, useKeptText } from '../../components/admin/kept-text';
import { HistorySection } from '../../components/admin/history';
import { useChangedForm } from '../../components/admin/unsaved-changes';
import { CsrfField, EditField, FormMessage } from '../../components/admin/fields';
import { RichTextField } from '../../components/admin/rich-text/field';
import {
  adminApi,
  fail,
  formValues,
  refusedSave,
  schoolPath,
  type EditorOutcome,
  type StaffContext,
} from '../../lib/staff/admin-api.server';
import { formText, plainText, type FieldView } from '../../lib/staff/admin-content';
import { loadHistory, restoreVersion } from '../../lib/staff/admin-history.server';
import { adminMeta } from '../../lib/staff/admin-meta';
import { scriptFontFor } from '../../i18n/fonts';

// An item's version in another language (issue 35, docs/decisions/0156), translated side by side:
// each text field of the English item beside the field it is written in, the fields every language
// shares named (changed on the English item), and the language's own status, publish window and
// history. Saving, publishing or unpublishing it never touches the English item or another
// language. Plain form posts: it works without JavaScript; a refused save keeps every typed value.

interface Translation {
  fields: Record<string, unknown>;
  status: 'draft' | 'review' | 'published';
  displayStatus: DisplayStatus;
  publishAtLocal: string | null;
  unpublishAtLocal: string | null;
  version: number;
  createdBy: string | null;
  updatedBy: string | null;
  reviewNote: string | null;
}

interface TranslationPage {
  item: { id: string; title: string; fields: Record<string, unknown>; displayStatus: DisplayStatus };
  translatable: string[];
  shared: string[];
  offered: boolean;
  translation: Translation | null;
  /** What changed in the English since this version was last saved. */
  englishChanged: Array<{ field: string }>;
}

function languageOf(param: string | undefined): SiteLanguage {
  if (!param || !isSiteLanguage(param)) throw new Response('There is no such page in the staff area.', { status: 404 });
  return param;
}

export function meta({ matches, params }: Route.MetaArgs) {
  const language = params.lang && isSiteLanguage(params.lang) ? LANGUAGES[params.lang].english : 'Language';
  return adminMeta(`${language} version`, matches);
}

const apiOf = (request: Request, type: string, id: string, lang: string) =>
  `${schoolPath(request)}/content/${type}/${encodeURIComponent(id)}/translations/${lang}`;
const pageOf = (type: string, id: string, lang: string) => `/admin/${type}/${encodeURIComponent(id)}/translations/${lang}`;

export async function loader({ request, params }: Route.LoaderArgs) {
  const view = viewOf(params.type);
  const lang = languageOf(params.lang);
  const api = apiOf(request, view.type, params.id, lang);
  const answer = await adminApi<TranslationPage>(request, api);
  if (!answer.ok || !answer.data) fail(answer);
  const page = answer.data;
  // The English text to translate beside, as the public sees it (rich text sanitized here, on the server).
  const english = Object.fromEntries(
    page.translatable.map((name) => {
      const field = view.fields.find((f) => f.name === name);
      const value = String(page.item.fields[name] ?? '');
      return [name, field?.kind === 'html' ? sanitizeRichText(value) : value];
    }),
  );
  const query = new URL(request.url).searchParams;
  return {
    type: view.type,
    lang,
    page: { ...page, item: { ...page.item, fields: english } },
    history: page.translation ? await loadHistory(request, api) : null,
    saved: query.has('saved'),
    unpublished: query.has('unpublished'),
  };
}

type Outcome = EditorOutcome<Translation>;

export async function action({ request, params }: Route.ActionArgs) {
  const view = viewOf(params.type);
  const lang = languageOf(params.lang);
  const values = formValues(await request.formData());
  const { csrf = '', intent = 'draft' } = values;
  const api = apiOf(request, view.type, params.id, lang);
  const here = pageOf(view.type, params.id, lang);
  if (intent === 'restore') return restoreVersion(request, api, here, values);
  if (intent === 'unpublish') {
    const answer = await adminApi(request, `${api}/unpublish`, { method: 'POST', body: { version: values.version ?? '' }, csrf });
    if (answer.ok) return redirect(`${here}?unpublished=1`);
    return refusedSave<Translation>(answer, values, request);
  }
  const fields = TRANSLATABLE_FIELDS[view.type] ?? [];
  const body: Record<string, string> = {
    ...Object.fromEntries(fields.map((name) => [name, values[name] ?? ''])),
    publishAt: values.publishAt ?? '',
    unpublishAt: values.unpublishAt ?? '',
    version: values.version ?? '0',
    // Update (a live version): the text changes, the status stays.
    ...(intent === 'update' ? {} : { intent }),
  };
  const answer = await adminApi<{ translation: Translation }>(request, api, { method: 'PUT', body, csrf });
  if (answer.ok) return redirect(`${here}?saved=1`);
  return refusedSave<Translation>(answer, values, request);
}

/** The English text of one field, beside the field it is translated in. */
function Source({ field, text, id }: { field: FieldView; text: string; id: string }) {
  return (
    <div className="translate-source">
      <p className="translate-source__label" id={id}>
        English: {field.label}
      </p>
      {field.kind === 'html' ? (
        // Sanitized in the loader, on the server.
        <div className="translate-source__text rich-text" lang="en" dangerouslySetInnerHTML={{ __html: text }} />
      ) : (
        <div className="translate-source__text" lang="en">
          {text || <em>(empty in English)</em>}
        </div>
      )}
    </div>
  );
}

export default function ContentTranslation({ loaderData, actionData }: Route.ComponentProps) {
  const { type, lang, page, history, saved, unpublished } = loaderData;
  const view = viewOf(type);
  const language = LANGUAGES[lang];
  const { role, timeZone, school, me } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const outcome = actionData as Outcome | undefined;
  const { translation, item } = page;
  const fields = page.translatable.flatMap((name) => view.fields.filter((f) => f.name === name));
  const sharedLabels = page.shared.flatMap((name) => view.fields.filter((f) => f.name === name).map((f) => f.label.toLowerCase()));
  const shared = new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(sharedLabels);
  const labelOf = (name: string) =>
    fields.find((f) => f.name === name)?.label ??
    ({ status: 'Status', publishAt: 'Publish at', unpublishAt: 'Unpublish at' } as Record<string, string>)[name] ??
    name;
  const v = (name: string, stored: string | null | undefined) => outcome?.values[name] ?? stored ?? '';
  const e = (name: string) => outcome?.errors[name];
  const editor = role === 'admin' || role === 'editor';
  const singular = `${language.english} version`;
  const changes = useChangedForm(
    `You have unsaved changes to this ${singular}. Leave this page and lose them?`,
    `${type}:${item.id}:${lang}:${translation?.version ?? 0}`,
  );
  const kept = useKeptText(
    keptTextKey(school.code, `${type}@${lang}`, item.id),
    changes.form.ref,
    outcome ?? (saved ? `saved:${translation?.version ?? 0}` : undefined),
    changes.form.onChange,
    [],
    (keptVersion) => translation !== null && translation.updatedBy === me.user.id && translation.version === Number(keptVersion) + 1,
  );
  return (
    <>
      {/* The language's script font for what is typed and shown in it (a computer may have none). */}
      <style>{scriptFontFor(lang, `.translate-form [lang="${language.tag}"]`)}</style>
      <p>
        <Link className="back-link" to={`/admin/${type}/${encodeURIComponent(item.id)}`}>
          <span aria-hidden="true">← </span>
          The English {view.singular}
        </Link>
      </p>
      <h1>
        {language.english} version of “<span lang="en">{item.title}</span>”
      </h1>
      <p>
        {translation
          ? `${language.english}: ${DISPLAY_STATUS_LABELS[translation.displayStatus]} · version ${translation.version}. The English ${view.singular} is ${DISPLAY_STATUS_LABELS[item.displayStatus].toLowerCase()}; each has its own status.`
          : `Not written yet: the ${language.english} website shows this ${view.singular} in English, with a one-line note in ${language.english}.`}
      </p>
      {page.offered ? null : (
        <p className="admin-alert">
          {language.english} is turned off in Settings, so the website has no {language.english} pages. Turn it on under Settings,
          Languages, to write and publish this version.
        </p>
      )}
      {translation?.reviewNote ? <p className="admin-alert">Returned with a comment: {translation.reviewNote}</p> : null}
      {page.englishChanged.length > 0 ? (
        <p className="admin-alert">
          The English {new Intl.ListFormat('en-GB').format(page.englishChanged.map((c) => labelOf(c.field).toLowerCase()))} changed after
          this {language.english} version was last saved. Check the {language.english} beside the new English below, then save.
        </p>
      ) : null}
      <FormMessage
        error={outcome?.error}
        errors={outcome?.errors}
        labelOf={labelOf}
        success={
          outcome
            ? null
            : unpublished
              ? `Unpublished: the ${language.english} website shows the English text again, with its note. The English ${view.singular} is unchanged.`
              : saved
                ? translation?.displayStatus === 'published'
                  ? `Saved. The ${language.english} website shows this text now; the English ${view.singular} is unchanged.`
                  : 'Saved.'
                : null
        }
      />
      {kept.restored ? <KeptTextNote /> : null}
      {outcome?.theirs ? (
        <ConflictBox
          version={outcome.theirs.version}
          lines={fields.map((f) => ({ label: f.label, text: plainText(outcome.theirs?.fields[f.name], 2000) }))}
        />
      ) : null}
      <p className="field-hint">
        Write each text in {language.english} beside its English.
        {sharedLabels.length > 0
          ? ` The ${shared} ${sharedLabels.length === 1 ? 'is' : 'are'} the same in every language: change ${sharedLabels.length === 1 ? 'it' : 'them'} on the English ${view.singular}.`
          : ''}
      </p>
      <Form key={translation?.version ?? 'new'} method="post" className="admin-form translate-form" {...changes.form} onSubmit={kept.keep}>
        <CsrfField />
        <input type="hidden" name="version" value={kept.version ?? translation?.version ?? 0} />
        {fields.map((f) => {
          const common = {
            name: f.name,
            label: `${f.label} in ${language.english}`,
            value: v(f.name, formText(f, translation?.fields[f.name])),
            error: e(f.name),
            required: f.required,
            lang: language.tag,
            dir: language.dir,
          };
          return (
            <div className="translate-row" key={f.name}>
              <Source field={f} text={String(item.fields[f.name] ?? '')} id={`source-${f.name}`} />
              {f.kind === 'html' ? (
                <RichTextField {...common} />
              ) : f.kind === 'textarea' ? (
                <EditField {...common} rows={6} />
              ) : (
                <EditField {...common} />
              )}
            </div>
          );
        })}
        <PublishWindowFields
          value={(name) => v(name, name === 'publishAt' ? translation?.publishAtLocal : translation?.unpublishAtLocal)}
          error={e}
          timeZone={timeZone}
          whose={`The ${language.english} text's own time, in`}
        />
        <ItemButtons item={translation} editor={editor} me={me.user.id} singular={singular} changed={changes.changed} deletable={false} />
      </Form>
      {translation && history ? (
        <HistorySection {...history} current={translation.version} timeZone={timeZone} labelOf={labelOf} canRestore={editor} />
      ) : null}
    </>
  );
}
