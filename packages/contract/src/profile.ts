import { z } from './zod.ts';
import { SCHOOL_CODE_PATTERN } from './http.ts';
import { accentMessage, isHexColour, primaryMessage } from './brand.ts';
import { emailAddress, mediaRef, phoneNumber, requiredText, webUrl, year } from './school-fields.ts';
import { siteLanguagesSchema } from './languages.ts';

// The school profile: every fact about a school that the header, footer, contact, school
// information, parent portal and ERP pages show, and its brand. One record per school in the
// database (a school without one has the profile of its name alone); the API serves it
// (GET /api/school/{code}) and the staff settings form edits it with this schema.

const MAP_EMBED_ORIGIN = 'https://www.openstreetmap.org';

export const phoneSchema = z.object({
  label: requiredText('Phone label', 40),
  number: phoneNumber('Phone number'),
  /** The number the WhatsApp chat link opens. */
  whatsapp: z.boolean({ error: 'WhatsApp must be yes or no.' }),
});

export const postalAddressSchema = z.object({
  lines: z
    .array(requiredText('Address line', 120))
    .min(1, { error: 'Give at least one address line.' })
    .max(4, { error: 'Give at most four address lines.' }),
  city: requiredText('City', 80),
  state: requiredText('State', 80),
  postalCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 -]{3,12}$/, { error: 'Postal code must be 3 to 12 letters, digits, spaces or dashes.' }),
  country: requiredText('Country', 80),
});

export const personSchema = z.object({
  name: requiredText('Name', 120),
  title: requiredText('Title', 80),
  address: requiredText('Address', 300).optional(),
  email: emailAddress('E-mail').optional(),
  phone: phoneNumber('Phone').optional(),
});

/** A colour as #rrggbb. */
function hexColour(label: string) {
  return z
    .string({ error: `${label} must be a colour like #12386b.` })
    .trim()
    .refine(isHexColour, { error: `${label} must be a colour like #12386b (# and six hexadecimal digits).` });
}

/**
 * The school's own look (docs/decisions/0133): its crest (a PNG, WebP or JPEG of its media library,
 * from which the favicon and app icons are made), its two colours — white text on the primary, dark
 * text on the accent, each at 4.5:1 (brand.ts) — and the picture a shared link shows when the page
 * has none. Every part optional: what is missing is not shown (no crest) or neutral (colours).
 */
export const brandSchema = z.object({
  crest: mediaRef('Crest').nullable().optional(),
  primary: hexColour('Primary colour')
    .refine((v) => !isHexColour(v) || primaryMessage(v) === null, { error: (issue) => primaryMessage(String(issue.input)) ?? '' })
    .optional(),
  accent: hexColour('Accent colour')
    .refine((v) => !isHexColour(v) || accentMessage(v) === null, { error: (issue) => accentMessage(String(issue.input)) ?? '' })
    .optional(),
  shareImage: mediaRef('Share image').nullable().optional(),
});
export type Brand = z.infer<typeof brandSchema>;

/**
 * Every fact is optional but the name (docs/decisions/0132): a new school starts with its name
 * alone and adds the rest; the site shows what there is and leaves out what is missing. A group
 * (the postal address, the map, the app, the help desk, the ERP, the principal, the developer
 * credit) is given whole or not at all, so nothing shows half a fact.
 */
export const schoolProfileSchema = z
  .object({
    name: requiredText('School name', 120),
    /** Where absent, the name stands in (shortNameOf). */
    shortName: requiredText('Short name', 60).optional(),
    /** One line for headers and page titles: "St. Thomas Higher Secondary School, Mahimnagar" (fullNameOf). */
    fullName: requiredText('Full name', 160).optional(),
    tagline: requiredText('Tagline', 200).optional(),
    motto: requiredText('Motto', 120).optional(),
    vision: requiredText('Vision', 600).optional(),
    about: requiredText('About the school', 1500).optional(),
    address: postalAddressSchema.optional(),
    /** The address on one line, as the footer and the information table print it. */
    addressLine: requiredText('Address on one line', 300).optional(),
    phones: z
      .array(phoneSchema)
      .max(5, { error: 'Give at most five phone numbers.' })
      .refine((phones) => phones.filter((p) => p.whatsapp).length <= 1, { error: 'Only one number can be the WhatsApp number.' })
      .optional(),
    email: emailAddress('E-mail').optional(),
    emails: z
      .object({
        office: emailAddress('Office e-mail').optional(),
        admissions: emailAddress('Admissions e-mail').optional(),
        principal: emailAddress("Principal's e-mail").optional(),
      })
      .optional(),
    website: webUrl('Website').optional(),
    /** Each is optional: a school shows the networks it is on. */
    social: z
      .object({
        facebook: webUrl('Facebook page').optional(),
        instagram: webUrl('Instagram page').optional(),
        youtube: webUrl('YouTube channel').optional(),
        x: webUrl('X (Twitter) page').optional(),
      })
      .optional(),
    map: z
      .object({
        /** The page's map frame; the site's Content-Security-Policy lets only OpenStreetMap be framed. */
        embedUrl: webUrl('Map embed address').refine((v) => v.startsWith(`${MAP_EMBED_ORIGIN}/`), {
          error: `Map embed address must be an OpenStreetMap embed link (${MAP_EMBED_ORIGIN}/export/embed.html?…).`,
        }),
        linkUrl: webUrl('Map link'),
        latitude: z.number({ error: 'Latitude must be a number.' }).min(-90).max(90),
        longitude: z.number({ error: 'Longitude must be a number.' }).min(-180).max(180),
      })
      .optional(),
    app: z
      .object({
        name: requiredText('App name', 80),
        iosUrl: webUrl('App Store link'),
        androidUrl: webUrl('Google Play link'),
        schoolCode: z.string().trim().regex(SCHOOL_CODE_PATTERN, { error: 'App school code must be 1 to 32 letters, digits, _ or -.' }),
      })
      .optional(),
    parentPortal: z
      .object({
        loginUrl: webUrl('Parent login link').optional(),
        helpDesk: z
          .object({
            hours: requiredText('Help desk hours', 80),
            phone: phoneNumber('Help desk phone'),
            email: emailAddress('Help desk e-mail'),
          })
          .optional(),
      })
      .optional(),
    erp: z.object({ provider: requiredText('ERP provider', 120), url: webUrl('ERP provider website') }).optional(),
    principal: personSchema.optional(),
    /**
     * Who answers questions about the school's use of personal data (DPDP Rules 2025, r.9): the
     * privacy notice names them, and a school is not ready to go live without them.
     */
    privacyContact: z
      .object({
        name: requiredText('Data protection contact', 120),
        email: emailAddress('Data protection contact’s e-mail'),
        phone: phoneNumber('Data protection contact’s phone').optional(),
      })
      .optional(),
    /**
     * The languages the public site is read in beside English (issue 35), in the switcher's order:
     * each has its own addresses (/hi/…) and interface words; content falls back to English.
     */
    languages: siteLanguagesSchema.optional(),
    trust: requiredText('Trust', 200).optional(),
    board: requiredText('Board', 40).optional(),
    examinations: requiredText('Examinations', 200).optional(),
    affiliationNo: requiredText('Affiliation number', 40).optional(),
    affiliatedSince: year('Affiliated since').optional(),
    established: year('Year of establishment').optional(),
    medium: requiredText('Medium of instruction', 60).optional(),
    schoolType: requiredText('Type of school', 60).optional(),
    academicSession: requiredText('Academic session', 80).optional(),
    vacation: requiredText('Vacation', 120).optional(),
    copyrightYear: year('Copyright year').optional(),
    developer: z.object({ name: requiredText('Web developer', 120), url: webUrl('Web developer website') }).optional(),
    brand: brandSchema.optional(),
  })
  .refine((p) => p.affiliatedSince === undefined || p.established === undefined || p.affiliatedSince >= p.established, {
    path: ['affiliatedSince'],
    error: 'Affiliated since cannot be before the year of establishment.',
  });

export type SchoolProfile = z.infer<typeof schoolProfileSchema>;
export type Phone = z.infer<typeof phoneSchema>;
export type Person = z.infer<typeof personSchema>;

/** The profile of a school nobody has described yet: its name alone. */
export const emptyProfile = (name: string): SchoolProfile => ({ name });

/** The short name, or the name where the school has given none. */
export const shortNameOf = (p: SchoolProfile): string => p.shortName ?? p.name;
/** The one-line full name, or the name where the school has given none. */
export const fullNameOf = (p: SchoolProfile): string => p.fullName ?? p.name;

/** The profile as the API serves it: the record's school code and version come with it. */
export const schoolProfileRecordSchema = z.object({
  code: z.string(),
  /** Increases with every save; a settings form sends it back to detect a conflicting edit. 0: nothing saved yet. */
  version: z.number().int().min(0),
  updatedAt: z.string().describe('ISO 8601 time of the last save ("" when nothing was saved yet)'),
  profile: schoolProfileSchema,
});
export type SchoolProfileRecord = z.infer<typeof schoolProfileRecordSchema>;
