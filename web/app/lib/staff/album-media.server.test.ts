import { describe, expect, it } from 'vitest';
import { changedPhotoTexts } from './album-media.server';

const before = (alt: string, decorative = false, caption = '') => JSON.stringify({ alt, decorative, caption });

describe("the album form's photo texts", () => {
  it('sends only the photos whose alt text, decorative mark or caption changed', () => {
    const values = {
      title: 'Sports day',
      'before.a1': before(''),
      'alt.a1': 'Relay race finish',
      'caption.a1': '',
      'before.b2': before('Prize giving', false, 'Winners'),
      'alt.b2': 'Prize giving',
      'caption.b2': 'Winners',
      'before.c3': before('Old'),
      'alt.c3': 'Old',
      'decorative.c3': 'on',
      'caption.c3': '',
    };
    expect(changedPhotoTexts(values)).toEqual([
      { id: 'a1', alt: 'Relay race finish', decorative: false, caption: '' },
      { id: 'c3', alt: 'Old', decorative: true, caption: '' },
    ]);
  });

  it('ignores a damaged marker', () => {
    expect(changedPhotoTexts({ 'before.x': '{', 'alt.x': 'Hi' })).toEqual([]);
  });
});
