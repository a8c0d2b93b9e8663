import { describe, expect, it } from 'vitest';
import { buildDemoRecords } from '../src/demo.ts';
import { PAGE_SLUGS, pageSchemas } from '@sthsm/contract/pages';
import { contentFromForm, pageForm, type PageNode } from '@sthsm/contract/page-form';
import { pageGuidance, pageTemplate } from '@sthsm/contract/page-templates';

// The templates of pages nobody has written yet (decision 0134): as they are, no page can be
// published (its texts are empty); with every text written through the form, every page can; every
// text has a hint; and no template or hint carries a word of the demo school's own.

const leaves = (nodes: readonly PageNode[]): Array<Extract<PageNode, { kind: 'leaf' }>> =>
  nodes.flatMap((n) => (n.kind === 'leaf' ? [n] : leaves(n.children)));

/** What a person types into each field: a PDF or photo of the library for files, a fitting text elsewhere. */
function written(leaf: Extract<PageNode, { kind: 'leaf' }>): string {
  if (leaf.input === 'pdf') return 'ABC/public/Images/syllabus.pdf';
  if (leaf.input === 'image') return 'ABC/public/Images/photo.jpg';
  if (leaf.input === 'number') return leaf.value;
  if (leaf.name.endsWith('.session')) return '2025-26';
  return leaf.value || 'Written by the school.';
}

describe('page templates', () => {
  it.each(PAGE_SLUGS)('%s: refused as it is, accepted once every text is written, a hint for every text', (slug) => {
    const template = pageTemplate(slug);
    expect(pageSchemas[slug].safeParse(template).success).toBe(false);
    const fields = leaves(pageForm(template));
    expect(fields.length).toBeGreaterThan(0);
    const back = contentFromForm(template, Object.fromEntries(fields.map((f) => [f.name, written(f)])));
    const parsed = pageSchemas[slug].safeParse(back);
    expect(parsed.error?.issues ?? []).toEqual([]);
    for (const f of fields) expect(pageGuidance(slug, f.name), f.name).toMatch(/^[A-Z{]/);
  });

  it('gives a fresh copy each time', () => {
    const a = pageTemplate('about-us') as { lead: string };
    a.lead = 'changed';
    expect((pageTemplate('about-us') as { lead: string }).lead).toBe('');
  });

  it('carries no word of the demo school', () => {
    const demo = buildDemoRecords({ today: new Date('2025-08-14T00:00:00Z') })[0]!;
    const text = JSON.stringify(
      PAGE_SLUGS.map((s) => [pageTemplate(s), leaves(pageForm(pageTemplate(s))).map((f) => pageGuidance(s, f.name))]),
    );
    for (const word of [demo.profile.name, demo.profile.shortName, demo.code, 'Thomas', 'Mahimnagar', demo.profile.motto]) {
      expect(text).not.toContain(word);
    }
  });
});
