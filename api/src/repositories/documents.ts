import type { z } from 'zod';

// Stored JSON documents (school profiles and page texts): read back through the same contract
// schema that checked them on the way in, so a document that no longer matches is a loud error
// rather than a page that silently shows half of it.

export function decodeDocument<T>(schema: z.ZodType<T>, text: string, what: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`The stored ${what} is not valid JSON.`);
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(
      `The stored ${what} does not match its schema (${issue?.path.join('.') || 'document'}: ${issue?.message ?? 'invalid'}).`,
    );
  }
  return result.data;
}

/** The outcome of a save: the new version, or why nothing was written. */
export type SaveResult<R> =
  | { ok: true; record: R }
  /** `expectedVersion` was given and the stored version differs: someone else saved first. */
  | { ok: false; reason: 'conflict'; current: R }
  | { ok: false; reason: 'unknown-school' };
