import { z } from './zod.ts';

// Creating and serving schools (OPERATIONS.md "A school from an empty install"): one set of rules
// for `npm run school`, the operators' page /admin/schools and the API behind it.

/** OPERATIONS.md: 2–32 letters, digits, `_` or `-`; stored upper case. */
export const SCHOOL_CODE_PATTERN = /^[A-Za-z0-9_-]{2,32}$/;

export const schoolCodeProblem = (code: string) => `"${code}" is not a valid school code: use 2 to 32 letters, digits, _ or -.`;
export const hostNameProblem = (host: string) => `"${host}" is not a host name a school can be served on.`;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A host name as the host table stores it: lower case, without a port or a final dot; null for
 * anything that is not a DNS name (an IP literal, an empty string, a name with odd characters).
 * "localhost" is never a key: it always gets the default school.
 */
export function hostNameOf(host: string): string | null {
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) return null;
  name = name.replace(/:\d*$/, '').replace(/\.$/, '');
  if (name.length === 0 || name.length > 253 || name === 'localhost') return null;
  const labels = name.split('.');
  if (!labels.every((label) => LABEL.test(label))) return null;
  if (labels.every((label) => /^\d+$/.test(label))) return null;
  return name;
}

export const schoolCode = z
  .string({ error: 'Enter a school code.' })
  .trim()
  .min(1, { error: 'Enter a school code.' })
  .refine((v) => SCHOOL_CODE_PATTERN.test(v), { error: (issue) => schoolCodeProblem(String(issue.input)) })
  .transform((v) => v.toUpperCase());

export const schoolName = z
  .string({ error: 'Enter the school\u2019s name.' })
  .trim()
  .min(1, { error: 'Enter the school\u2019s name.' })
  .max(120, { error: 'Use at most 120 characters for the name.' });

/** One host name, as typed: a port or a final dot is dropped, upper case becomes lower case. */
export const hostName = z
  .string({ error: 'Enter a host name.' })
  .trim()
  .min(1, { error: 'Enter a host name, like www.school.example.' })
  .max(260, { error: 'That host name is too long.' })
  .refine((v) => hostNameOf(v) !== null, { error: (issue) => hostNameProblem(String(issue.input)) })
  .transform((v) => hostNameOf(v) as string);

export const createSchoolBody = z.object({
  code: schoolCode,
  name: schoolName,
  hosts: z.array(hostName).max(20, { error: 'Give at most 20 host names.' }).default([]),
});
export type CreateSchoolInput = z.input<typeof createSchoolBody>;

export const schoolHostBody = z.object({ host: hostName });

/** One school as the operators' list shows it (GET /api/admin/schools): the API answers it, the staff page reads it. */
export const schoolOverviewSchema = z.object({
  code: z.string(),
  name: z.string(),
  createdAt: z.string(),
  suspendedAt: z.string().nullable().describe('Suspended since (its public site answers 503); null: serving'),
  hosts: z.array(z.string()).describe('Host names it is served on; the first is the one its links use'),
  staff: z.number().int().describe('People on its staff'),
  storageBytes: z.number().describe('Bytes its media library holds'),
  lastPublishedAt: z.string().nullable().describe('When its staff last published something'),
});
export type SchoolOverview = z.infer<typeof schoolOverviewSchema>;

/** Host names typed one per line or separated by commas or spaces (the operators' form). */
export function hostList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}
