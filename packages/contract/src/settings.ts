import { z } from './zod.ts';
import { schoolProfileSchema, type SchoolProfile } from './profile.ts';
import { MAX_SITE_LANGUAGES } from './languages.ts';

// The school settings form (STAFF.md: /admin/settings) and its API (PUT /api/admin/{code}/settings).
// ONE schema checks a save: `schoolProfileSchema`, in the site's form action (with the form's own
// field names, below) and again in the API. The form's field names are the profile's paths
// ("phones.0.number", "address.city"), so an error of the schema lands under its own field.

/** The most phone numbers and address lines the profile allows (the form shows this many rows). */
export const MAX_PHONES = 5;
export const MAX_ADDRESS_LINES = 4;

/** The body of PUT /api/admin/{code}/settings: the whole profile and the version it was based on. */
export const settingsBody = z.object({
  version: z
    .number({ error: 'version must be the version number the form was loaded with.' })
    .int()
    .min(0)
    .describe('The version the edit started from (0: nothing stored yet); a different stored version is a 409'),
  profile: schoolProfileSchema,
});
export type SettingsBody = z.infer<typeof settingsBody>;

export const SETTINGS_CONFLICT =
  'Someone else saved the school settings after you opened them. Nothing was overwritten: check their changes and save again.';
export const SETTINGS_INVALID = 'Please correct the highlighted fields.';

/** Every error of a failed parse keyed by its dotted path (first message per path); `prefix` is dropped. */
export function errorsByPath(error: z.ZodError, prefix: readonly PropertyKey[] = []): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = prefix.every((p, i) => issue.path[i] === p) ? issue.path.slice(prefix.length) : issue.path;
    const key = path.map(String).join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The profile as flat `path → value` pairs ("phones.0.number" → "+91 …"), for comparing two
 * versions (the audit log's before/after, a conflict's "what they changed").
 */
export function flattenProfile(profile: SchoolProfile): Record<string, string | number | boolean> {
  const flat: Record<string, string | number | boolean> = {};
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}.${i}`));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') flat[path] = value;
  };
  walk(profile, '');
  return flat;
}

/** The fields that differ between two profiles, with their value before and after (absent: not set). */
export function changedFields(
  before: SchoolProfile,
  after: SchoolProfile,
): { before: Record<string, string | number | boolean | null>; after: Record<string, string | number | boolean | null> } {
  const a = flattenProfile(before);
  const b = flattenProfile(after);
  const diff = {
    before: {} as Record<string, string | number | boolean | null>,
    after: {} as Record<string, string | number | boolean | null>,
  };
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (a[key] === b[key]) continue;
    diff.before[key] = a[key] ?? null;
    diff.after[key] = b[key] ?? null;
  }
  return diff;
}

/** The form's text values for a stored profile (what the fields show when the page opens). */
export function formFromProfile(profile: SchoolProfile): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(flattenProfile(profile))) {
    if (typeof value !== 'boolean') values[key] = String(value);
  }
  const whatsapp = (profile.phones ?? []).findIndex((p) => p.whatsapp);
  values.whatsapp = whatsapp >= 0 ? String(whatsapp) : 'none';
  return values;
}

type Parsed = { success: true; profile: SchoolProfile } | { success: false; errors: Record<string, string> };

/** The form's fields of the brand (a file reference a line for the two pictures, as the file picker posts them). */
export const BRAND_FIELDS = ['brand.crest', 'brand.primary', 'brand.accent', 'brand.shareImage'] as const;

/** An object of optional parts: left out when none is given. */
const parts = <T extends Record<string, unknown>>(value: T): T | undefined =>
  Object.values(value).some((v) => v !== undefined) ? value : undefined;

/**
 * Reads the settings form's text values into a profile and checks it with the profile schema.
 * Only the name is required (docs/decisions/0132): an empty field is a fact not given, and a
 * group left wholly empty (the address, the map, the app…) is left out; a group partly filled
 * asks for the rest. Empty phone rows and address lines are left out (and errors still point at
 * the row typed in); numbers are read as numbers.
 */
export function parseSettingsForm(values: Record<string, string>): Parsed {
  const text = (key: string) => values[key] ?? '';
  const optional = (key: string) => (text(key).trim() === '' ? undefined : text(key));
  const num = (key: string) => (text(key).trim() === '' ? undefined : Number(text(key).trim()));
  /** A group: left out when every one of its fields is empty, else every field as typed (the schema asks for the missing). */
  const group = <T extends Record<string, unknown>>(keys: string[], build: () => T): T | undefined =>
    keys.some((k) => text(k).trim() !== '') ? build() : undefined;

  const phoneRows: number[] = [];
  for (let i = 0; i < MAX_PHONES; i++) {
    if (text(`phones.${i}.label`).trim() || text(`phones.${i}.number`).trim()) phoneRows.push(i);
  }
  const lineRows: number[] = [];
  for (let i = 0; i < MAX_ADDRESS_LINES; i++) if (text(`address.lines.${i}`).trim()) lineRows.push(i);
  const addressKeys = ['address.city', 'address.state', 'address.postalCode', 'address.country'];
  // The picture fields post their references one a line; a one-file field keeps the first.
  const firstRef = (key: string) => optional(key)?.split('\n')[0]?.trim() || undefined;

  const input = {
    name: text('name'),
    shortName: optional('shortName'),
    fullName: optional('fullName'),
    tagline: optional('tagline'),
    motto: optional('motto'),
    vision: optional('vision'),
    about: optional('about'),
    address:
      lineRows.length > 0 || addressKeys.some((k) => text(k).trim() !== '')
        ? {
            lines: lineRows.map((i) => text(`address.lines.${i}`)),
            city: text('address.city'),
            state: text('address.state'),
            postalCode: text('address.postalCode'),
            country: text('address.country'),
          }
        : undefined,
    addressLine: optional('addressLine'),
    phones:
      phoneRows.length > 0
        ? phoneRows.map((i) => ({
            label: text(`phones.${i}.label`),
            number: text(`phones.${i}.number`),
            whatsapp: text('whatsapp') === String(i),
          }))
        : undefined,
    email: optional('email'),
    emails: parts({
      office: optional('emails.office'),
      admissions: optional('emails.admissions'),
      principal: optional('emails.principal'),
    }),
    website: optional('website'),
    social: parts({
      facebook: optional('social.facebook'),
      instagram: optional('social.instagram'),
      youtube: optional('social.youtube'),
      x: optional('social.x'),
    }),
    map: group(['map.embedUrl', 'map.linkUrl', 'map.latitude', 'map.longitude'], () => ({
      embedUrl: text('map.embedUrl'),
      linkUrl: text('map.linkUrl'),
      latitude: num('map.latitude'),
      longitude: num('map.longitude'),
    })),
    app: group(['app.name', 'app.iosUrl', 'app.androidUrl', 'app.schoolCode'], () => ({
      name: text('app.name'),
      iosUrl: text('app.iosUrl'),
      androidUrl: text('app.androidUrl'),
      schoolCode: text('app.schoolCode'),
    })),
    parentPortal: parts({
      loginUrl: optional('parentPortal.loginUrl'),
      helpDesk: group(['parentPortal.helpDesk.hours', 'parentPortal.helpDesk.phone', 'parentPortal.helpDesk.email'], () => ({
        hours: text('parentPortal.helpDesk.hours'),
        phone: text('parentPortal.helpDesk.phone'),
        email: text('parentPortal.helpDesk.email'),
      })),
    }),
    erp: group(['erp.provider', 'erp.url'], () => ({ provider: text('erp.provider'), url: text('erp.url') })),
    principal: group(['principal.name', 'principal.title', 'principal.address', 'principal.email', 'principal.phone'], () => ({
      name: text('principal.name'),
      title: text('principal.title'),
      address: optional('principal.address'),
      email: optional('principal.email'),
      phone: optional('principal.phone'),
    })),
    privacyContact: group(['privacyContact.name', 'privacyContact.email', 'privacyContact.phone'], () => ({
      name: text('privacyContact.name'),
      email: text('privacyContact.email'),
      phone: optional('privacyContact.phone'),
    })),
    languages: languageChoices(values),
    trust: optional('trust'),
    board: optional('board'),
    examinations: optional('examinations'),
    affiliationNo: optional('affiliationNo'),
    affiliatedSince: num('affiliatedSince'),
    established: num('established'),
    medium: optional('medium'),
    schoolType: optional('schoolType'),
    academicSession: optional('academicSession'),
    vacation: optional('vacation'),
    copyrightYear: num('copyrightYear'),
    developer: group(['developer.name', 'developer.url'], () => ({ name: text('developer.name'), url: text('developer.url') })),
    brand: parts({
      crest: firstRef('brand.crest'),
      primary: optional('brand.primary')?.trim().toLowerCase(),
      accent: optional('brand.accent')?.trim().toLowerCase(),
      shareImage: firstRef('brand.shareImage'),
    }),
  };
  const result = schoolProfileSchema.safeParse(input);
  if (result.success) return { success: true, profile: result.data };
  // Back from the compacted lists to the rows as the form shows them.
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(errorsByPath(result.error))) {
    const key = path
      .replace(/^phones\.(\d+)(?=\.|$)/, (_, i: string) => `phones.${phoneRows[Number(i)] ?? i}`)
      .replace(/^address\.lines\.(\d+)$/, (_, i: string) => `address.lines.${lineRows[Number(i)] ?? i}`);
    errors[key] ??= message;
  }
  return { success: false, errors };
}

/** The form's language choices (`languages.0`, `languages.1`: a code, or empty for none), left out when none is chosen. */
function languageChoices(values: Record<string, string>): string[] | undefined {
  const chosen: string[] = [];
  for (let i = 0; i < MAX_SITE_LANGUAGES; i++) {
    const code = (values[`languages.${i}`] ?? '').trim();
    if (code) chosen.push(code);
  }
  return chosen.length > 0 ? chosen : undefined;
}

/** Form fields that are not part of the profile. */
const CONTROL_FIELDS = new Set(['csrf', 'version', 'base']);

export interface MergedSettingsForm {
  /** What the form shows next: the typed value where the person changed a field, else the saved one. */
  values: Record<string, string>;
  /** Fields someone else changed and this person did not: taken over from the saved settings. */
  taken: string[];
  /** Fields both changed to different values: the typed value is kept; the saved one is `saved[field]`. */
  both: string[];
}

/**
 * After a conflicting save (409): a three-way merge of the form the person opened (`base`), what
 * they typed, and the settings as saved now. Nothing typed is lost and nothing saved is undone
 * unnoticed: their own edits stay, the other person's edits come in, and a field both changed
 * keeps the typed value and is listed so the person can choose.
 */
export function mergeSettingsForm(
  base: Record<string, string>,
  typed: Record<string, string>,
  saved: Record<string, string>,
): MergedSettingsForm {
  const values: Record<string, string> = {};
  const taken: string[] = [];
  const both: string[] = [];
  for (const key of new Set([...Object.keys(base), ...Object.keys(typed), ...Object.keys(saved)])) {
    if (CONTROL_FIELDS.has(key)) continue;
    const b = base[key] ?? '';
    const y = typed[key] ?? '';
    const s = saved[key] ?? '';
    const mine = y.trim() !== b.trim();
    const theirs = s.trim() !== b.trim();
    values[key] = mine ? y : s;
    if (theirs && !mine) taken.push(key);
    if (theirs && mine && y.trim() !== s.trim()) both.push(key);
  }
  return { values, taken, both };
}
