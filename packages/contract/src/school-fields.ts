import { z } from './zod.ts';
import { safeMediaRef } from './images.ts';

// Field shapes shared by the school profile and the page texts: the staff editors validate with
// the same schemas, so each carries its limit and a message a person can act on.

/** Required one-line or short text, trimmed, 1 to `max` characters. */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max} characters.` });
}

/** A web address people open: http or https only (never javascript: or data:). */
export function webUrl(label: string) {
  return z
    .url({ protocol: /^https?$/, error: `${label} must be a web address starting with https:// or http://.` })
    .max(500, { error: `${label} must be at most 500 characters.` });
}

export function emailAddress(label: string) {
  return z
    .email({ error: `${label} must be an e-mail address, like office@school.org.` })
    .max(254, { error: `${label} must be at most 254 characters.` });
}

const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]*[0-9]$/;

/** A telephone number as printed ("+91 00000 00101"): digits, spaces, ( ) and -, 7 to 15 digits. */
export function phoneNumber(label: string) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(24, { error: `${label} must be at most 24 characters.` })
    .refine((v) => PHONE_PATTERN.test(v) && digitCount(v) >= 7 && digitCount(v) <= 15, {
      error: `${label} must be a telephone number of 7 to 15 digits, like +91 98765 43210.`,
    });
}

function digitCount(value: string): number {
  return value.replace(/\D/g, '').length;
}

/** A year between `min` and `max`. */
export function year(label: string, min = 1800, max = 2100) {
  return z
    .number({ error: `${label} must be a year.` })
    .int({ error: `${label} must be a whole year.` })
    .min(min, { error: `${label} must be ${min} or later.` })
    .max(max, { error: `${label} must be ${max} or earlier.` });
}

/**
 * Every schema whose value is a file reference, with the words that name it. The API finds the
 * references of any save through it and refuses one that is not the saving school's own file
 * (docs/api.md "File references"), so a field built with `mediaRef` (or the content types' reference lists)
 * is checked without being listed anywhere else.
 */
export const fileRefSchemas = z.registry<{ label: string }>();

/** A reference as a message quotes it: at most 120 characters, so a message stays readable whatever was sent. */
export function shownRef(ref: unknown): string {
  const text = String(ref);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/**
 * A file under the media root: a file id or a clean relative path (checked like the image endpoint
 * does). Use it as it is (inside optional, array, object is fine): `.describe()` or another check on
 * it makes a new schema that `fileRefSchemas` does not know, and the API would not check its files.
 */
export function mediaRef(label: string) {
  const schema = z
    .string({ error: `${label} must be a file reference.` })
    .trim()
    // Nothing chosen yet (a new page's picture): said plainly, not as a reference that is wrong.
    .min(1, { error: `Choose the ${label.toLowerCase()} from the media library.`, abort: true })
    .refine((v) => safeMediaRef(v) !== null, {
      error: (issue) =>
        `${label} “${shownRef(issue.input)}” must be a file id or a path like CODE/public/Images/photo.jpg (CODE: the school’s code).`,
    });
  fileRefSchemas.add(schema, { label });
  return schema;
}

const dimension = (label: string) =>
  z
    .number({ error: `${label} must be a number of pixels.` })
    .int()
    .min(1, { error: `${label} must be at least 1 pixel.` })
    .max(20_000);

/** A picture with its true size (for layout before it loads) and its text alternative. */
export const siteImageSchema = z.object({
  path: mediaRef('Image'),
  width: dimension('Image width'),
  height: dimension('Image height'),
  alt: requiredText('Image description (alt text)', 300),
});
export type SiteImage = z.infer<typeof siteImageSchema>;

/** A path of this site ("/library"), for links between pages. */
export const sitePathSchema = z
  .string()
  .regex(/^\/[A-Za-z0-9_-]*(?:\/[A-Za-z0-9_-]+)*$/, { error: 'Link must be a page of this site, like /library.' });
