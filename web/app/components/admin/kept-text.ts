import { useEffect, useState, type RefObject } from 'react';
import { clearFormDraft, differs, fillForm, readFormDraft, saveFormDraft } from '../../lib/staff/form-draft';

/** Where a content item's or an information page's typed text is kept in this tab: school, kind, item. */
export const keptTextKey = (school: string, kind: string, item: string) => `edit-draft:${school}:${kind}:${item}`;

/**
 * Keeps an editor form's text through a save that meets an ended session (STAFF.md: "an expired
 * session … keeps the text"): every save keeps the form's values in this tab first; the save's
 * answer (`answer`: the action's data after a refused or conflicting save, or the saved version)
 * drops them, as the page then shows the outcome. Each answer is a new value, so a second save
 * from a page that already says "Saved." drops its kept text too.
 * A save that ended at the sign-in page never answered, so when the form opens again after
 * signing in its text is put back and `restored` is true for the page to say so, with the `version`
 * it was typed on (the form posts that one: a colleague's save since is a conflict); `onRestore`
 * marks the form changed. `others` are keys to drop too once answered (a new item's, saved under its id).
 */
export function useKeptText(
  key: string,
  form: RefObject<HTMLFormElement | null>,
  answer: unknown,
  onRestore: () => void,
  others: readonly string[] = [],
  /** Whether the save the text was kept for landed after all (the page was left before its answer came). */
  landed: (keptVersion: string | undefined) => boolean = () => false,
): { restored: boolean; version: string | undefined; keep: () => void } {
  // The version the kept text was typed on: the form posts it (React owns the hidden input's value).
  const [version, setVersion] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (answer !== undefined && answer !== null && answer !== false) {
      for (const k of [key, ...others]) clearFormDraft(k);
      // The form was saved (or refused) since: the line about the kept text is over, and the next
      // save posts the page's own version (a refused save had already passed the version check).
      setVersion(undefined);
      return;
    }
    const kept = readFormDraft(key);
    if (!kept || !form.current) return;
    // The form holds it now; if it is saved again it is kept again.
    clearFormDraft(key);
    if (!differs(kept, form.current) || landed(kept.values.version)) return;
    fillForm(form.current, kept.values);
    setVersion(kept.values.version ?? '');
    onRestore();
    // Once per form and answer; `others` and `onRestore` are the same for one key.
    // oxlint-disable-next-line react-hooks/exhaustive-deps, react/exhaustive-effect-dependencies
  }, [key, answer]);
  return {
    restored: version !== undefined,
    version,
    keep: () => {
      if (form.current) saveFormDraft(key, form.current);
    },
  };
}
