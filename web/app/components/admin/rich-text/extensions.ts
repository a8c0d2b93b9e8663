import { Link } from '@tiptap/extension-link';
import { StarterKit } from '@tiptap/starter-kit';
import { RICH_TEXT_SCHEMES } from '@sthsm/contract/rich-text';

// The editor's schema, shared by the staff editor and its round-trip test: StarterKit with headings
// 2-4 (the page has its own h1) and Link, set up to write exactly the tags and attributes of the
// rich-text policy (decision 0062), so what it writes comes back from the server's sanitizer unchanged.

/** The link's attributes as the sanitizer writes them: no target, rel="noopener noreferrer". */
const LINK_ATTRIBUTES = { target: null, rel: 'noopener noreferrer', class: null };

/** A link the policy keeps: one of its schemes, or a path of this site (never //host). */
export function allowedHref(href: string): boolean {
  const value = href.trim();
  if (value.startsWith('/')) return !value.startsWith('//');
  if (value.startsWith('#')) return true;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  return scheme !== undefined && (RICH_TEXT_SCHEMES as readonly string[]).includes(scheme);
}

export function richTextExtensions() {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3, 4] },
      // A code block's language becomes a class, which the policy removes: blocks of code are not offered.
      codeBlock: false,
      link: false,
      // An empty paragraph added after a closing list or quote would make an opened text look changed.
      trailingNode: false,
    }),
    Link.configure({
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      protocols: ['mailto', 'tel'],
      HTMLAttributes: LINK_ATTRIBUTES,
      isAllowedUri: (url) => allowedHref(url),
    }),
  ];
}
