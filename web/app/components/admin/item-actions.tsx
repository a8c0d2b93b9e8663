import { useEffect, useRef } from 'react';
import { Form, Link } from 'react-router';
import { CsrfField } from './fields';
import { SaveButtons } from './editor-parts';

// The buttons of a content item's form by what the person may do with it (issue 30, item 3;
// decision 0123): a live item's main action is Update (it stays on the website), Unpublish says
// what it does, Delete asks first (a server-rendered step, so it asks without JavaScript too) and
// can be undone from the list; a contributor who may not change the item gets a sentence instead.

export interface ItemState {
  status: 'draft' | 'review' | 'published';
  displayStatus: string;
  createdBy: string | null;
}

/** Whether the person may change or delete the item (api/src/routes/admin/content.ts mayChange). */
export const mayChangeItem = (item: ItemState | null, editor: boolean, me: string) =>
  editor || item === null || (item.createdBy === me && item.status !== 'published');

/** The id of the item form, for the confirmation's Cancel (which posts that form, so nothing typed is lost). */
export const ITEM_FORM_ID = 'item-form';

function liveLine(singular: string, displayStatus: string): string {
  if (displayStatus === 'scheduled')
    return `This ${singular} is scheduled: it goes on the website at its Publish at time. Update saves your changes and keeps it scheduled.`;
  if (displayStatus === 'expired')
    return `This ${singular} is published, but its Unpublish at time has passed, so the website no longer shows it. Update saves your changes.`;
  return `This ${singular} is on the website. Update saves your changes and keeps it there.`;
}

/** The buttons under an item's fields (inside its form). */
export function ItemButtons({
  item,
  editor,
  me,
  singular,
  changed,
  extra = null,
  deletable = true,
}: {
  item: ItemState | null;
  editor: boolean;
  me: string;
  singular: string;
  changed: boolean;
  /** More buttons of a draft's or new item's form (a new topper's "Save and add another"). */
  extra?: React.ReactNode;
  /** Whether it can be deleted here (a version in another language is unpublished, not deleted). */
  deletable?: boolean;
}) {
  if (!mayChangeItem(item, editor, me))
    return (
      <p className="admin-alert">
        {item?.status === 'published'
          ? `You can read this ${singular} but not change or delete it: it is published, and only an editor or administrator can change a published item. Ask one of them.`
          : `You can read this ${singular} but not change or delete it: it is a colleague's, and contributors change only their own drafts.`}
      </p>
    );
  const deleteButton =
    item && deletable ? (
      <button className="btn btn--danger" type="submit" name="intent" value="delete" formNoValidate>
        Delete
      </button>
    ) : null;
  if (item?.status !== 'published')
    return (
      <SaveButtons editor={editor} changed={changed}>
        {extra}
        {deleteButton}
      </SaveButtons>
    );
  return (
    <>
      <output className="admin-unsaved">{changed ? 'Unsaved changes' : ''}</output>
      <p className="field-hint">{liveLine(singular, item.displayStatus)}</p>
      <div className="admin-button-row">
        <button className="btn" type="submit" name="intent" value="update">
          Update
        </button>
        <button className="btn btn--outline" type="submit" name="intent" value="unpublish" formNoValidate aria-describedby="unpublish-hint">
          Unpublish
        </button>
        {deleteButton}
      </div>
      <p className="field-hint" id="unpublish-hint">
        Unpublish takes it off the website; it stays here as a draft.
      </p>
    </>
  );
}

/** Focuses (and so scrolls into view) an element when it appears: a question or message after a click. */
export function useFocusOnShow<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

/**
 * "Delete “…”?": the step Delete leads to, above the form (which keeps what was typed). Delete here
 * deletes; Cancel posts the item form back, so the typed text stays and the buttons return.
 */
export function DeleteConfirm({
  title,
  live,
  listHeading,
  version,
}: {
  title: string;
  live: boolean;
  listHeading: string;
  version: number;
}) {
  const ref = useFocusOnShow<HTMLElement>();
  return (
    <section ref={ref} tabIndex={-1} className="admin-alert admin-alert--error" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete “{title}”?</h2>
      <p>
        {live ? 'It comes off the website within a minute. ' : ''}
        It stays under Recently deleted on the {listHeading} page for 30 days, where you can bring it back; after that it is gone for good.
      </p>
      <Form method="post" className="admin-button-row">
        <CsrfField />
        <input type="hidden" name="version" value={version} />
        <button className="btn btn--danger" type="submit" name="intent" value="delete-confirmed">
          Delete
        </button>
        <button className="btn btn--outline" type="submit" form={ITEM_FORM_ID} name="intent" value="cancel-delete" formNoValidate>
          Cancel
        </button>
      </Form>
    </section>
  );
}

/** A library file's Delete question: files are not kept after a delete, so it says so. */
export function FileDeleteConfirm({ id, name }: { id: string; name: string }) {
  const ref = useFocusOnShow<HTMLElement>();
  return (
    <section ref={ref} tabIndex={-1} className="admin-alert admin-alert--error" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete “{name}”?</h2>
      <p>The file and its sizes are removed from the library for good: this cannot be undone.</p>
      <Form method="post" className="admin-button-row">
        <CsrfField />
        <input type="hidden" name="name" value={name} />
        <button className="btn btn--danger" type="submit" name="intent" value="delete-confirmed">
          Delete
        </button>
        <Link className="btn btn--outline" to={`/admin/media/${encodeURIComponent(id)}`}>
          Cancel
        </Link>
      </Form>
    </section>
  );
}

/** On the library after a file's delete: what was deleted, in view and focused. */
export function FileDeletedNote({ name }: { name: string }) {
  const ref = useFocusOnShow<HTMLParagraphElement>();
  return (
    <p ref={ref} tabIndex={-1} className="admin-alert admin-alert--ok">
      Deleted “{name}” from the media library.
    </p>
  );
}
