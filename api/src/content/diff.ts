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

/** An item's (or a language's) snapshot as one flat record, for the diff. */
export function flatSnapshot(s: {
  fields: Record<string, unknown>;
  status: string;
  publishAt: string | null;
  unpublishAt: string | null;
}): Record<string, unknown> {
  return { ...s.fields, status: s.status, publishAt: s.publishAt, unpublishAt: s.unpublishAt };
}

/**
 * The changes between two saved versions of a history (an item's, a page's, a language's), asked by
 * number; `flat` makes a version's snapshot one flat record. `missing` when either is not in it.
 */
export function versionChanges<S>(
  versions: ReadonlyArray<{ version: number; snapshot: S }>,
  asked: { from: number; to: number },
  flat: (snapshot: S) => Record<string, unknown>,
): { from: number; to: number; changes: FieldChange[] } | 'missing' {
  const from = versions.find((v) => v.version === asked.from);
  const to = versions.find((v) => v.version === asked.to);
  if (!from || !to) return 'missing';
  return { from: from.version, to: to.version, changes: changesBetween(flat(from.snapshot), flat(to.snapshot)) };
}
