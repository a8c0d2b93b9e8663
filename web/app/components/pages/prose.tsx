import type { TextSection } from '@sthsm/contract/pages';
import { useI18n } from '../../i18n/i18n';

/** A titled block of page text (the school's, marked English on a page in another language): heading, paragraphs and an optional bullet list. */
export function Prose({ section, level = 2 }: { section: TextSection; level?: 2 | 3 }) {
  const { contentLang, contentDir } = useI18n();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="prose-section" lang={contentLang} dir={contentDir}>
      <Heading>{section.heading}</Heading>
      {section.paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
      {section.list ? (
        <ul>
          {section.list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
