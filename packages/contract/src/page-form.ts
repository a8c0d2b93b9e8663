// The form of an information page's texts (web/app/routes/admin/page.tsx), made from the page's stored
// content: every text of it is a labelled field named by its path ("c.history.paragraphs.0"),
// nested parts are fieldsets. A post is put back into the same structure, which the API checks
// with the page's schema (pageSchemas in @sthsm/contract). A list's entries are added (a blank copy
// of its last entry) and removed by the form's own buttons (changeList); the form posts the structure
// it shows (`shape`) so a save keeps them. Pictures' sizes are not part of this form.

export type PageNode =
  | { kind: 'group'; name: string; legend: string; children: PageNode[]; entry?: string }
  | { kind: 'leaf'; name: string; label: string; input: 'text' | 'textarea' | 'number' | 'pdf' | 'image'; value: string };

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
      // A document's file (the syllabus's PDFs): chosen from the media library's PDFs; a picture's
      // file: a photo of the media library (its size follows it on saving, web/app/routes/admin/page.tsx).
      input:
        key === 'file'
          ? 'pdf'
          : key === 'path'
            ? 'image'
            : SHORT.has(key) || (key === 'description' && path.length === 1)
              ? 'text'
              : 'textarea',
    };
  if (typeof value === 'number') return HIDDEN.has(key) ? null : { kind: 'leaf', name, label, value: String(value), input: 'number' };
  if (Array.isArray(value)) {
    const [, one] = words(key);
    const children = value.map((v, i) => nodeOf(v, [...path, String(i)], `${one} ${i + 1}`)).filter((n) => n !== null);
    return children.length ? { kind: 'group', name, legend: label, children, entry: one } : null;
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

/** The same structure with every text emptied (numbers, like a picture's size, kept): a new entry. */
function blank(value: unknown): unknown {
  if (typeof value === 'string') return '';
  if (Array.isArray(value)) return value.map(blank);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, blank(v)]));
  return value;
}

/**
 * A list of the content changed by one of the form's buttons: `add:c.path` adds a blank copy of the
 * list's last entry, `remove:c.path.N` removes entry N. Null when the intent names no such list or
 * entry (or would empty the list: a page's schema wants its lists filled).
 */
export function changeList(content: unknown, intent: string): unknown {
  const match = /^(add|remove):c\.([\w.]+)$/.exec(intent);
  if (!match) return null;
  const path = match[2]!.split('.');
  const index = match[1] === 'remove' ? Number(path.pop()) : -1;
  const next = structuredClone(content) as Record<string, unknown>;
  let list: unknown = next;
  for (const step of path) list = list && typeof list === 'object' ? (list as Record<string, unknown>)[step] : undefined;
  if (!Array.isArray(list) || list.length === 0) return null;
  if (match[1] === 'add') list.push(blank(list.at(-1)));
  else if (Number.isInteger(index) && index >= 0 && index < list.length && list.length > 1) list.splice(index, 1);
  else return null;
  return next;
}

/** The structure a form was shown with, as it posts it back (`shape`); null when it is not one. */
export function shapeOf(posted: string | undefined): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(posted ?? '');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
