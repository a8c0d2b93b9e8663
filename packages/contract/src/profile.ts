import { z } from './zod.ts';
import { SCHOOL_CODE_PATTERN } from './http.ts';
import { emailAddress, phoneNumber, requiredText, webUrl, year } from './school-fields.ts';

// The school profile: every fact about a school that the header, footer, contact, school
// information, parent portal and ERP pages show. One record per school in the database; the API
// serves it (GET /api/school/{code}) and the staff settings form edits it with this schema.

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
  address: requiredText('Address', 300),
  email: emailAddress('E-mail'),
  phone: phoneNumber('Phone'),
});

export const schoolProfileSchema = z
  .object({
    name: requiredText('School name', 120),
    shortName: requiredText('Short name', 60),
    /** One line for headers and page titles: "St. Thomas Higher Secondary School, Mahimnagar". */
    fullName: requiredText('Full name', 160),
    tagline: requiredText('Tagline', 200),
    motto: requiredText('Motto', 120),
    vision: requiredText('Vision', 600),
    about: requiredText('About the school', 1500),
    address: postalAddressSchema,
    /** The address on one line, as the footer and the information table print it. */
    addressLine: requiredText('Address on one line', 300),
    phones: z
      .array(phoneSchema)
      .min(1, { error: 'Give at least one phone number.' })
      .max(5, { error: 'Give at most five phone numbers.' })
      .refine((phones) => phones.filter((p) => p.whatsapp).length <= 1, { error: 'Only one number can be the WhatsApp number.' }),
    email: emailAddress('E-mail'),
    emails: z.object({
      office: emailAddress('Office e-mail'),
      admissions: emailAddress('Admissions e-mail'),
      principal: emailAddress("Principal's e-mail"),
    }),
    website: webUrl('Website'),
    /** Each is optional: a school shows the networks it is on. */
    social: z.object({
      facebook: webUrl('Facebook page').optional(),
      instagram: webUrl('Instagram page').optional(),
      youtube: webUrl('YouTube channel').optional(),
      x: webUrl('X (Twitter) page').optional(),
    }),
    map: z.object({
      /** The page's map frame; the site's Content-Security-Policy lets only OpenStreetMap be framed. */
      embedUrl: webUrl('Map embed address').refine((v) => v.startsWith(`${MAP_EMBED_ORIGIN}/`), {
        error: `Map embed address must be an OpenStreetMap embed link (${MAP_EMBED_ORIGIN}/export/embed.html?…).`,
      }),
      linkUrl: webUrl('Map link'),
      latitude: z.number({ error: 'Latitude must be a number.' }).min(-90).max(90),
      longitude: z.number({ error: 'Longitude must be a number.' }).min(-180).max(180),
    }),
    app: z.object({
      name: requiredText('App name', 80),
      iosUrl: webUrl('App Store link'),
      androidUrl: webUrl('Google Play link'),
      schoolCode: z.string().trim().regex(SCHOOL_CODE_PATTERN, { error: 'App school code must be 1 to 32 letters, digits, _ or -.' }),
    }),
    parentPortal: z.object({
      loginUrl: webUrl('Parent login link'),
      helpDesk: z.object({
        hours: requiredText('Help desk hours', 80),
        phone: phoneNumber('Help desk phone'),
        email: emailAddress('Help desk e-mail'),
      }),
    }),
    erp: z.object({ provider: requiredText('ERP provider', 120), url: webUrl('ERP provider website') }),
    principal: personSchema,
    trust: requiredText('Trust', 200),
    board: requiredText('Board', 40),
    examinations: requiredText('Examinations', 200),
    affiliationNo: requiredText('Affiliation number', 40),
    affiliatedSince: year('Affiliated since'),
    established: year('Year of establishment'),
    medium: requiredText('Medium of instruction', 60),
    schoolType: requiredText('Type of school', 60),
    academicSession: requiredText('Academic session', 80),
    vacation: requiredText('Vacation', 120),
    copyrightYear: year('Copyright year'),
    developer: z.object({ name: requiredText('Web developer', 120), url: webUrl('Web developer website') }),
  })
  .refine((p) => p.affiliatedSince >= p.established, {
    path: ['affiliatedSince'],
    error: 'Affiliated since cannot be before the year of establishment.',
  });

export type SchoolProfile = z.infer<typeof schoolProfileSchema>;
export type Phone = z.infer<typeof phoneSchema>;

/** The profile as the API serves it: the record's school code and version come with it. */
export const schoolProfileRecordSchema = z.object({
  code: z.string(),
  /** Increases with every save; a settings form sends it back to detect a conflicting edit. */
  version: z.number().int().min(1),
  updatedAt: z.string().describe('ISO 8601 time of the last save'),
  profile: schoolProfileSchema,
});
export type SchoolProfileRecord = z.infer<typeof schoolProfileRecordSchema>;
