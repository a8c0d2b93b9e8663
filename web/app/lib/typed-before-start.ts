// What staff do in a textarea before the page's script has started is kept. React 19 hydrates a
// textarea by setting its default text (react-dom's initTextarea: `element.defaultValue = …`, which
// in Chromium moves the caret, or collapses a selection, to the start) and then its value
// (`element.value = textContent`, which drops what was typed). So on a slow phone what staff typed
// while the page was starting vanished once it had, and a field selected to be typed over got the
// new text in front of the old (inputs are left alone).
// From the first line of the page's script (entry.client.tsx) each textarea's default-text setter is
// wrapped: when hydration sets it, the text and the caret or selection as they were are put back in
// the same task, before anything more can be typed. Once React has hydrated, each textarea whose text
// differs from what it was served with gets an input event, so the form knows it changed (as typing
// would have told it), and the wrappers go.

const watched = new Set<HTMLTextAreaElement>();

// The prototype's own accessors (read in the browser only; the server imports this module too). Its
// value setter: React tracks values set through the element, and would not report the input event
// sent once hydrated as a change.
const prototypeDefault = () => Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'defaultValue');
const prototypeValue = () => Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value');

/** Puts a textarea's text, and its caret or selection if it has the focus, back as they were. */
function putBack(
  el: HTMLTextAreaElement,
  value: string,
  start: number,
  end: number,
  direction: HTMLTextAreaElement['selectionDirection'],
): void {
  if (!el.isConnected) return;
  if (el.value !== value) prototypeValue()?.set?.call(el, value);
  if (el.ownerDocument.activeElement === el) el.setSelectionRange(start, end, direction ?? undefined);
}

function watch(el: HTMLTextAreaElement): void {
  const accessors = prototypeDefault();
  if (watched.has(el) || !accessors?.get || !accessors.set) return;
  const { get, set } = accessors;
  watched.add(el);
  Object.defineProperty(el, 'defaultValue', {
    configurable: true,
    get() {
      return get.call(el);
    },
    set(text: string) {
      const { value, selectionStart, selectionEnd, selectionDirection } = el;
      set.call(el, text);
      // React sets the value right after, in the same render step: put both back once it has.
      queueMicrotask(() => putBack(el, value, selectionStart, selectionEnd, selectionDirection));
    },
  });
}

/** Watches every textarea of the page until `restoreTypedText` (while React hydrates). */
export function watchTypedText(doc: Document): void {
  for (const el of Array.from(doc.querySelectorAll('textarea'))) watch(el);
}

/** Once hydrated: tells the form about each text typed before, and stops watching. */
export function restoreTypedText(): void {
  for (const el of watched) {
    // The own setter goes; the prototype's is used again.
    delete (el as { defaultValue?: string }).defaultValue;
    // What was typed before React hydrated reached no handler.
    if (el.isConnected && el.value !== el.defaultValue) el.dispatchEvent(new Event('input', { bubbles: true }));
  }
  watched.clear();
}
