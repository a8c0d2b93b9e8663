import { brandPalette } from '@sthsm/contract/brand';
import type { SchoolProfile } from '@sthsm/contract/profile';

// The school's brand on the public site (docs/decisions/0133): its crest's icons (made per school
// by GET /api/school/{code}/icon/{size}.png), and its colours as the stylesheet's custom properties.

/** The URL of the school's icon of `size` pixels (only when it has a crest: no other school's icon stands in). */
export function iconUrl(code: string, size: 32 | 180 | 192 | 512, origin = ''): string {
  return `${origin}/api/school/${encodeURIComponent(code)}/icon/${size}.png`;
}

/** Whether the school has a crest to show. */
export const hasCrest = (school: SchoolProfile | null): boolean => Boolean(school?.brand?.crest);

/**
 * The `html:root { … }` rule that sets the school's colours, or '' when they are the stylesheet's own.
 * Written in the head before the first paint, so no colour (and no layout) changes after it.
 */
export function brandCss(school: SchoolProfile | null): string {
  const palette = brandPalette(school?.brand?.primary, school?.brand?.accent);
  if (!palette) return '';
  // html:root outranks the stylesheet's own :root rule, whichever comes first in the head.
  return `html:root{${Object.entries(palette)
    .map(([name, value]) => `${name}:${value}`)
    .join(';')}}`;
}

/** The browser's theme colour (the address bar on phones): the school's primary colour. */
export function themeColour(school: SchoolProfile | null): string {
  const palette = brandPalette(school?.brand?.primary, school?.brand?.accent);
  return palette ? palette['--color-primary'] : (school?.brand?.primary ?? '').toLowerCase();
}
