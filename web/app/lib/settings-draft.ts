// The settings form's unsaved values, kept in this browser tab (sessionStorage) while a person types,
// so a save that ends at the sign-in page (an expired session) or a closed page loses nothing: the
// page offers them back. The draft carries the form's version and base too, so a restored draft
// saved after someone else's save is a conflict that merges (decision 0081), never a blind overwrite.

export interface SettingsDraft {
  savedAt: string;
  values: Record<string, string>;
}

const keyOf = (code: string) => `settings-draft:${code}`;

/** The form's values except its CSRF token (that belongs to a session, not to the draft). */
export function valuesOf(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string' && name !== 'csrf') values[name] = value;
  return values;
}

export function saveDraft(code: string, form: HTMLFormElement): void {
  try {
    sessionStorage.setItem(keyOf(code), JSON.stringify({ savedAt: new Date().toISOString(), values: valuesOf(form) }));
  } catch {
    // Storage full or off: the page still asks before leaving.
  }
}

export function readDraft(code: string): SettingsDraft | null {
  try {
    const draft = JSON.parse(sessionStorage.getItem(keyOf(code)) ?? 'null') as SettingsDraft | null;
    return draft && typeof draft.values === 'object' ? draft : null;
  } catch {
    return null;
  }
}

export function clearDraft(code: string): void {
  try {
    sessionStorage.removeItem(keyOf(code));
  } catch {
    // Nothing to clear.
  }
}

/** True when the draft says something the form does not. */
export function differs(draft: SettingsDraft, form: HTMLFormElement): boolean {
  const now = valuesOf(form);
  return Object.entries(draft.values).some(([name, value]) => name !== 'base' && name !== 'version' && (now[name] ?? '') !== value);
}

/** Puts a draft's values into the form (radio buttons by value), including its version and base. */
export function fillForm(form: HTMLFormElement, values: Record<string, string>): void {
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) || !element.name || element.name === 'csrf')
      continue;
    const value = values[element.name];
    if (value === undefined) continue;
    if (element instanceof HTMLInputElement && element.type === 'radio') element.checked = element.value === value;
    else element.value = value;
  }
}
