import feeds from './feeds.json';
import forms from './forms.json';
import info from './info.json';
import lists from './lists.json';
import media from './media.json';
import pages from './pages.json';
import shell from './shell.json';

/** The English catalogue: every part's file (keys start with the part's name). */
export default { ...shell, ...pages, ...feeds, ...lists, ...media, ...info, ...forms };
