import { useEffect, useId, useRef, useState } from 'react';
import type { Editor } from '@tiptap/react';
import { allowedHref } from './extensions';

// The link dialog of the rich-text editor: add a link to the selected words (or the address itself
// when nothing is selected), change or remove the link under the cursor. A modal <dialog>: focus
// stays in it, Escape closes it, and focus goes back to the text afterwards. It is not a <form>
// (it sits inside the editor's form), so Enter applies and never posts the page.

const BAD_LINK = 'Enter a link starting with https://, http://, mailto: or tel:, or a page of this site like /news.';

export function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  // The selection as the dialog opened: focus in the dialog must not change what the link applies to.
  const [range] = useState(() => ({ from: editor.state.selection.from, to: editor.state.selection.to }));
  const [href, setHref] = useState(current);
  const [error, setError] = useState('');
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  // Focus goes back to the text at once (ProseMirror's own focus), not a frame later as TipTap's
  // focus() does: a key pressed in between (End, then Enter) would otherwise land on the old
  // selection, put back by that late focus, and Enter would replace the linked text.
  const close = () => {
    dialog.current?.close();
    onClose();
    editor.view.focus();
  };
  const apply = () => {
    const value = href.trim();
    if (!allowedHref(value)) {
      setError(BAD_LINK);
      return;
    }
    const chain = editor.chain().setTextSelection(range);
    if (range.from === range.to && !current)
      chain.insertContent({ type: 'text', text: value, marks: [{ type: 'link', attrs: { href: value } }] }).run();
    else chain.extendMarkRange('link').setLink({ href: value }).run();
    close();
  };
  const remove = () => {
    editor.chain().setTextSelection(range).extendMarkRange('link').unsetLink().run();
    close();
  };
  return (
    <dialog
      ref={dialog}
      className="rich-editor__dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <h2 id={`${id}-title`}>{current ? 'Edit link' : 'Add link'}</h2>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-href`}>Link address</label>
        <p className="field-hint" id={`${id}-hint`}>
          A web address (https://…), an e-mail (mailto:…) or a page of this site (/admission-rules).
        </p>
        <input
          id={`${id}-href`}
          type="text"
          inputMode="url"
          autoComplete="off"
          value={href}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            setHref(event.target.value);
            setError('');
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            apply();
          }}
        />
        {error ? (
          <p className="field-error" id={`${id}-error`} role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="admin-button-row">
        <button type="button" className="btn" onClick={apply}>
          Apply link
        </button>
        {current ? (
          <button type="button" className="btn btn--outline" onClick={remove}>
            Remove link
          </button>
        ) : null}
        <button type="button" className="btn btn--outline" onClick={close}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
