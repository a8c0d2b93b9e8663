import { useEffect, useRef, useState, type RefObject } from 'react';
import { useBlocker, useNavigation } from 'react-router';

/**
 * Asks before leaving a staff form with unsaved changes (STAFF.md: "leaving a page with unsaved
 * changes asks first"): another staff page is held with `message` until the person confirms;
 * closing or reloading the tab gets the browser's own question.
 */
export function useUnsavedChanges(dirty: boolean, message: string, busy = false) {
  // A link followed while a save or an added entry is still on its way asks too: the form is changed
  // either way. (The router never holds its own redirect after a save, only navigations started here.)
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);
  // While a request is on its way the browser's own question stays off: its answer may be a whole
  // new document (a sign-in page after the session ended), which is no leaving.
  const warnUnload = dirty && !busy;
  useEffect(() => {
    if (!warnUnload) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [warnUnload]);
}

/** Whether any field of the form holds something other than what the page was served with. */
function differsFromServed(form: HTMLFormElement): boolean {
  for (const el of Array.from(form.elements)) {
    if (el instanceof HTMLInputElement) {
      if (el.type === 'checkbox' || el.type === 'radio' ? el.checked !== el.defaultChecked : el.value !== el.defaultValue) return true;
    } else if (el instanceof HTMLTextAreaElement) {
      if (el.value !== el.defaultValue) return true;
    } else if (el instanceof HTMLSelectElement) {
      const options = Array.from(el.options);
      if (el.multiple) {
        if (options.some((o) => o.selected !== o.defaultSelected)) return true;
        // A single choice with no option marked selected was served showing its first option (a new
        // topper's Class): that is not a change.
      } else if (
        el.selectedIndex !==
        Math.max(
          0,
          options.findIndex((o) => o.defaultSelected),
        )
      )
        return true;
    }
  }
  return false;
}

/**
 * For an editing form (spread `form` on the form; `changed` for the SaveButtons' status line): marks it changed on input, asks before
 * leaving while changed, and starts clean again when `saved` (what was saved: an id and version) changes. What was
 * typed before the page's script started counts too (checked once it has started). A refused save
 * keeps the typed text, so the form stays changed. `unsaved`: a change the page's own answer
 * reports (an entry added or removed, not saved yet), counted in the same render that shows it, so
 * leaving asks from the moment "Unsaved changes" is on screen.
 */
export function useChangedForm(
  message: string,
  saved: string,
  unsaved = false,
): { form: { ref: RefObject<HTMLFormElement | null>; onChange: () => void }; changed: boolean } {
  const [changed, setChanged] = useState(false);
  const ref = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) {
      setChanged(false);
      return;
    }
    started.current = true;
    if (ref.current && differsFromServed(ref.current)) setChanged(true);
    // Runs again only when what was saved changes (a successful save): the form is clean then.
    // oxlint-disable-next-line react-hooks/exhaustive-deps, react/exhaustive-effect-dependencies
  }, [saved]);
  const dirty = changed || unsaved;
  useUnsavedChanges(dirty, message, navigation.state !== 'idle');
  return { form: { ref, onChange: () => setChanged(true) }, changed: dirty };
}
