import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_RENAMES, RICH_TEXT_SCHEMES, RICH_TEXT_TAGS, withoutLeadingControls } from './rich-text.ts';

/**
 * The one rich-text policy (the tags of @sthsm/contract/rich-text, docs/decisions/0062) as
 * sanitize-html options: the API sanitizes every rich-text field with it before it is stored, and
 * the site sanitizes again with it before rendering (web/app/lib/sanitize.server.ts, server-side
 * only, so sanitize-html never reaches the browser bundle). Every other tag is removed with its
 * text kept (script, style and the other non-text tags lose their text too); every other attribute
 * is removed. Spelled out in full rather than left to the library's defaults.
 */
export const RICH_TEXT_POLICY = {
  allowedTags: [...RICH_TEXT_TAGS],
  // Links keep href and title; rel is written here (below), whatever the source said.
  allowedAttributes: RICH_TEXT_ATTRIBUTES,
  allowedClasses: {},
  allowedStyles: {},
  // href: relative URLs, or these schemes; never protocol-relative (//host), javascript:, data: …
  allowedSchemes: [...RICH_TEXT_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'iframe', 'object', 'svg', 'math'],
  parseStyleAttributes: false,
  transformTags: {
    ...Object.fromEntries(Object.entries(RICH_TEXT_RENAMES).map(([from, to]) => [from, sanitizeHtml.simpleTransform(to, {})])),
    // The href is judged as a browser reads it (leading controls dropped), then by allowedSchemes.
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        ...(attribs.href === undefined ? {} : { href: withoutLeadingControls(attribs.href) }),
        rel: 'noopener noreferrer',
      },
    }),
  },
} satisfies sanitizeHtml.IOptions;

/** Sanitizes one rich-text field: as staff save it, and as the site renders it. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_POLICY);
}
