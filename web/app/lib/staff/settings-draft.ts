import { clearFormDraft, readFormDraft, saveFormDraft, type FormDraft } from './form-draft';

// The settings form's unsaved values (./form-draft.ts), kept per school while a person types, so a
// save that ends at the sign-in page or a closed page loses nothing: the page offers them back. The
// draft carries the form's version and base too, so a restored draft saved after someone else's save
// is a conflict that merges (decision 0081), never a blind overwrite.

export type SettingsDraft = FormDraft;
export { differs, fillForm, valuesOf } from './form-draft';

const keyOf = (code: string) => `settings-draft:${code}`;

export const saveDraft = (code: string, form: HTMLFormElement): void => saveFormDraft(keyOf(code), form);
export const readDraft = (code: string): SettingsDraft | null => readFormDraft(keyOf(code));
export const clearDraft = (code: string): void => clearFormDraft(keyOf(code));
