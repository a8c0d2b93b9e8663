import type { Catalogue } from '../catalogue.ts';
import feeds from './feeds.json';
import forms from './forms.json';
import info from './info.json';
import lists from './lists.json';
import media from './media.json';
import pages from './pages.json';
import shell from './shell.json';

/** The Bengali catalogue: the same parts as English, every key translated. */
export default { ...shell, ...pages, ...feeds, ...lists, ...media, ...info, ...forms } satisfies Catalogue;
