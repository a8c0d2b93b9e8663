// The form of /admin/words, shared by its page and its action (lib/staff/words.server.ts).

/** A message's field in the form: `text.<key>` (keys have dots and spaces; a form name keeps them). */
export const TEXT_FIELD = 'text.';

/** The id of a message's field: from its key, with every other character than letters, digits and - spelled out. */
export const fieldIdOf = (key: string) => `word-${key.replace(/[^A-Za-z0-9-]/g, (c) => `_${c.charCodeAt(0).toString(16)}`)}`;
