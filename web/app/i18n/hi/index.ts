import type { Catalogue } from '../catalogue.ts';
import info from './info.json';
import pages from './pages.json';
import shell from './shell.json';

/** The Hindi catalogue: the same parts as English, every key translated. */
export default { ...shell, ...pages, ...info } satisfies Catalogue;
