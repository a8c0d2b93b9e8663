import type { Catalogue } from '../catalogue.ts';
import forms from './forms.json';
import pages from './pages.json';
import shell from './shell.json';

/** The Hindi catalogue: the same parts as English, every key translated. */
export default { ...shell, ...pages, ...forms } satisfies Catalogue;
