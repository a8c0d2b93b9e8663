import { useEffect, useId, useRef } from 'react';
import { Form, Link, useNavigation, useSubmit } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import '../../styles/listings.css';

export interface SelectOption {
  value: string;
  label: string;
}

export interface FilterSelect {
  /** The URL parameter, e.g. "year". */
  name: string;
  /** A value that is the page's default and so is left out of the URL (the page size). */
  implied?: string;
  label: string;
  value: string;
  options: SelectOption[];
}

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The filters of a listing page as a GET form: without JavaScript it submits with its button;
 * with JavaScript the list follows each change at once (selects) or after a short pause (search),
 * replacing the history entry so Back leaves the page rather than stepping through keystrokes.
 * On the listing pages, which load no React (docs/decisions/0075), the shell's script does the same
 * on this very HTML (lib/enhance.server.ts); this component's own behaviour serves a client-side
 * move from a page that did load React.
 */
export function FilterForm({
  selects,
  q,
  searchLabel,
  searchFieldLabel,
  summary,
  clearTo,
}: {
  selects: FilterSelect[];
  q: string;
  /** The accessible name of the whole filter form, e.g. "Filter news". */
  searchLabel: string;
  /** The visible label of the search box ("Search by title" when not given). */
  searchFieldLabel?: string;
  /** "Showing 3 of 12 news items", announced politely when it changes. */
  summary: string;
  /** The URL that clears every filter. */
  clearTo: string;
}) {
  const { t } = useI18n();
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const synced = useRef(false);
  const id = useId();

  const send = (form: HTMLFormElement) => {
    const data = new FormData(form);
    if (!String(data.get('q') ?? '').trim()) data.delete('q');
    for (const select of selects) if (select.implied !== undefined && data.get(select.name) === select.implied) data.delete(select.name);
    void submit(data, { method: 'get', replace: true, preventScrollReset: true });
  };

  // Keep the box in step with the URL (Back, "Clear filters"), but never under the visitor's fingers,
  // and never on the first run: what was typed before the page finished starting is the visitor's.
  useEffect(() => {
    const input = searchRef.current;
    if (synced.current && input && document.activeElement !== input) input.value = q;
  }, [q]);
  // A visitor on a slow phone may choose a year or type before the scripts have started: the
  // server-rendered form kept their choice, so once it is live, a form that differs from the
  // URL it was rendered for is sent at once (the list follows without a second gesture).
  useEffect(() => {
    synced.current = true;
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    const changed =
      selects.some((select) => String(data.get(select.name) ?? '') !== select.value) || String(data.get('q') ?? '').trim() !== q.trim();
    if (changed) send(form);
    // Only on mount: later changes arrive through onChange.
    // oxlint-disable-next-line react-hooks/exhaustive-deps, react/exhaustive-effect-dependencies
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <search aria-label={searchLabel}>
      <Form
        ref={formRef}
        method="get"
        className={selects.length === 1 ? 'filters filters--single' : 'filters'}
        preventScrollReset
        onChange={(event) => {
          const form = event.currentTarget;
          clearTimeout(timer.current);
          if (event.target instanceof HTMLInputElement) timer.current = setTimeout(() => send(form), SEARCH_DEBOUNCE_MS);
          else send(form);
        }}
        onSubmit={(event) => {
          event.preventDefault();
          clearTimeout(timer.current);
          send(event.currentTarget);
        }}
      >
        {selects.map((select) => (
          <div className="filters__field" key={select.name}>
            <label htmlFor={`${id}-${select.name}`}>{select.label}</label>
            <SyncedSelect id={`${id}-${select.name}`} select={select} />
          </div>
        ))}
        <div className="filters__field filters__field--search">
          <label htmlFor={`${id}-q`}>{searchFieldLabel ?? t('lists.searchByTitle')}</label>
          <input
            ref={searchRef}
            id={`${id}-q`}
            type="search"
            name="q"
            defaultValue={q}
            placeholder={t('lists.searchPlaceholder')}
            maxLength={100}
            autoComplete="off"
          />
        </div>
        <div className="filters__actions">
          <button type="submit" className="filters__apply">
            {t('lists.applyFilters')}
          </button>
          <Link to={clearTo} className="filters__clear" preventScrollReset>
            {t('lists.clearFilters')}
          </Link>
        </div>
        <output className="filters__summary" aria-live="polite" aria-busy={navigation.state === 'loading'}>
          {summary}
        </output>
      </Form>
    </search>
  );
}

/** Uncontrolled (so a change never snaps back while the list loads), re-synced when the URL changes. */
function SyncedSelect({ id, select }: { id: string; select: FilterSelect }) {
  const ref = useRef<HTMLSelectElement>(null);
  const mounted = useRef(false);
  useEffect(() => {
    // The first run would undo a choice made before hydration; only URL changes after it re-sync.
    if (mounted.current && ref.current) ref.current.value = select.value;
    mounted.current = true;
  }, [select.value]);
  return (
    <select ref={ref} id={id} name={select.name} defaultValue={select.value} data-implied={select.implied}>
      {select.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** The empty-result message, with a way out. `what` is in the page's language ("news items"). */
export function NoMatches({ what, clearTo }: { what: string; clearTo: string }) {
  const { t, rich } = useI18n();
  return (
    <div className="no-matches">
      <p>{t('lists.noMatches', { what })}</p>
      <p>{rich('lists.noMatchesClear', { what, clear: <Link to={clearTo}>{t('lists.clearFilters')}</Link> })}</p>
    </div>
  );
}
