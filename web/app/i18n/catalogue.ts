import { ENGLISH_MESSAGES, type MessageKey } from '@sthsm/contract/messages';

// The public site's words (issue 35): one catalogue per language, each a flat map of keys to ICU
// MessageFormat texts ({name} to fill in, {count, plural, one {…} other {…}}), in one JSON file per
// part of the site (hi/shell.json, hi/pages.json…) so they can be read, corrected and translated
// without reading code. English is the source, in the contract (packages/contract/src/messages/,
// decision 0155) so the API checks a school's corrections against it: its keys are the keys, and a
// language's catalogue must have every one of them (hi/index.ts says so to the compiler; a test
// checks the texts).

export type { MessageKey };
export type Catalogue = Readonly<Record<MessageKey, string>>;
/** A catalogue with some keys only: a school's corrections of English (the rest is the bundle's). */
export type Messages = Readonly<Partial<Record<MessageKey, string>>>;

export const ENGLISH: Catalogue = ENGLISH_MESSAGES;
