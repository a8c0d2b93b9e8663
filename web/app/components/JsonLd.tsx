/**
 * Structured data as <script type="application/ld+json">. "<" is escaped so that no value
 * (a title, a description) can close the script element early.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
