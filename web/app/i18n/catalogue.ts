import en from './en/index.ts';

// The public site's words (issue 35): one catalogue per language, each a flat map of keys to ICU
// MessageFormat texts ({name} to fill in, {count, plural, one {…} other {…}}), in one JSON file per
// part of the site (en/shell.json, en/pages.json…) so they can be read, corrected and translated
// without reading code. English is the source: its keys are the keys, and a language's catalogue
// must have every one of them (hi/index.ts says so to the compiler; a test checks the texts).

export type MessageKey = keyof typeof en;
export type Catalogue = Readonly<Record<MessageKey, string>>;

export const ENGLISH: Catalogue = en;
