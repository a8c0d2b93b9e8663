// The one rich-text policy (docs/decisions/0062): exactly what the planned editor, TipTap's
// StarterKit with headings limited to levels 2-4 and its Link mark, produces. The API sanitizes every
// rich-text field with it on save and the site sanitizes again before rendering (sanitize-html in
// both; this file holds only data so the browser form can share it).

/** Tags the editor writes: paragraphs, hard breaks, headings 2-4, lists, quotes, code, rules, marks, links. */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'hr',
  'strong',
  'em',
  's',
  'u',
  'a',
] as const;

/** Attributes kept: a link's href and title (rel is written by the sanitizer); an ordered list's start. */
export const RICH_TEXT_ATTRIBUTES: Record<string, string[]> = { a: ['href', 'title', 'rel'], ol: ['start'] };

/** Link schemes kept; relative links too, never protocol-relative ones. */
export const RICH_TEXT_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/** Older content's tags mapped onto the editor's own, so their meaning survives. */
export const RICH_TEXT_RENAMES: Record<string, string> = { b: 'strong', i: 'em', strike: 's', del: 's', h1: 'h2', h5: 'h4', h6: 'h4' };

/**
 * A URL as a browser reads it: leading C0 controls and spaces are dropped before the scheme is
 * looked at ("\u000bjavascript:…" runs as javascript:). The sanitizer judges the URL in this form.
 */
export function withoutLeadingControls(value: string): string {
  let start = 0;
  while (start < value.length && value.charCodeAt(start) <= 0x20) start++;
  return value.slice(start);
}
