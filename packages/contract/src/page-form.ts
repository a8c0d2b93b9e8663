// The form of an information page's texts (web/app/routes/admin/page.tsx), made from the page's stored
// content: every text of it is a labelled field named by its path ("c.history.paragraphs.0"),
// nested parts are fieldsets. A post is put back into the same structure, which the API checks
// with the page's schema (pageSchemas in @sthsm/contract). Adding or removing list entries and
// changing pictures' sizes are not part of this form.

export type PageNode =
  | { kind: 'group'; name: string; legend: string; children: PageNode[] }
  | { kind: 'leaf'; name: string; label: string; input: 'text' | 'textarea' | 'number'; value: string };

/** Plain words for the pages' keys (for a list: its words and one entry's word). */
const WORDS: Record<string, string | [string, string]> = {
  description: 'Page description (for search results)',
  lead: ['Introduction', 'Introduction paragraph'],
  heading: 'Heading',
  paragraphs: ['Paragraphs', 'Paragraph'],
  list: ['List', 'List item'],
  mission: ['Mission', 'Mission point'],
  values: ['Values', 'Value'],
  wings: ['Wings', 'Wing'],
  path: 'File',
  alt: 'Image description (alt text)',
  bio: 'Biography',
  closing: 'Closing paragraph',
  patrons: ['Patrons', 'Patron'],
  items: ['Items', 'Item'],
  documents: ['Documents', 'Document'],
  label: 'Link text',
  file: 'Document file',
  principalVisiting: 'Principal visiting hours',
  office: 'Office hours',
  houses: ['Houses', 'House'],
  notes: ['Notes', 'Note'],
  sections: ['Sections', 'Section'],
  kindergarten: ['Kindergarten', 'Month'],
  juniors: ['Juniors', 'Month'],
  clubs: ['Clubs', 'Club'],
  id: 'House key',
  labs: ['Labs', 'Lab'],
  photos: ['Photos', 'Photo'],
  modules: ['Modules', 'Module'],
  appImage: 'App image',
  webSteps: ['Steps on the website', 'Step'],
  paymentModes: ['Payment modes', 'Payment mode'],
  appIntro: 'App introduction',
  appSteps: ['Steps in the app', 'Step'],
  helpDesk: 'Help desk',
  slider: ['Slider', 'Photo'],
  aboutImage: 'About image',
  facilities: ['Facilities', 'Tile'],
  activities: ['Activities', 'Tile'],
};
/** Keys kept as stored: a picture's size. */
const HIDDEN = new Set(['width', 'height']);
const SHORT = new Set(['heading', 'name', 'title', 'label', 'path', 'file', 'key', 'id', 'swatch', 'colour', 'motto', 'month', 'session']);

function words(key: string): [string, string] {
  const known = WORDS[key];
  if (Array.isArray(known)) return known;
  const word =
    known ??
    key
      .replace(/([A-Z])/g, ' $1')
      .toLowerCase()
      .replace(/^./, (c) => c.toUpperCase());
  return [word, word];
}

/** A page's key in plain words ("appIntro" → "App introduction"), e.g. a part the history compares. */
export function pageWord(key: string): string {
  return words(key)[0];
}

function nodeOf(value: unknown, path: readonly string[], label: string): PageNode | null {
  const key = path.at(-1) ?? '';
  const name = `c.${path.join('.')}`;
  if (typeof value === 'string')
    return {
      kind: 'leaf',
      name,
      label,
      value,
      input: SHORT.has(key) || (key === 'description' && path.length === 1) ? 'text' : 'textarea',
    };
  if (typeof value === 'number') return HIDDEN.has(key) ? null : { kind: 'leaf', name, label, value: String(value), input: 'number' };
  if (Array.isArray(value)) {
    const [, one] = words(key);
    const children = value.map((v, i) => nodeOf(v, [...path, String(i)], `${one} ${i + 1}`)).filter((n) => n !== null);
    return children.length ? { kind: 'group', name, legend: label, children } : null;
  }
  if (value && typeof value === 'object') {
    const children = Object.entries(value)
      .map(([k, v]) => nodeOf(v, [...path, k], words(k)[0]))
      .filter((n) => n !== null);
    return children.length ? { kind: 'group', name, legend: label, children } : null;
  }
  return null;
}

/** The form's fields for a page's content, in its order. */
export function pageForm(content: unknown): PageNode[] {
  if (!content || typeof content !== 'object') return [];
  return Object.entries(content)
    .map(([k, v]) => nodeOf(v, [k], words(k)[0]))
    .filter((n) => n !== null);
}

function leaves(nodes: readonly PageNode[]): Array<Extract<PageNode, { kind: 'leaf' }>> {
  return nodes.flatMap((n) => (n.kind === 'leaf' ? [n] : leaves(n.children)));
}

/** The posted texts put back into the content's structure (what the form does not show stays). */
export function contentFromForm(content: unknown, values: Record<string, string>): unknown {
  const next = structuredClone(content) as Record<string, unknown>;
  for (const leaf of leaves(pageForm(content))) {
    const posted = values[leaf.name];
    if (posted === undefined) continue;
    const path = leaf.name.slice(2).split('.');
    let at: Record<string, unknown> = next;
    for (const step of path.slice(0, -1)) at = at[step] as Record<string, unknown>;
    const trimmed = posted.trim();
    at[path.at(-1)!] = leaf.input === 'number' && /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : posted;
  }
  return next;
}

/** The texts of a page as lines (a conflict's "the version saved meanwhile"). */
export function pageLines(content: unknown): Array<{ label: string; text: string }> {
  return leaves(pageForm(content)).map((l) => ({ label: `${l.label} (${l.name.slice(2)})`, text: l.value }));
}
