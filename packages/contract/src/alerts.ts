import { z } from './zod.ts';

// Emergency alerts (issue 34): one line, an optional link, an end time. Shown as a banner on every
// page of the school until it ends, and sent at once to every subscriber (whatever they chose). The
// staff form and the API check a request with this one schema.

export const ALERT_MESSAGE_MAX = 200;
/** The longest an alert may stay up; a longer need is a notice. */
export const ALERT_MAX_HOURS = 7 * 24;

export const ALERT_ERRORS = {
  message: `Write the alert in one line of at most ${ALERT_MESSAGE_MAX} characters.`,
  link: 'The link must be a page of this website (starting with /) or an https:// address.',
  endsAt: 'Give the date and time the alert ends.',
} as const;

/** A link on the school's own site ("/news") or an https: address; empty for none. */
export function isAlertLink(value: string): boolean {
  if (value === '') return true;
  if (/^\/(?!\/)[^\s\\]*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !url.username && !url.password && value.length <= 500;
  } catch {
    return false;
  }
}

/** The staff form's fields; `endsAt` in the school's time zone as a datetime-local gives it. */
export const alertFormSchema = z.object({
  message: z
    .string({ error: ALERT_ERRORS.message })
    .trim()
    .min(1, { error: ALERT_ERRORS.message })
    .max(ALERT_MESSAGE_MAX, { error: ALERT_ERRORS.message })
    .refine((v) => !/[\r\n]/.test(v), { error: ALERT_ERRORS.message }),
  link: z
    .string()
    .trim()
    .default('')
    .refine((v) => isAlertLink(v), { error: ALERT_ERRORS.link }),
  endsAt: z.string({ error: ALERT_ERRORS.endsAt }).regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: ALERT_ERRORS.endsAt }),
});
export type AlertForm = z.infer<typeof alertFormSchema>;

/** What the public API gives of a current alert. */
export const publicAlertSchema = z.object({
  _id: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  endsAt: z.string().describe('UTC ISO 8601'),
});
export type PublicAlert = z.infer<typeof publicAlertSchema>;
