import { useNonce } from '../lib/nonce';

/**
 * Structured data as <script type="application/ld+json">. "<" is escaped so that no value
 * (a title, a description) can close the script element early.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  // A data block never runs, but it carries the CSP nonce like every other script element.
  const nonce = useNonce() || undefined;
  return <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}
