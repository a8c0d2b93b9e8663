import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { Selection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { richTextExtensions } from './extensions';
import { LinkDialog } from './link-dialog';

// The rich-text editor that takes the place of an html field's textarea once the page's script has
// started (loaded only then, by ./field.tsx). The textarea stays in the form, hidden: every change
// writes the HTML back into it, so form posts, the unsaved-changes warning, a conflict and a kept
// draft work as with the plain field.

/** Sets the textarea's value as typing would, so React's onChange on the form hears it. */
function writeBack(textarea: HTMLTextAreaElement, html: string): void {
  if (textarea.value === html) return;
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(textarea, html);
  textarea.dispatchEvent(new Event('input', { bubbles: true }));
}

interface Tool {
  label: string;
  keys?: string;
  active?: (e: Editor) => boolean;
  run: (e: Editor) => void;
  enabled?: (e: Editor) => boolean;
}

const TOOLS: readonly Tool[] = [
  { label: 'Bold', keys: 'Control+B', active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  { label: 'Italic', keys: 'Control+I', active: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
  ...([2, 3, 4] as const).map((level) => ({
    label: `Heading ${level}`,
    keys: `Control+Alt+${level}`,
    active: (e: Editor) => e.isActive('heading', { level }),
    run: (e: Editor) => e.chain().focus().toggleHeading({ level }).run(),
  })),
  {
    label: 'Bulleted list',
    keys: 'Control+Shift+8',
    active: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: 'Numbered list',
    keys: 'Control+Shift+7',
    active: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    label: 'Quote',
    keys: 'Control+Shift+B',
    active: (e) => e.isActive('blockquote'),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
];

const HISTORY: readonly Tool[] = [
  { label: 'Undo', keys: 'Control+Z', run: (e) => e.chain().focus().undo().run(), enabled: (e) => e.can().undo() },
  { label: 'Redo', keys: 'Control+Shift+Z', run: (e) => e.chain().focus().redo().run(), enabled: (e) => e.can().redo() },
];

/** Arrow keys, Home and End move between a toolbar's buttons; Tab leaves it (WAI-ARIA toolbar pattern). */
function moveInToolbar(event: React.KeyboardEvent<HTMLDivElement>): void {
  const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('button'));
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
  if (next === undefined || at < 0) return;
  event.preventDefault();
  const target = buttons[(next + buttons.length) % buttons.length];
  for (const b of buttons) b.tabIndex = b === target ? 0 : -1;
  target?.focus();
}

/**
 * The textarea stays in the form for posting but is no longer what people type in; its label now
 * names (and focuses) the editing area. Returns what undoes it, for when the editor goes away.
 */
function takePlaceOf(textarea: HTMLTextAreaElement, editor: Editor): () => void {
  const label = document.getElementById(`${textarea.id}-label`);
  const focus = () => editor.commands.focus();
  const required = textarea.required;
  // Someone typing in the textarea while the editor loaded goes on typing in the editor: it takes
  // what they typed (after the editor was made, too, so not one key is lost) and the focus, at once.
  const typing = document.activeElement === textarea;
  if (typing) {
    // One transaction, left out of Undo: the textarea's text, the caret at its end.
    editor
      .chain()
      .setContent(textarea.value, { emitUpdate: false })
      .command(({ tr }) => {
        tr.setMeta('addToHistory', false).setSelection(Selection.atEnd(tr.doc));
        return true;
      })
      .run();
  }
  textarea.hidden = true;
  if (typing) editor.view.focus();
  textarea.required = false;
  label?.addEventListener('click', focus);
  return () => {
    textarea.hidden = false;
    textarea.required = required;
    label?.removeEventListener('click', focus);
  };
}

/** The editing area's name, hint and error: the textarea's, read again whenever its error changes. */
function areaAttributes(textarea: HTMLTextAreaElement): Record<string, string> {
  const describedBy = textarea.getAttribute('aria-describedby');
  return {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': `${textarea.id}-label`,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(textarea.getAttribute('aria-invalid') ? { 'aria-invalid': 'true' } : {}),
    class: 'rich-text rich-editor__area',
  };
}

/**
 * Brings the editor's selection up to where the page's caret is before a key acts on it. The browser
 * tells ProseMirror that the caret moved (Shift+Home, End) by a selectionchange event, a task later;
 * a key pressed in between (Ctrl+B, Enter: a fast hand, or a busy phone) would act on the old
 * selection, and Enter would replace text it no longer selects. ProseMirror reads the moved caret in
 * its DOM observer's flush, which that event calls; it is not public API, so without it (a future
 * version) the key acts as before.
 */
const CARET_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);
function readSelectionFromPage(view: EditorView): void {
  (view as unknown as { domObserver?: { flush?: () => void } }).domObserver?.flush?.();
}

export default function RichTextEditor({
  textarea,
  label,
  error,
}: {
  textarea: HTMLTextAreaElement;
  label: string;
  error: string | undefined;
}) {
  const [linking, setLinking] = useState(false);
  const openLink = useRef(() => setLinking(true));
  const caretMoved = useRef(false);
  const editor = useEditor({
    extensions: richTextExtensions(),
    content: textarea.value,
    editorProps: {
      attributes: areaAttributes(textarea),
      handleDOMEvents: {
        blur: () => {
          caretMoved.current = false;
          return false;
        },
      },
      handleKeyDown: (view, event) => {
        // Only after a key that moves the caret: just after focus, the page's caret is the browser's
        // and ProseMirror puts its own selection back a moment later.
        if (caretMoved.current) readSelectionFromPage(view);
        caretMoved.current = CARET_KEYS.has(event.key);
        if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey)) return false;
        event.preventDefault();
        openLink.current();
        return true;
      },
    },
    onUpdate: ({ editor: e }) => writeBack(textarea, e.isEmpty ? '' : e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      active: TOOLS.map((t) => t.active?.(e) ?? false),
      link: e.isActive('link'),
      enabled: HISTORY.map((t) => t.enabled?.(e) ?? true),
    }),
  });
  // A refused save puts an error under the field: the editing area is described by it too.
  // TipTap may destroy the editor it first made and make another (when this component's effects run
  // late, as on a busy phone); the next render has the live one.
  useEffect(() => {
    if (editor.isDestroyed) return;
    editor.setOptions({ editorProps: { ...editor.options.editorProps, attributes: areaAttributes(textarea) } });
    // `error` is what changes the textarea's description (the effect reads it from the textarea).
    // oxlint-disable-next-line react-hooks/exhaustive-deps, react/exhaustive-effect-dependencies
  }, [editor, textarea, error]);
  useEffect(() => (editor.isDestroyed ? undefined : takePlaceOf(textarea, editor)), [editor, textarea]);

  const keepFocusInText = (event: MouseEvent) => {
    if (editor.isFocused) event.preventDefault();
  };
  const button = (tool: Tool, pressed: boolean | undefined, enabled: boolean, index: number) => (
    <button
      key={tool.label}
      type="button"
      className="rich-editor__tool"
      tabIndex={index === 0 ? 0 : -1}
      aria-pressed={pressed}
      aria-disabled={enabled ? undefined : true}
      aria-keyshortcuts={tool.keys}
      title={tool.keys ? `${tool.label} (${tool.keys.replace('Control', 'Ctrl')})` : tool.label}
      // A pointer press leaves the focus in the text, so what is typed right after the click goes
      // there (TipTap's focus() only lands a frame later); the keyboard way is unchanged.
      onMouseDown={keepFocusInText}
      onClick={() => (enabled ? tool.run(editor) : undefined)}
    >
      {tool.label}
    </button>
  );
  return (
    <div className="rich-editor">
      <div
        role="toolbar"
        tabIndex={-1}
        aria-label={`Formatting of ${label}`}
        aria-controls={`${textarea.id}-editor`}
        className="rich-editor__toolbar"
        onKeyDown={moveInToolbar}
      >
        {TOOLS.map((t, i) => button(t, state.active[i], true, i))}
        <button
          type="button"
          className="rich-editor__tool"
          tabIndex={-1}
          aria-pressed={state.link}
          aria-haspopup="dialog"
          aria-keyshortcuts="Control+K"
          title="Link (Ctrl+K)"
          onClick={() => setLinking(true)}
        >
          Link
        </button>
        {HISTORY.map((t, i) => button(t, undefined, state.enabled[i] ?? true, TOOLS.length + 1 + i))}
      </div>
      <EditorContent editor={editor} id={`${textarea.id}-editor`} />
      {linking ? <LinkDialog editor={editor} onClose={() => setLinking(false)} /> : null}
    </div>
  );
}
