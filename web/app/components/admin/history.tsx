import { Form } from 'react-router';
import { CsrfField } from './fields';
import { staffTime, zoneLabel } from '../../lib/staff/admin-time';

// The History section of the staff editors (content items and information pages): every saved
// version newest first (who, when, what was done), a plain GET form that compares two of them
// word by word (<del>/<ins>, each with words for screen readers), and "Restore this version"
// forms; and the Preview link box. Plain forms: all of it works without JavaScript.

export interface VersionSummary {
  version: number;
  action: string;
  savedAt: string;
  savedBy: string | null;
  savedByEmail: string | null;
}
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  parts?: Array<{ value: string; added: boolean; removed: boolean }>;
}

const ACTIONS: Record<string, string> = {
  created: 'Created',
  imported: 'On the site before (imported)',
  updated: 'Saved',
  published: 'Published',
  unpublished: 'Unpublished',
  submitted: 'Submitted for review',
  returned: 'Returned with a comment',
  restored: 'Restored an earlier version',
  photo_added: 'Photo added by upload',
  discarded: 'Draft discarded',
  deleted: 'Deleted',
  undeleted: 'Brought back after a delete',
};
const what = (action: string) => ACTIONS[action] ?? action.charAt(0).toUpperCase() + action.slice(1);

/** Every text in a stored value, in order (a page's part is an object of texts and lists). */
function texts(value: unknown): string[] {
  if (typeof value === 'string') return value ? [value] : [];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}
/** A stored value as words for the comparison, its texts one after another. */
const words = (value: unknown) => texts(value).join(' · ') || '(empty)';

function Removed({ text }: { text: string }) {
  return (
    <del>
      <span className="visually-hidden">[removed: </span>
      {text}
      <span className="visually-hidden">]</span>
    </del>
  );
}
function Added({ text }: { text: string }) {
  return (
    <ins>
      <span className="visually-hidden">[added: </span>
      {text}
      <span className="visually-hidden">]</span>
    </ins>
  );
}

function Change({ change, label }: { change: FieldChange; label: string }) {
  return (
    <div className="admin-diff__field">
      <h4>{label}</h4>
      <p className="admin-diff__text">
        {change.parts ? (
          change.parts.map((p, i) =>
            p.removed ? <Removed key={i} text={p.value} /> : p.added ? <Added key={i} text={p.value} /> : <span key={i}>{p.value}</span>,
          )
        ) : (
          <>
            <Removed text={words(change.before)} /> <Added text={words(change.after)} />
          </>
        )}
      </p>
    </div>
  );
}

function VersionChoice({
  name,
  label,
  versions,
  value,
}: {
  name: string;
  label: string;
  versions: VersionSummary[];
  value: number | undefined;
}) {
  return (
    <div className="field">
      <label htmlFor={`compare-${name}`}>{label}</label>
      <select id={`compare-${name}`} name={name} defaultValue={value}>
        {versions.map((v) => (
          <option key={v.version} value={v.version}>
            {v.version}
          </option>
        ))}
      </select>
    </div>
  );
}

export function HistorySection({
  versions,
  compare,
  restored,
  current,
  timeZone,
  labelOf,
  canRestore,
}: {
  versions: VersionSummary[];
  compare: { from: number; to: number; changes: FieldChange[] } | { error: string } | null;
  restored: { from: number; as: number } | null;
  /** The version the form edits (restoring checks it has not changed meanwhile). */
  current: number;
  timeZone: string;
  labelOf: (field: string) => string;
  canRestore: boolean;
}) {
  const chosen = compare && 'from' in compare ? compare : null;
  return (
    <section aria-labelledby="history-heading" className="admin-history">
      <h2 id="history-heading">History</h2>
      {restored ? (
        <output className="admin-alert admin-alert--ok">
          Restored version {restored.from} as version {restored.as}.
        </output>
      ) : null}
      {versions.length > 1 ? (
        <Form method="get" className="admin-compare" preventScrollReset>
          <VersionChoice name="from" label="From version" versions={versions} value={chosen?.from ?? versions[1]?.version} />
          <VersionChoice name="to" label="To version" versions={versions} value={chosen?.to ?? versions[0]?.version} />
          <button className="btn btn--outline" type="submit">
            Compare
          </button>
        </Form>
      ) : null}
      {compare && 'error' in compare ? (
        <p className="admin-alert admin-alert--error" role="alert">
          {compare.error}
        </p>
      ) : null}
      {chosen ? (
        <section aria-labelledby="diff-heading" className="admin-diff">
          <h3 id="diff-heading">
            Changes from version {chosen.from} to version {chosen.to}
          </h3>
          {chosen.changes.length === 0 ? <p>No differences.</p> : null}
          {chosen.changes.map((c) => (
            <Change key={c.field} change={c} label={labelOf(c.field)} />
          ))}
        </section>
      ) : null}
      {versions.length === 0 ? <p>No versions saved yet.</p> : null}
      <ol className="admin-versions" reversed>
        {versions.map((v) => (
          <li key={v.version}>
            <p>
              <strong>Version {v.version}</strong>: {what(v.action)} · {staffTime(v.savedAt, timeZone)} · {v.savedByEmail ?? 'the system'}
            </p>
            {canRestore && v.version !== current ? (
              <Form method="post">
                <CsrfField />
                <input type="hidden" name="intent" value="restore" />
                <input type="hidden" name="restore" value={v.version} />
                <input type="hidden" name="version" value={current} />
                <button className="btn btn--outline" type="submit">
                  Restore this version<span className="visually-hidden"> ({v.version})</span>
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** "Preview link": asks for a signed link; once made, shows it to select and pass on, with its expiry. */
export function PreviewBox({ preview, timeZone }: { preview: { url: string; expiresAt: string } | null; timeZone: string }) {
  return (
    <section aria-labelledby="preview-heading" className="admin-preview">
      <h2 id="preview-heading">Preview</h2>
      <Form method="post">
        <CsrfField />
        <button className="btn btn--outline" type="submit" name="intent" value="preview">
          Preview link
        </button>
      </Form>
      {preview ? (
        <div className="admin-linkbox">
          <label htmlFor="preview-link">Preview link</label>
          <input id="preview-link" type="text" readOnly value={preview.url} onFocus={(e) => e.currentTarget.select()} />
          <p className="field-hint">
            Works for anyone with the link until {staffTime(preview.expiresAt, timeZone)} {zoneLabel(timeZone)}.
          </p>
          <a href={preview.url} target="_blank" rel="noopener noreferrer">
            Open preview
          </a>
        </div>
      ) : null}
    </section>
  );
}
