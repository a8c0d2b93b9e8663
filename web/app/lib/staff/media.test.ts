import { describe, expect, it } from 'vitest';
import { cameraLines, hasAlt, mediaFilters, mediaQuery, sizeText, usageText } from './media';
import { reasonOf } from './media-upload';

describe('the media list filters in the URL', () => {
  it('reads known values and drops malformed ones', () => {
    const f = mediaFilters(new URLSearchParams('q=+sports+day+&type=svg&from=2025-13&to=2025-08-14&album=abc&missingAlt=1'));
    expect(f).toEqual({ q: 'sports day', type: '', from: '', to: '2025-08-14', album: 'abc', missingAlt: true });
  });

  it('writes back only what is set, with the page after the first', () => {
    const f = mediaFilters(new URLSearchParams('type=pdf'));
    expect(mediaQuery(f).toString()).toBe('type=pdf');
    expect(mediaQuery(f, 3).toString()).toBe('type=pdf&page=3');
    expect(mediaQuery(mediaFilters(new URLSearchParams(''))).toString()).toBe('');
  });
});

describe('sizes in words', () => {
  it('is 1000-based with one decimal below 100', () => {
    expect(sizeText(12)).toBe('12 bytes');
    expect(sizeText(850_000)).toBe('850 KB');
    expect(sizeText(1_234_567_890)).toBe('1.2 GB');
    expect(sizeText(2_000_000_000)).toBe('2 GB');
    expect(usageText({ bytes: 1_200_000_000, quotaBytes: 2_000_000_000 })).toBe('1.2 GB of 2 GB used');
    expect(usageText({ bytes: 1_200_000_000, quotaBytes: 2_000_000_000, reservedBytes: 0 })).toBe('1.2 GB of 2 GB used');
    expect(usageText({ bytes: 1_200_000_000, quotaBytes: 2_000_000_000, reservedBytes: 300_000_000 })).toBe(
      '1.2 GB of 2 GB used, 300 MB more held by uploads in progress',
    );
  });
});

describe('alt text and camera facts', () => {
  it('counts decorative photos as described, blank alt text as missing', () => {
    expect(hasAlt({ alt: '  ', decorative: false })).toBe(false);
    expect(hasAlt({ alt: '', decorative: true })).toBe(true);
    expect(hasAlt({ alt: 'Choir on stage', decorative: false })).toBe(true);
  });

  it('writes the camera data as the lightbox does', () => {
    expect(cameraLines({ make: 'Acme', model: 'Phone 9', iso: 200, fNumber: 1.8, exposure: 0.008 })).toEqual([
      'Acme Phone 9',
      'ISO 200',
      'f/1.8',
      '1/125 s',
    ]);
    expect(cameraLines(undefined)).toEqual([]);
  });
});

describe("an upload's refusal", () => {
  it("shows the API's sentence, else a plain one with the status", () => {
    expect(reasonOf('{"error":"This file is not a photo or a PDF."}', 415)).toBe('This file is not a photo or a PDF.');
    expect(reasonOf('{"message":"This file is larger than 25 MB."}', 413)).toBe('This file is larger than 25 MB.');
    expect(reasonOf('<html>', 413)).toBe('This file is too large to upload.');
    expect(reasonOf('', 502)).toMatch(/answered 502/);
  });
});
