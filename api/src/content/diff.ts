import { diffWords } from 'diff';

/** One field that differs between two versions; `parts` for text: the words kept, added and removed (jsdiff). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  parts?: Array<{ value: string; added: boolean; removed: boolean }>;
}

/** The fields of two flat records that differ (compared as JSON), text fields word by word. */
export function changesBetween(a: Record<string, unknown>, b: Record<string, unknown>): FieldChange[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((field) => JSON.stringify(a[field] ?? null) !== JSON.stringify(b[field] ?? null))
    .map((field) => {
      const before = a[field] ?? null;
      const after = b[field] ?? null;
      return {
        field,
        before,
        after,
        ...(typeof before === 'string' && typeof after === 'string'
          ? { parts: diffWords(before, after).map((p) => ({ value: p.value, added: Boolean(p.added), removed: Boolean(p.removed) })) }
          : {}),
      };
    });
}
