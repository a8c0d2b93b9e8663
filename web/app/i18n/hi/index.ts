import type { Catalogue } from '../catalogue.ts';
import feeds from './feeds.json';
import lists from './lists.json';
import media from './media.json';
import pages from './pages.json';
import shell from './shell.json';

/** The Hindi catalogue: the same parts as English, every key translated. */
export default { ...shell, ...pages, ...feeds, ...lists, ...media } satisfies Catalogue;
