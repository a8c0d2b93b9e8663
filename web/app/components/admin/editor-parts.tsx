import { EditField } from './fields';
import { zoneLabel, zoneName } from '../../lib/staff/admin-time';

// Parts shared by the staff area's editor forms (content items, their other languages and information
// pages): the box that shows the text a colleague saved meanwhile, the save buttons by role, and the
// publishing window.

/** A refused save (409): what is saved now, next to the form that still holds the person's text. */
export function ConflictBox({ version, lines }: { version: number; lines: ReadonlyArray<{ label: string; text: string }> }) {
  return (
    <section aria-labelledby="theirs-heading" className="admin-alert">
      <h2 id="theirs-heading">The version saved meanwhile (version {version})</h2>
      {lines.map((l) => (
        <p key={l.label}>
          <strong>{l.label}:</strong> {l.text}
        </p>
      ))}
      <p>Your text is still in the form below. Reload to edit the new version, then add your changes.</p>
    </section>
  );
}

/** After signing in again: the text of a save the ended session refused is back in the form. */
export function KeptTextNote() {
  return (
    <output className="admin-alert admin-alert--ok">
      Your session ended before your save, so nothing was saved. What you typed is back in the form below: check it and save again.
    </output>
  );
}

/**
 * Save draft, then Publish (editors and administrators) or Submit for review (contributors), then
 * any other action; above them a status line that says when the form holds unsaved changes.
 */
export function SaveButtons({
  editor,
  changed = false,
  partialDrafts = false,
  children,
}: {
  editor: boolean;
  changed?: boolean;
  /** A draft may leave required texts empty (information pages: parsePageDraft); publishing still needs them. */
  partialDrafts?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <>
      <output className="admin-unsaved">{changed ? 'Unsaved changes' : ''}</output>
      <div className="admin-button-row">
        <button className="btn btn--outline" type="submit" name="intent" value="draft" formNoValidate={partialDrafts}>
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
        {children}
      </div>
    </>
  );
}

/**
 * Publish at and Unpublish at, typed in the school's time zone, kept after a refused save (`value`:
 * what was typed, else what is stored). `whose`: the words before the first hint's time zone
 * ("The Hindi text's own time, in").
 */
export function PublishWindowFields({
  value,
  error,
  timeZone,
  whose = 'In',
}: {
  value: (name: 'publishAt' | 'unpublishAt') => string;
  error: (name: 'publishAt' | 'unpublishAt') => string | undefined;
  timeZone: string;
  whose?: string;
}) {
  return (
    <>
      <EditField
        name="publishAt"
        label="Publish at"
        type="datetime-local"
        value={value('publishAt')}
        error={error('publishAt')}
        hint={`${whose} the school's time zone, ${zoneName(timeZone)}. Leave empty to go live when published.`}
      />
      <EditField
        name="unpublishAt"
        label="Unpublish at"
        type="datetime-local"
        value={value('unpublishAt')}
        error={error('unpublishAt')}
        hint={`Also in ${zoneLabel(timeZone)}. Leave empty to keep it up until unpublished.`}
      />
    </>
  );
}
