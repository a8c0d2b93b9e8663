import { describe, expect, it } from 'vitest';
import { buildDemoRecords } from '../src/demo.ts';
import { pageSchemas } from '@sthsm/contract/pages';
import { changeList, pageForm, shapeOf } from '@sthsm/contract/page-form';

// The information page form's Add and Remove buttons (changeList): a blank entry like the last one,
// an entry removed at its place, anything else refused; the result still fits the page's schema once filled.

const school = buildDemoRecords({ today: new Date('2025-08-14T00:00:00Z') })[0]!;
const timings = school.pages.timings;

describe('changeList', () => {
  it('adds a blank copy of the last entry of a list of texts and of a list of rows', () => {
    const notes = changeList(timings, 'add:c.notes') as typeof timings;
    expect(notes.notes).toEqual([...timings.notes, '']);
    const rows = changeList(timings, 'add:c.classes') as typeof timings;
    expect(rows.classes.at(-1)).toEqual({ classes: '', summer: '', winter: '' });
    expect(rows.classes.slice(0, -1)).toEqual(timings.classes);
    expect(timings.classes).toHaveLength(3);
  });

  it('removes the entry named, and the filled result is valid for the page', () => {
    const back = changeList(timings, 'remove:c.notes.0') as typeof timings;
    expect(back.notes).toEqual(timings.notes.slice(1));
    expect(pageSchemas.timings.safeParse(back).success).toBe(true);
  });

  it('refuses what names no list or entry, and removing the last entry', () => {
    for (const intent of ['add:c.office', 'add:c.missing', 'remove:c.notes.9', 'remove:c.notes.x', 'publish', 'add:c.__proto__'])
      expect(changeList(timings, intent)).toBeNull();
    const one = { ...timings, notes: ['Only one'] };
    expect(changeList(one, 'remove:c.notes.0')).toBeNull();
  });

  it('marks lists in the form with their entry word, and reads back the posted shape', () => {
    const notes = pageForm(timings).find((n) => n.name === 'c.notes');
    expect(notes).toMatchObject({ kind: 'group', entry: 'Note' });
    expect(shapeOf(JSON.stringify(timings))).toEqual(timings);
    expect(shapeOf('[1]')).toBeNull();
    expect(shapeOf('not json')).toBeNull();
  });
});
