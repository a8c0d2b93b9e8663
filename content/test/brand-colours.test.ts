import { describe, expect, it } from 'vitest';
import {
  accentMessage,
  brandPalette,
  checkColour,
  contrastRatio,
  MIN_CONTRAST,
  nearestPassingShade,
  primaryMessage,
  TEXT_ON_ACCENT,
  TEXT_ON_PRIMARY,
} from '@sthsm/contract/brand';

describe('contrastRatio', () => {
  it('follows WCAG: black on white is 21:1, a colour on itself 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#12386b', '#12386b')).toBe(1);
    // Known values: #767676 is the lightest grey that passes on white.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(MIN_CONTRAST);
  });
});

describe('nearestPassingShade', () => {
  it('keeps a colour that passes, in lower case', () => {
    expect(nearestPassingShade('#12386B', TEXT_ON_PRIMARY)).toBe('#12386b');
  });

  it('darkens a colour under white text just enough: the shade passes and one step lighter does not', () => {
    const shade = nearestPassingShade('#88aaff', TEXT_ON_PRIMARY);
    expect(shade).toBe('#5e75b0');
    expect(contrastRatio(shade, TEXT_ON_PRIMARY)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrastRatio('#5f76b1', TEXT_ON_PRIMARY)).toBeLessThan(MIN_CONTRAST);
  });

  it('lightens a colour under dark text', () => {
    const shade = nearestPassingShade('#333333', TEXT_ON_ACCENT);
    expect(shade).toBe('#858585');
    expect(contrastRatio(shade, TEXT_ON_ACCENT)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrastRatio('#848484', TEXT_ON_ACCENT)).toBeLessThan(MIN_CONTRAST);
  });

  it('always ends on a passing shade, whatever the colour', () => {
    for (const colour of ['#ffffff', '#ffff00', '#00ff00', '#ff0000', '#0000ff', '#808080', '#000000']) {
      expect(checkColour(nearestPassingShade(colour, TEXT_ON_PRIMARY), TEXT_ON_PRIMARY).ok).toBe(true);
      expect(checkColour(nearestPassingShade(colour, TEXT_ON_ACCENT), TEXT_ON_ACCENT).ok).toBe(true);
    }
  });
});

describe('messages', () => {
  it('say the ratio, the rule and the suggestion in one line', () => {
    expect(primaryMessage('#88AAFF')).toBe(
      'Primary colour #88aaff gives white text on it a contrast of 2.2:1; it needs 4.5:1. The nearest shade that passes is #5e75b0.',
    );
    expect(accentMessage('#333333')).toBe(
      'Accent colour #333333 gives dark text on it a contrast of 1.3:1; it needs 4.5:1. The nearest shade that passes is #858585.',
    );
  });

  it('are null for the demo school’s navy and gold', () => {
    expect(primaryMessage('#12386b')).toBeNull();
    expect(accentMessage('#b8860b')).toBeNull();
  });
});

describe('brandPalette', () => {
  it('leaves the stylesheet’s own pair alone', () => {
    expect(brandPalette('#12386B', '#B8860B')).toBeNull();
  });

  it('gives a school without colours a neutral palette, not the stylesheet’s navy', () => {
    const palette = brandPalette(undefined, undefined);
    expect(palette?.['--color-primary']).not.toBe('#12386b');
  });

  it('keeps every derived text colour at 4.5:1 on what it sits on', () => {
    const palette = brandPalette('#0a7d3b', '#f2c14e');
    expect(palette).not.toBeNull();
    if (!palette) return;
    expect(contrastRatio(palette['--color-primary'], '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrastRatio(palette['--color-primary-dark'], '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrastRatio(palette['--color-accent-text'], '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrastRatio(palette['--color-accent-text'], '#f3f5f9')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrastRatio(palette['--color-primary'], '#f3f5f9')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrastRatio(palette['--color-gold-light'], palette['--color-primary-dark'])).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });
});

describe('brandPalette and bad input', () => {
  it('never passes anything but a #rrggbb colour on to a stylesheet', () => {
    const palette = brandPalette('red;}</style><script>', '#zzzzzz');
    expect(Object.values(palette ?? {}).every((v) => /^#[0-9a-f]{6}$/.test(v))).toBe(true);
  });
});
