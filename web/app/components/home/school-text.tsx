import type { ReactNode } from 'react';

/**
 * Text the school wrote, put inside one of our messages: marked English (`lang`) on a page in
 * another language, and the plain text on an English page, whose markup stays as it was.
 */
export function schoolText(text: string, lang: 'en' | undefined): ReactNode {
  return lang ? <span lang={lang}>{text}</span> : text;
}
