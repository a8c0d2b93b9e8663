// Parts shared by the staff area's editor forms (content items and information pages): the box
// that shows the text a colleague saved meanwhile, and the save buttons by role.

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
