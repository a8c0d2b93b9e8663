import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { z } from './zod.ts';
import { ENGLISH_MESSAGES, isMessageKey } from './messages.ts';

// One rule for a school's wording of a message of the site (docs/decisions/0155), used by the staff
// page's action and by the API alike, and by the catalogue tests for every translation.

/** At most this many characters in a school's wording of one message. */
export const CORRECTION_MAX_LENGTH = 1000;

/**
 * The names a message fills in and the tags it wraps ({count}, <link>), sorted; throws when the
 * text is not valid ICU MessageFormat. A translation or a correction must have the same ones.
 */
export function slots(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const e of elements) {
      if (e.type === TYPE.argument || e.type === TYPE.number || e.type === TYPE.date || e.type === TYPE.time) found.add(`{${e.value}}`);
      if (e.type === TYPE.tag) {
        found.add(`<${e.value}>`);
        walk(e.children);
      }
      if (e.type === TYPE.plural || e.type === TYPE.select) {
        found.add(`{${e.value}}`);
        for (const option of Object.values(e.options)) walk(option.value);
      }
    }
  };
  walk(parse(message));
  return [...found].sort();
}

/** What the site puts in a slot of an English message, for the message that asks to keep it. */
function whatGoesIn(slot: string, english: string): string {
  if (slot.startsWith('<')) return 'the words between the two marks get a link or emphasis';
  const name = slot.slice(1, -1);
  if (new RegExp(`\\{\\s*${name}\\s*,\\s*(plural|selectordinal|number)`).test(english) || /count|total|number|^n$/i.test(name))
    return 'the site puts the number there';
  if (new RegExp(`\\{\\s*${name}\\s*,\\s*(date|time)`).test(english) || /date|day|time/i.test(name)) return 'the site puts the date there';
  return 'the site puts its own words there';
}

const shown = (slot: string) => (slot.startsWith('<') ? `${slot}…</${slot.slice(1)}` : slot);

/**
 * Why `text` cannot be a school's wording of the message `key`, in words staff can act on; null
 * when it can: a key of the English catalogue, 1 to 1,000 characters, valid ICU, and exactly the
 * English message's {names} and <tags> (the site fills them in; a missing one would lose a number
 * or a link, an unknown one would show as it is).
 */
export function correctionProblem(key: string, text: string): string | null {
  if (!isMessageKey(key)) return 'There is no such message on the site.';
  if (text.trim() === '') return 'Write the wording, or choose \u201cBack to the standard wording\u201d.';
  if (text.length > CORRECTION_MAX_LENGTH)
    return `Use at most ${CORRECTION_MAX_LENGTH.toLocaleString('en-IN')} characters (this has ${text.length.toLocaleString('en-IN')}).`;
  const english = ENGLISH_MESSAGES[key];
  let found: string[];
  try {
    found = slots(text);
  } catch {
    return 'A { or < is not closed, or a } or > has no opening: keep the marks in curly and angle brackets as in the English.';
  }
  const wanted = slots(english);
  const missing = wanted.find((s) => !found.includes(s));
  if (missing) return `Keep ${shown(missing)} as it is: ${whatGoesIn(missing, english)}.`;
  const extra = found.find((s) => !wanted.includes(s));
  if (extra)
    return `Take out ${shown(extra)}: the site has nothing to put there (the English has ${wanted.map(shown).join(', ') || 'none'}).`;
  return null;
}

/** One school's wording of one message (the staff form and the API's body alike). */
export const correctionSchema = z.object({ key: z.string().max(200), text: z.string() }).superRefine(({ key, text }, ctx) => {
  const problem = correctionProblem(key, text);
  if (problem) ctx.addIssue({ code: 'custom', path: ['text'], message: problem });
});

/** The school's corrections of one language as the public read answers them: key → text. */
export const correctionsAnswerSchema = z.object({
  locale: z.string(),
  words: z.record(z.string(), z.string()).describe('Message key → the school\u2019s wording, for the keys it corrected'),
});
export type CorrectionsAnswer = z.infer<typeof correctionsAnswerSchema>;
