// Helpers shared by the repositories: JSON TEXT arrays and creation timestamps.

export function toJson(refs: readonly string[] | undefined | null): string {
  return JSON.stringify(refs ?? []);
}

export function fromJson(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** The first ten characters of an ISO date ("2025-08-14"), or null. */
export function dayOf(date: string | null | undefined): string | null {
  return date ? date.slice(0, 10) : null;
}
