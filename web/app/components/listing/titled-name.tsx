import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/catalogue';

/**
 * The name of a link that holds a title the school wrote ("View Attachment: {title} (opens in a new
 * tab)"). In English, the short text with the name as aria-label, as it always was; in another
 * language an attribute cannot mark the title as English, so the name is visually hidden text with
 * the title in lang="en", and the short text is hidden from screen readers.
 */
export function useTitledName(): {
  /** The link's aria-label (English pages only). */
  label: (key: MessageKey, title: string) => string | undefined;
  /** The link's contents. */
  content: (key: MessageKey, title: string, text: ReactNode) => ReactNode;
} {
  const { locale, t, rich, contentDir } = useI18n();
  return {
    label: (key, title) => (locale === 'en' ? t(key, { title }) : undefined),
    content: (key, title, text) =>
      locale === 'en' ? (
        text
      ) : (
        <>
          <span aria-hidden="true">{text}</span>
          <span className="visually-hidden">
            {rich(key, {
              title: (
                <span lang="en" dir={contentDir}>
                  {title}
                </span>
              ),
            })}
          </span>
        </>
      ),
  };
}
