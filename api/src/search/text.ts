import { SEARCH_TERMS_MAX, type SearchSegment } from '@sthsm/contract/search';

// The text rules of search (docs/search.md), the same on both engines because they run here, not in
// SQL. Text is folded (Unicode NFC, lower case, the zero-width joiners that Indian scripts use for
// half forms left out) and cut into words: runs of letters, digits and combining marks, so a
// Devanagari or Bengali word keeps its vowel signs and viramas. A query's words are cut the same
// way; an item matches when each of them begins one of its words ("exam" finds "examination").

const JOINERS = /[\u200b-\u200d\u2060\ufeff]/gu;
const JOINER = /^[\u200b-\u200d\u2060\ufeff]$/u;
const NOT_WORD = /[^\p{L}\p{N}\p{M}]+/u;
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

/** One code point as it is compared. */
const foldChar = (ch: string) => (JOINER.test(ch) ? '' : ch.toLowerCase());

/** The form both the index and the query are compared in. */
export function fold(text: string): string {
  return text.normalize('NFC').replace(JOINERS, '').toLowerCase();
}

/** The longest word kept, in code points (PostgreSQL refuses a lexeme over 2,047 bytes). */
export const WORD_MAX = 60;

/** The words of a text, folded, in order (a longer run than WORD_MAX is kept as its beginning). */
export function wordsOf(text: string): string[] {
  return fold(text)
    .split(NOT_WORD)
    .filter((w) => w !== '')
    .map((w) => (w.length > WORD_MAX ? [...w].slice(0, WORD_MAX).join('') : w));
}

/**
 * What the index keeps of a text: its words between single spaces, with a space at each end, so
 * that " exam" (LIKE '% exam%') is a word's beginning on PostgreSQL as FTS5's prefix query is on SQLite.
 */
export function indexedWords(text: string): string {
  const words = wordsOf(text);
  return words.length > 0 ? ` ${words.join(' ')} ` : ' ';
}

/** The words of a query, folded, without repeats, at most SEARCH_TERMS_MAX. */
export function termsOf(query: string): string[] {
  return [...new Set(wordsOf(query))].slice(0, SEARCH_TERMS_MAX);
}

/** Where `term` next begins a word of `folded` at or after `from` (-1: nowhere). */
function wordStart(folded: string, term: string, from: number): number {
  for (let at = folded.indexOf(term, from); at !== -1; at = folded.indexOf(term, at + 1)) {
    if (at === 0 || !WORD_CHAR.test(folded[at - 1] ?? ' ')) return at;
  }
  return -1;
}

/** `text` cut into pieces, each marked when it is an occurrence of one of `terms` (folded). */
export function markTerms(text: string, terms: readonly string[]): SearchSegment[] {
  const source = text.normalize('NFC');
  // Fold one code point at a time, remembering where each folded character came from, so that a
  // match found in the folded text marks the same characters of the text as written.
  let folded = '';
  const origin: number[] = [];
  let offset = 0;
  for (const ch of source) {
    const lower = foldChar(ch);
    for (let i = 0; i < lower.length; i++) origin.push(offset);
    folded += lower;
    offset += ch.length;
  }
  origin.push(source.length);
  const marked: boolean[] = Array.from({ length: source.length }, () => false);
  for (const term of terms) {
    if (term === '') continue;
    for (let at = wordStart(folded, term, 0); at !== -1; at = wordStart(folded, term, at + term.length)) {
      const from = origin[at] ?? 0;
      const to = origin[at + term.length] ?? source.length;
      for (let i = from; i < to; i++) marked[i] = true;
    }
  }
  const segments: SearchSegment[] = [];
  for (let i = 0; i < source.length;) {
    const mark = marked[i] ?? false;
    let j = i;
    while (j < source.length && (marked[j] ?? false) === mark) j++;
    segments.push({ text: source.slice(i, j), mark });
    i = j;
  }
  return segments;
}

export const SNIPPET_LENGTH = 200;

/**
 * About SNIPPET_LENGTH characters of `body` around the first place one of `terms` occurs (its start
 * when none does), cut at spaces, with "…" where text was left out, the words marked.
 */
export function snippetOf(body: string, terms: readonly string[]): SearchSegment[] {
  const text = body.normalize('NFC');
  if (text.length <= SNIPPET_LENGTH) return markTerms(text, terms);
  const lower = fold(text);
  const hits = terms.map((t) => wordStart(lower, t, 0)).filter((i) => i >= 0);
  // Folding can lengthen a few Latin letters; the position is near enough to centre a window on.
  const first = hits.length > 0 ? Math.min(Math.min(...hits), text.length - 1) : 0;
  let start = Math.max(0, first - 60);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space !== -1 && space < first ? space + 1 : start;
  }
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    end = space > Math.max(start, first) ? space : end;
  }
  const segments = markTerms(text.slice(start, end), terms);
  if (start > 0) segments.unshift({ text: '…', mark: false });
  if (end < text.length) segments.push({ text: '…', mark: false });
  return segments;
}

/** Whether each term begins a word of `text`. */
export function beginsWords(text: string, terms: readonly string[]): boolean {
  const folded = fold(text);
  return terms.every((t) => wordStart(folded, t, 0) !== -1);
}

/** The edit distance of two words with a swap of two neighbouring letters counting as one (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_row, i) =>
    Array.from({ length: cols }, (_col, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => d[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      const row = d[i];
      if (row) row[j] = best;
    }
  }
  return at(a.length, b.length);
}

/** A Latin-script word that nearby spellings are looked for (docs/search.md). */
export const LATIN_WORD = /^[a-z]{3,}$/;

/**
 * The word of `vocabulary` (word → how often the site uses it) nearest to `word`: at most one edit
 * for words of up to five letters, two for longer ones; the more used of equally near ones. Null
 * when the word is itself in the vocabulary or nothing is near.
 */
export function nearestWord(word: string, vocabulary: ReadonlyMap<string, number>): string | null {
  if (vocabulary.has(word)) return null;
  const limit = word.length <= 5 ? 1 : 2;
  let best: { word: string; distance: number; uses: number } | null = null;
  for (const [candidate, uses] of vocabulary) {
    if (Math.abs(candidate.length - word.length) > limit) continue;
    const distance = editDistance(word, candidate);
    if (distance > limit) continue;
    if (!best || distance < best.distance || (distance === best.distance && uses > best.uses)) best = { word: candidate, distance, uses };
  }
  return best?.word ?? null;
}
