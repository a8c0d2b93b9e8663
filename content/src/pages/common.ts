// Shared shapes of the static page texts (content/src/pages/*). Every text here is fictional
// demo content for a Catholic co-educational English-medium CISCE school founded in 1976.

/** What a page says about itself in search results and link previews. */
export interface PageText {
  /** The meta description (about 150 characters). */
  description: string;
}

/** A titled block of prose: one heading, one or more paragraphs, an optional bullet list. */
export interface TextSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}
