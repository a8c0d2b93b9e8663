import { describe, expect, it } from 'vitest';
import { buildDemoRecords } from '../src/demo.ts';
import { PAGE_SLUGS, pageSchemas } from '@sthsm/contract/pages';
import { contentFromForm, pageForm, type PageNode } from '@sthsm/contract/page-form';

// The information page form (decision 0064) over every seeded page: the form posted unchanged gives
// the same content back; a changed field lands at its path and nowhere else; labels are words.

const school = buildDemoRecords({ today: new Date('2025-08-14T00:00:00Z') })[0]!;
const leaves = (nodes: readonly PageNode[]): Array<Extract<PageNode, { kind: 'leaf' }>> =>
  nodes.flatMap((n) => (n.kind === 'leaf' ? [n] : leaves(n.children)));

describe('pageForm and contentFromForm', () => {
  it.each(PAGE_SLUGS)('%s: posting the form unchanged gives the same content, valid for its schema', (slug) => {
    const content = school.pages[slug];
    const fields = leaves(pageForm(content));
    expect(fields.length).toBeGreaterThan(0);
    const values = Object.fromEntries(fields.map((f) => [f.name, f.value]));
    const back = contentFromForm(content, values);
    expect(back).toEqual(content);
    expect(pageSchemas[slug].safeParse(back).success).toBe(true);
    for (const f of fields) expect(f.label).toMatch(/^[A-Z][a-z]/);
  });

  it('puts a changed text at its path only and keeps what the form does not show', () => {
    const content = school.pages['about-us'];
    const back = contentFromForm(content, { 'c.history.paragraphs.0': 'A new first paragraph.', 'c.image.width': '1' }) as typeof content;
    expect(back.history.paragraphs[0]).toBe('A new first paragraph.');
    expect(back.history.paragraphs.slice(1)).toEqual(content.history.paragraphs.slice(1));
    expect(back.image.width).toBe(content.image.width);
    expect(back.lead).toBe(content.lead);
    expect(content.history.paragraphs[0]).not.toBe('A new first paragraph.');
  });

  it('labels the top level in plain words', () => {
    const labels = pageForm(school.pages['contact-us']).map((n) => (n.kind === 'leaf' ? n.label : n.legend));
    expect(labels).toEqual(['Page description (for search results)', 'Introduction', 'Office hours', 'Directions']);
  });
});
