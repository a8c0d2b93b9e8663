import { describe, expect, it } from 'vitest';
import { brandCss, iconUrl, themeColour } from './brand';

// The school's colours and icons in the page head (docs/decisions/0133).

describe('brandCss', () => {
  it('writes nothing for the stylesheet’s own colours (the demo school keeps its hand-tuned shades)', () => {
    expect(brandCss({ name: 'St. Thomas', brand: { primary: '#12386b', accent: '#b8860b' } })).toBe('');
  });

  it('gives a school without colours, or without a profile, a neutral palette, never the demo navy', () => {
    for (const css of [brandCss({ name: 'Hillview' }), brandCss(null)]) {
      expect(css).toMatch(/^html:root\{--color-primary:#[0-9a-f]{6};/);
      expect(css).not.toContain('#12386b');
    }
  });

  it('sets the school’s own colours', () => {
    const css = brandCss({ name: 'Hillview', brand: { primary: '#0a7d3b', accent: '#f2c14e' } });
    expect(css).toContain('--color-primary:#0a7d3b;');
    expect(css).toContain('--color-accent:#f2c14e;');
  });
});

describe('themeColour and iconUrl', () => {
  it('follow the school', () => {
    expect(themeColour({ name: 'St. Thomas', brand: { primary: '#12386B' } })).toBe('#12386b');
    expect(themeColour({ name: 'Hillview', brand: { primary: '#0a7d3b' } })).toBe('#0a7d3b');
    expect(iconUrl('HILL', 192)).toBe('/api/school/HILL/icon/192.png');
    expect(iconUrl('A B', 32, 'https://x.example')).toBe('https://x.example/api/school/A%20B/icon/32.png');
  });
});
