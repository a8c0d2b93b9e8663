import { z } from './zod.ts';
import { SCHOOL_CODE_PATTERN } from './http.ts';
import { pageSchemas } from './pages.ts';
import { schoolProfileSchema } from './profile.ts';

// A school file: the profile and page texts of one or more schools, as `npm run school:export`
// writes them from the database. The site reads it (SCHOOL_PROFILE_FILE) when its API_URL points at
// a server of the contract that has no school endpoints (docs/decisions/0023).

export const SCHOOL_FILE_FORMAT = 'sthsm-school-file/1';

const pagesSchema = z.object(
  Object.fromEntries(Object.entries(pageSchemas).map(([slug, schema]) => [slug, schema.optional()])),
) as z.ZodType<{
  [S in keyof typeof pageSchemas]?: z.infer<(typeof pageSchemas)[S]>;
}>;

export const schoolFileSchema = z.object({
  format: z.literal(SCHOOL_FILE_FORMAT, { error: `The file is not a school file (format must be "${SCHOOL_FILE_FORMAT}").` }),
  exportedAt: z.string(),
  schools: z.array(
    z.object({
      code: z.string().regex(SCHOOL_CODE_PATTERN),
      profile: schoolProfileSchema,
      pages: pagesSchema,
    }),
  ),
});

export type SchoolFile = z.infer<typeof schoolFileSchema>;
