import { describe, expect, it } from 'vitest';
import { clampMaxZoom, fileNameOf, formatAperture, formatShutter, videoAutoPlays, videoSize, youTubeAutoPlays, youTubeId } from './rules';

describe('lightbox rules (SPEC §5)', () => {
  it('clamps the maximum zoom to 1-24, default 8', () => {
    expect(clampMaxZoom(undefined)).toBe(8);
    expect(clampMaxZoom('abc')).toBe(8);
    expect(clampMaxZoom(0)).toBe(1);
    expect(clampMaxZoom(99)).toBe(24);
    expect(clampMaxZoom('12')).toBe(12);
  });

  it('autoplays HTML5 video except when autoPlay is 0 or "false"', () => {
    expect(videoAutoPlays(undefined)).toBe(true);
    expect(videoAutoPlays(1)).toBe(true);
    expect(videoAutoPlays(0)).toBe(false);
    expect(videoAutoPlays('false')).toBe(false);
    expect(videoAutoPlays(false)).toBe(false);
  });

  it('autoplays YouTube only when autoPlay is unset, 1 or true', () => {
    expect(youTubeAutoPlays(undefined)).toBe(true);
    expect(youTubeAutoPlays(1)).toBe(true);
    expect(youTubeAutoPlays('true')).toBe(true);
    expect(youTubeAutoPlays(0)).toBe(false);
    expect(youTubeAutoPlays('yes')).toBe(false);
  });

  it('defaults the video size to 900 × 200', () => {
    expect(videoSize()).toEqual({ width: 900, height: 200 });
    expect(videoSize(640, 360)).toEqual({ width: 640, height: 360 });
  });

  it('reads YouTube ids from the usual URL forms', () => {
    expect(youTubeId('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youTubeId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youTubeId('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youTubeId('https://example.org/watch?v=dQw4w9WgXcQ')).toBeNull();
  });

  it('formats EXIF values and file names', () => {
    expect(formatShutter(0.004)).toBe('1/250 s');
    expect(formatShutter(2)).toBe('2 s');
    expect(formatAperture(5.6)).toBe('f/5.6');
    expect(fileNameOf('/api/image/80309e24e136', 'image/jpeg')).toBe('80309e24e136.jpg');
    expect(fileNameOf('/api/image/STHSM/public/Images/lab-1.jpg?w=480')).toBe('lab-1.jpg');
  });
});
