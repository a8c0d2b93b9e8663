import { useState } from 'react';
import { data, Form, Link, useNavigation } from 'react-router';
import { LANGUAGES, type Locale } from '@sthsm/contract/languages';
import { MESSAGE_PART_LABELS, MESSAGE_PARTS, type MessagePart } from '@sthsm/contract/messages';
import '../../styles/admin-words.css';
import type { Route } from './+types/words';
import { CsrfField, FormMessage } from '../../components/admin/fields';
import { AdminPager } from '../../components/admin/pager';
import { useUnsavedChanges } from '../../components/admin/unsaved-changes';
import { fail, formValues, refusedSave, schoolPath, adminApi } from '../../lib/staff/admin-api.server';
import { adminMeta } from '../../lib/staff/admin-meta';
import { changesOf, correctableLanguages, languageName, loadCorrections, WORDS_PAGE_SIZE, wordRows } from '../../lib/staff/words.server';
import { fieldIdOf, TEXT_FIELD } from '../../lib/staff/words';

// "Words on the site" (docs/staff.md): an administrator corrects any message of the public site in
// English or a language the school offers — a stiff Hindi word, "Alumni" → "Old Students". The
// messages are listed by part of the site with a search; each shows the English, the standard
// wording and the school's own in a field. One plain form post saves every change of the page
// (checked here and by the API with the same rule); a refused text comes back beside its field.

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Words on the site', matches);
}

const PARTS = Object.keys(MESSAGE_PARTS) as MessagePart[];
const isPart = (value: string | null): value is MessagePart => PARTS.includes(value as MessagePart);

function chosen(request: Request, languages: readonly Locale[]) {
  const url = new URL(request.url);
  const asked = url.searchParams.get('lang');
  const lang = languages.find((l) => l === asked) ?? languages[1] ?? 'en';
  const q = url.searchParams.get('q')?.trim() ?? '';
  const partParam = url.searchParams.get('part');
  // A search looks in every part of the site: a word is found wherever it is used.
  const part: MessagePart | 'all' = q || partParam === 'all' ? 'all' : isPart(partParam) ? partParam : 'shell';
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  return { lang, q, part, page };
}

export async function loader({ request }: Route.LoaderArgs) {
  const languages = await correctableLanguages(request);
  const { lang, q, part, page } = chosen(request, languages);
  const answer = await loadCorrections(request, lang);
  if (!answer.ok || !answer.data) fail(answer);
  const rows = wordRows(lang, answer.data.words, part, q);
  const pages = Math.max(1, Math.ceil(rows.length / WORDS_PAGE_SIZE));
  const at = Math.min(page, pages);
  return {
    languages: languages.map((l) => ({ code: l, name: languageName(l) })),
    lang,
    tag: LANGUAGES[lang].tag,
    dir: LANGUAGES[lang].dir,
    q,
    part,
    page: at,
    pages,
    total: rows.length,
    corrected: answer.data.words.length,
    rows: rows.slice((at - 1) * WORDS_PAGE_SIZE, at * WORDS_PAGE_SIZE),
  };
}

interface Outcome {
  error: string;
  success: string;
  errors: Record<string, string>;
  /** The typed texts (kept after a refusal). */
  values: Record<string, string>;
}

const outcome = (o: Partial<Outcome>, status = 200) => data<Outcome>({ error: '', success: '', errors: {}, values: {}, ...o }, { status });

export async function action({ request }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const { csrf = '', lang: asked = '', reset = '' } = values;
  const languages = await correctableLanguages(request);
  const lang = languages.find((l) => l === asked);
  const kept = Object.fromEntries(Object.entries(values).filter(([name]) => name.startsWith(TEXT_FIELD)));
  if (!lang) return outcome({ error: 'Choose a language of the site.', values: kept }, 400);
  const current = await loadCorrections(request, lang);
  if (!current.ok || !current.data) return refusedSave(current, kept, request);
  const { words, errors } = changesOf(lang, current.data.words, values, reset);
  const wrong = Object.keys(errors);
  if (wrong.length > 0) {
    const error =
      wrong.length === 1
        ? 'This wording needs attention. Nothing was saved.'
        : `${wrong.length} wordings need attention. Nothing was saved.`;
    return outcome({ error, errors, values: kept }, 400);
  }
  const n = Object.keys(words).length;
  if (n === 0) return outcome({ success: 'Nothing was different, so nothing was saved.' });
  const answer = await adminApi<{ changed: string[] }>(request, `${schoolPath(request)}/words/${lang}`, {
    method: 'PUT',
    body: { words },
    csrf,
  });
  if (!answer.ok) return refusedSave(answer, kept, request);
  const back = reset && words[reset] === null && n === 1;
  return outcome({
    success: back
      ? 'Back to the standard wording. The public site shows it now.'
      : `Saved (${n} ${n === 1 ? 'change' : 'changes'}). The public site shows ${n === 1 ? 'it' : 'them'} now.`,
  });
}

type Row = Route.ComponentProps['loaderData']['rows'][number];

function WordItem({
  row,
  lang,
  tag,
  dir,
  typed,
  error,
}: {
  row: Row;
  lang: Locale;
  tag: string;
  dir: string;
  typed: string | undefined;
  error: string | undefined;
}) {
  const id = fieldIdOf(row.key);
  const value = typed ?? row.correction ?? row.standard;
  return (
    <li className={`word${row.correction ? ' word--corrected' : ''}`}>
      <p className="word-key">
        <code>{row.key}</code>
        {row.correction ? <span className="word-badge">Corrected</span> : null}
      </p>
      <dl className="word-texts">
        {lang !== 'en' ? (
          <div>
            <dt>English</dt>
            <dd lang="en">{row.english}</dd>
          </div>
        ) : null}
        <div>
          <dt>Standard wording</dt>
          <dd lang={tag} dir={dir}>
            {row.standard}
          </dd>
        </div>
      </dl>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor={id}>
          Your wording<span className="visually-hidden"> of “{row.english}”</span>
        </label>
        <textarea
          id={id}
          name={`${TEXT_FIELD}${row.key}`}
          defaultValue={value}
          rows={Math.min(6, Math.max(1, Math.ceil(value.length / 60)))}
          lang={tag}
          dir={dir}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p className="field-error" id={`${id}-error`}>
            {error}
          </p>
        ) : null}
      </div>
      {row.correction ? (
        <button className="btn btn--outline" type="submit" name="reset" value={row.key} aria-describedby={id}>
          Back to the standard wording
        </button>
      ) : null}
    </li>
  );
}

export default function WordsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { languages, lang, tag, dir, q, part, page, pages, total, corrected, rows } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const [dirty, setDirty] = useState(false);
  const [answered, setAnswered] = useState(actionData);
  // A new answer: a save leaves nothing unsaved; a refusal keeps the typed texts (still unsaved).
  if (actionData !== answered) {
    setAnswered(actionData);
    setDirty(Boolean(actionData?.error));
  }
  useUnsavedChanges(dirty, 'You have changed wording that is not saved. Leave this page and lose it?', busy);
  const typed = actionData?.values ?? {};
  const at = (p: number) => `?${new URLSearchParams({ lang, part, ...(q ? { q } : {}), page: String(p) })}`;
  const englishOf = new Map<string, string>(rows.map((r) => [r.key, r.english]));
  return (
    <>
      <h1>Words on the site</h1>
      <p>
        Every word of the public site&rsquo;s menus, buttons, headings and messages comes from a standard wording for each language. Here
        you can put your school&rsquo;s own words in place of any of them: a local term, a friendlier word, &ldquo;Old Students&rdquo; for
        &ldquo;Alumni&rdquo;. Your wording shows on every page at once; &ldquo;Back to the standard wording&rdquo; undoes it.
      </p>
      <Form method="get" className="admin-filters words-filters" aria-label="Find messages">
        <div className="field">
          <label htmlFor="words-lang">Language</label>
          <select id="words-lang" name="lang" defaultValue={lang}>
            {languages.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="words-part">Part of the site</label>
          <select id="words-part" name="part" defaultValue={part}>
            <option value="all">Every part</option>
            {PARTS.map((p) => (
              <option key={p} value={p}>
                {MESSAGE_PART_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="words-q">Search</label>
          <input id="words-q" name="q" type="search" defaultValue={q} aria-describedby="words-q-hint" />
          <p className="field-hint" id="words-q-hint">
            In every part of the site: words of the English, the standard wording or yours, or a message&rsquo;s key.
          </p>
        </div>
        <div className="admin-button-row">
          <button className="btn" type="submit">
            Show
          </button>
          {q ? (
            <Link className="btn btn--outline" to={`?${new URLSearchParams({ lang, part: 'shell' })}`}>
              Clear search
            </Link>
          ) : null}
        </div>
      </Form>
      <p>
        <output>
          {total} {total === 1 ? 'message' : 'messages'}
          {pages > 1 ? `, page ${page} of ${pages}` : ''}. Your school has corrected {corrected} in {languageOf(languages, lang)}.
        </output>
      </p>
      <Form method="post" className="words-form" onInput={() => setDirty(true)}>
        <CsrfField />
        <input type="hidden" name="lang" value={lang} />
        <FormMessage
          error={actionData?.error}
          success={actionData && 'success' in actionData ? actionData.success : null}
          errors={actionData?.errors}
          idOf={fieldIdOf}
          labelOf={(key) => `“${englishOf.get(key) ?? key}”`}
        />
        {rows.length > 0 ? (
          <ol className="words-list">
            {rows.map((row) => (
              <WordItem
                // A changed correction (saved, or back to the standard) is a new field with the new text.
                key={`${lang}:${row.key}:${row.correction ?? ''}`}
                row={row}
                lang={lang}
                tag={tag}
                dir={dir}
                typed={typed[`${TEXT_FIELD}${row.key}`]}
                error={actionData?.errors[row.key]}
              />
            ))}
          </ol>
        ) : (
          <p>No message has these words. Try fewer words, or every part of the site.</p>
        )}
        {rows.length > 0 ? (
          <div className="admin-button-row words-save">
            <button className="btn" type="submit" disabled={busy}>
              Save
            </button>
          </div>
        ) : null}
      </Form>
      <AdminPager label="Pages of messages" page={page} pages={pages} at={at} />
    </>
  );
}

function languageOf(languages: ReadonlyArray<{ code: Locale; name: string }>, code: Locale): string {
  return languages.find((l) => l.code === code)?.name ?? code;
}
