import type { Locale } from '@sthsm/contract/languages';
import { ENGLISH, type Catalogue } from './catalogue';
import bn from './bn/index.ts';
import hi from './hi/index.ts';
import ur from './ur/index.ts';

// Every catalogue, on the server: a page in a language gets its catalogue from the root loader (a
// hydrated page takes it along; a page without React needs none in the browser).

const CATALOGUES: Partial<Record<Locale, Catalogue>> = { en: ENGLISH, hi, bn, ur };

/** The languages whose catalogue is written: the ones a school can choose. */
export const TRANSLATED: readonly Locale[] = Object.keys(CATALOGUES) as Locale[];

/** The catalogue of `locale`, or null where none is written yet. */
export function catalogueOf(locale: Locale): Catalogue | null {
  return CATALOGUES[locale] ?? null;
}
