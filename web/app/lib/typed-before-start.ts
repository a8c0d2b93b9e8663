// Text typed into a textarea before the page's script has started is kept. React 19 sets a
// textarea's value to its server text when it hydrates it (react-dom's initTextarea:
// `element.value = textContent`), so on a slow phone what staff typed into a field while the page
// was starting vanished once it had (inputs are left alone). From the first line of the page's script
// (entry.client.tsx) each textarea whose text differs from what it was served with is noted, and
// once React has hydrated the text is put back, the caret where it was, with an input event so the
// form knows it changed (as typing would have told it).

interface Typed {
  value: string;
  start: number;
  end: number;
}

const typed = new Map<HTMLTextAreaElement, Typed>();
let stopWatching: (() => void) | null = null;

function note(el: HTMLTextAreaElement): void {
  if (el.value !== el.defaultValue) typed.set(el, { value: el.value, start: el.selectionStart, end: el.selectionEnd });
  else typed.delete(el);
}

function onInput(event: Event): void {
  if (event.target instanceof HTMLTextAreaElement) note(event.target);
}

/** Notes what was typed so far, and what is typed until `restoreTypedText` (while React hydrates). */
export function watchTypedText(doc: Document): void {
  for (const el of Array.from(doc.querySelectorAll('textarea'))) note(el);
  doc.addEventListener('input', onInput, true);
  stopWatching = () => doc.removeEventListener('input', onInput, true);
}

/** Once hydrated: puts back each noted text that hydration replaced, and stops watching. */
export function restoreTypedText(): void {
  stopWatching?.();
  stopWatching = null;
  // The prototype's own setter: React tracks values set through the element, and would not report
  // the input event below as a change.
  const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
  for (const [el, text] of typed) {
    if (!el.isConnected || !setValue) continue;
    if (el.value !== text.value) {
      setValue.call(el, text.value);
      if (el.ownerDocument.activeElement === el) el.setSelectionRange(text.start, text.end);
    }
    // Also when hydration left the text alone: what was typed while React hydrated reached no handler.
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }
  typed.clear();
}
