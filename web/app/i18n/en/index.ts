import forms from './forms.json';
import pages from './pages.json';
import shell from './shell.json';

/** The English catalogue: every part's file (keys start with the part's name). */
export default { ...shell, ...pages, ...forms };
