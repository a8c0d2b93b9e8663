import type { TextSection } from '@sthsm/contract/pages';

/** A titled block of page text: heading, paragraphs and an optional bullet list. */
export function Prose({ section, level = 2 }: { section: TextSection; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="prose-section">
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
