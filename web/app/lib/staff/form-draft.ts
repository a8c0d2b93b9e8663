// A staff form's unsaved values, kept in this browser tab (sessionStorage) under a key naming the
// school and what is edited, so a save that ends at the sign-in page (an expired session) or a
// closed page loses nothing: the page puts them back or offers them. Only the person's own typed
// values are kept, never the CSRF token; the form's version travels with them, so a kept text saved
// after someone else's save is a conflict, never a blind overwrite. Used by the settings form
// (./settings-draft.ts) and the content and page editors (components/admin/kept-text.ts).

export interface FormDraft {
  savedAt: string;
  values: Record<string, string>;
}

/**
 * The form's values except its CSRF token (that belongs to a session, not to the draft). A name
 * posted more than once (a group of check boxes) keeps every value, one a line.
 */
export function valuesOf(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== 'string' || name === 'csrf') continue;
    values[name] = name in values ? `${values[name]}\n${value}` : value;
  }
  return values;
}

export function saveFormDraft(key: string, form: HTMLFormElement): void {
  try {
    sessionStorage.setItem(key, JSON.stringify({ savedAt: new Date().toISOString(), values: valuesOf(form) }));
  } catch {
    // Storage full or off: the page still asks before leaving.
  }
}

export function readFormDraft(key: string): FormDraft | null {
  try {
    const draft = JSON.parse(sessionStorage.getItem(key) ?? 'null') as FormDraft | null;
    return draft && typeof draft.values === 'object' ? draft : null;
  } catch {
    return null;
  }
}

export function clearFormDraft(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}

/** True when the draft says something the form does not (its version and base aside). */
export function differs(draft: FormDraft, form: HTMLFormElement): boolean {
  const now = valuesOf(form);
  return Object.entries(draft.values).some(([name, value]) => name !== 'base' && name !== 'version' && (now[name] ?? '') !== value);
}

/**
 * Puts a draft's values into the form (radio buttons by value, a choice by its option, check boxes
 * ticked when the draft holds their value: a box not in the draft was not ticked), including its
 * version and base.
 */
export function fillForm(form: HTMLFormElement, values: Record<string, string>): void {
  for (const element of Array.from(form.elements)) {
    if (
      !(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) ||
      !element.name ||
      element.name === 'csrf'
    )
      continue;
    const value = values[element.name];
    if (element instanceof HTMLInputElement && element.type === 'checkbox') {
      element.checked = value !== undefined && value.split('\n').includes(element.value);
      continue;
    }
    if (value === undefined) continue;
    if (element instanceof HTMLInputElement && element.type === 'radio') element.checked = element.value === value;
    else element.value = value;
  }
}
