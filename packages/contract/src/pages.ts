import { z } from './zod.ts';
import { mediaRef, requiredText, siteImageSchema, sitePathSchema } from './school-fields.ts';

// The texts and pictures of the information pages (and the home page's pictures), one record per
// school and page in the database. The API serves them (GET /api/pages/{code}/{slug}); the staff
// page editors validate with these schemas.

const description = requiredText('Page description (for search results)', 320);
const heading = requiredText('Heading', 150);
const paragraph = requiredText('Paragraph', 3000);
const lead = requiredText('Introduction', 1500);
const listItem = requiredText('List item', 600);
const list = (label: string, max = 40) => z.array(listItem).max(max, { error: `Give at most ${max} ${label}.` });

/** A titled block of prose: one heading, paragraphs and an optional bullet list. */
export const textSectionSchema = z.object({
  heading,
  paragraphs: z.array(paragraph).max(20, { error: 'Give at most 20 paragraphs.' }),
  list: list('list items').optional(),
});
export type TextSection = z.infer<typeof textSectionSchema>;

const photos = (max: number) => z.array(siteImageSchema).max(max, { error: `Give at most ${max} photos.` });
const named = z.object({ name: requiredText('Name', 120), text: paragraph });

/** A picture tile of the home page, with the page it leads to (none for Smart Classes). */
export const tileSchema = z.object({ title: requiredText('Tile title', 80), image: siteImageSchema, link: sitePathSchema.optional() });

export const homePageSchema = z.object({
  banner: siteImageSchema,
  /** The home slider (17 on the demo school). */
  slider: photos(30).min(1, { error: 'The slider needs at least one photo.' }),
  aboutImage: siteImageSchema,
  facilities: z.array(tileSchema).max(12),
  activities: z.array(tileSchema).max(12),
});

export const aboutUsPageSchema = z.object({
  description,
  lead,
  image: siteImageSchema,
  history: textSectionSchema,
  vision: paragraph,
  mission: list('mission points', 20),
  values: z.array(named).max(20),
  wings: z.array(textSectionSchema).max(6),
  campus: textSectionSchema,
});

export const patronsPageSchema = z.object({
  description,
  lead,
  patrons: z
    .array(z.object({ name: requiredText('Name', 160), role: requiredText('Role', 160), bio: paragraph, portrait: siteImageSchema }))
    .max(20),
  closing: paragraph,
});

export const principalMessagePageSchema = z.object({ description });
export const schoolInformationPageSchema = z.object({ description, lead });

export const activitiesPageSchema = z.object({
  description,
  lead,
  items: z.array(named.extend({ image: siteImageSchema.optional() })).max(30),
});

export const syllabusPageSchema = z.object({
  description,
  lead,
  documents: z
    .array(
      z.object({
        label: requiredText('Link text', 80),
        title: requiredText('Document title', 160),
        file: mediaRef('Document'),
        summary: paragraph,
      }),
    )
    .min(1, { error: 'Give at least one document.' })
    .max(20),
  note: paragraph,
});

const hours = requiredText('Hours', 60);
export const timingsPageSchema = z.object({
  description,
  lead,
  classes: z
    .array(z.object({ classes: requiredText('Classes', 60), summer: hours, winter: hours }))
    .min(1)
    .max(20),
  principalVisiting: z.object({ summer: hours, winter: hours }),
  office: hours,
  houses: z.number().int().min(0).max(20),
  notes: list('notes', 20),
});

export const admissionWithdrawalPageSchema = z.object({ description, lead, sections: z.array(textSectionSchema).min(1).max(20) });

const monthPlan = z.object({
  month: requiredText('Month', 20),
  activity: requiredText('Activity', 300),
  sports: requiredText('Sports', 300),
});
export const primaryWingPageSchema = z.object({
  description,
  lead: z.array(lead).min(1).max(6),
  session: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}$/, { error: 'Session must look like 2024-25.' }),
  kindergarten: z.array(monthPlan).max(12),
  juniors: z.array(monthPlan).max(12),
});

export const clubsAssociationPageSchema = z.object({ description, lead, clubs: z.array(named).max(40), closing: paragraph });

export const housePageSchema = z.object({
  description,
  lead,
  houses: z
    .array(
      z.object({
        /** Stable key for the tab and panel ids. */
        id: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, { error: 'House key must be lowercase letters, digits or -.' }),
        name: requiredText('House name', 60),
        colour: requiredText('Colour', 30),
        /** The swatch's CSS colour. */
        swatch: z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'Swatch must be a colour like #1d4ed8.' }),
        motto: requiredText('Motto', 60),
        text: paragraph,
        image: siteImageSchema,
      }),
    )
    .min(1)
    .max(8),
});

export const laboratoryPageSchema = z.object({
  description,
  lead,
  labs: z.array(z.object({ key: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/), heading, text: paragraph, photos: photos(24) })).max(8),
  safety: textSectionSchema,
});

/** A facility page: prose sections and a photo grid (computer lab, library). */
export const facilityPageSchema = z.object({ description, sections: z.array(textSectionSchema).min(1).max(10), photos: photos(40) });

export const erpSoftwarePageSchema = z.object({
  description,
  lead: z.array(lead).min(1).max(6),
  modules: z.array(z.object({ title: requiredText('Title', 80), text: paragraph, image: siteImageSchema.optional() })).max(12),
  app: paragraph,
  appImage: siteImageSchema,
});

export const parentPortalPageSchema = z.object({
  description,
  lead,
  /** The first step also gets the parent login link; the last, the list of payment modes. */
  webSteps: list('steps', 20).min(1),
  paymentModes: list('payment modes', 12),
  receipts: paragraph,
  appIntro: paragraph,
  /** "{schoolCode}" in a step shows the school's app code there. */
  appSteps: list('steps', 20),
  helpDesk: paragraph,
});

export const contactUsPageSchema = z.object({ description, lead, officeHours: paragraph, directions: paragraph });

/** Every page with stored content, by its slug: the one list the API, the seed and the editors share. */
export const pageSchemas = {
  home: homePageSchema,
  'about-us': aboutUsPageSchema,
  patrons: patronsPageSchema,
  'principal-message': principalMessagePageSchema,
  'school-information': schoolInformationPageSchema,
  activities: activitiesPageSchema,
  syllabus: syllabusPageSchema,
  timings: timingsPageSchema,
  'admission-withdrawal': admissionWithdrawalPageSchema,
  'primary-wing': primaryWingPageSchema,
  'clubs-association': clubsAssociationPageSchema,
  house: housePageSchema,
  laboratory: laboratoryPageSchema,
  'computer-lab': facilityPageSchema,
  library: facilityPageSchema,
  'erp-software': erpSoftwarePageSchema,
  'parent-portal': parentPortalPageSchema,
  'contact-us': contactUsPageSchema,
} as const;

export type PageSlug = keyof typeof pageSchemas;
export type PageContent<S extends PageSlug> = z.infer<(typeof pageSchemas)[S]>;
export type PageContents = { [S in PageSlug]: PageContent<S> };

export const PAGE_SLUGS = Object.keys(pageSchemas) as PageSlug[];

export function isPageSlug(value: string): value is PageSlug {
  return Object.hasOwn(pageSchemas, value);
}

/** A text left empty (spaces only) or a list with nothing in it: what a page still to be written has. */
function isBlank(value: unknown): boolean {
  return (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

/** `value` with only the fields `schema` knows (what a successful parse keeps), texts trimmed. */
function keepKnown(schema: z.ZodType, value: unknown): unknown {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return keepKnown(schema.unwrap() as z.ZodType, value);
  if (schema instanceof z.ZodArray && Array.isArray(value)) return value.map((item) => keepKnown(schema.element as z.ZodType, item));
  if (schema instanceof z.ZodObject && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const shape = schema.shape as Record<string, z.ZodType>;
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(shape)
        .filter((k) => Object.hasOwn(record, k))
        .map((k) => [k, keepKnown(shape[k] as z.ZodType, record[k])]),
    );
  }
  return typeof value === 'string' ? value.trim() : value;
}

/**
 * A page's draft as the API keeps it (docs/decisions/0142): the page's schema, except that a text,
 * a picture or a list still left empty is allowed, as a long page is written over several sittings.
 * Every other problem (too long, a bad link, a missing field) is refused in a draft too, and
 * publishing or submitting for review checks the whole schema. The draft keeps the schema's fields only.
 */
export function parsePageDraft(slug: PageSlug, content: unknown): z.ZodSafeParseResult<unknown> {
  const schema: z.ZodType = pageSchemas[slug];
  const whole = schema.safeParse(content);
  if (whole.success) return whole;
  const problems = whole.error.issues.filter((issue) => !isBlank(valueAt(content, issue.path)));
  if (problems.length > 0) return { success: false, error: new z.ZodError(problems) };
  return { success: true, data: keepKnown(schema, content) };
}

/** A page record as the API serves it. */
export interface PageRecord<S extends PageSlug = PageSlug> {
  code: string;
  slug: S;
  /** Increases with every save; an editor sends it back to detect a conflicting edit. */
  version: number;
  updatedAt: string;
  content: PageContent<S>;
}

function recordOf(slug: PageSlug) {
  return z.object({
    code: z.string(),
    slug: z.literal(slug),
    version: z.number().int().min(1),
    updatedAt: z.string().describe('ISO 8601 time of the last save'),
    content: pageSchemas[slug],
  });
}

/** The schema of one slug's record (the site parses GET /api/pages/{code}/{slug} with it). */
export function pageRecordSchema<S extends PageSlug>(slug: S): z.ZodType<PageRecord<S>> {
  // recordOf(slug) checks exactly this slug's content; zod cannot carry the slug through its types.
  return recordOf(slug) as unknown as z.ZodType<PageRecord<S>>;
}

/** Any page's record, told apart by its slug (the API's response schema and OpenAPI document). */
export const anyPageRecordSchema = z.discriminatedUnion('slug', [
  recordOf('home'),
  ...PAGE_SLUGS.filter((s) => s !== 'home').map(recordOf),
]);
