import type { ShellSchool } from './site.server';

/** The root loader's data as other routes' `meta` functions see it in `matches`. */
export interface RootData {
  siteUrl: string;
  school: ShellSchool;
}

export function rootDataFrom(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): RootData | undefined {
  return matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined;
}

/** The school's name for `pageMeta`, from the root loader (falls back to a generic word). */
export function schoolNameFrom(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): string {
  return rootDataFrom(matches)?.school.name ?? 'School';
}
