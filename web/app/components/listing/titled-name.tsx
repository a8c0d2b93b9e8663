import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/catalogue';

/**
 * The name of a link that holds a title the school wrote ("View Attachment: {title} (opens in a new
 * tab)"). In English, and for a title in the page's language (an item translated: its `lang`), the
 * short text with the name as aria-label, as it always was; for an English title on a page in another
 * language an attribute cannot mark the title as English, so the name is visually hidden text with
 * the title in lang="en", and the short text is hidden from screen readers.
 */
export function useTitledName(): {
  /** The link's aria-label (when the title is in the page's language). */
  label: (key: MessageKey, title: string, titleLang?: string) => string | undefined;
  /** The link's contents. */
  content: (key: MessageKey, title: string, text: ReactNode, titleLang?: string) => ReactNode;
} {
  const { t, rich, textLang, textDir } = useI18n();
  return {
    label: (key, title, titleLang) => (textLang(titleLang) ? undefined : t(key, { title })),
    content: (key, title, text, titleLang) => {
      const english = textLang(titleLang);
      if (!english) return text;
      return (
        <>
          <span aria-hidden="true">{text}</span>
          <span className="visually-hidden">
            {rich(key, {
              title: (
                <span lang={english} dir={textDir(titleLang)}>
                  {title}
                </span>
              ),
            })}
          </span>
        </>
      );
    },
  };
}
