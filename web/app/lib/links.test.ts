import { describe, expect, it } from 'vitest';
import { internalPath } from './links';

describe('internalPath', () => {
  const site = 'https://www.school.example';
  it('keeps site paths', () => {
    expect(internalPath('/events', site)).toBe('/events');
    expect(internalPath('/news?year=2025#top', site)).toBe('/news?year=2025#top');
  });
  it('turns an absolute URL on the site origin into its path', () => {
    expect(internalPath('https://www.school.example/Events?x=1', site)).toBe('/Events?x=1');
  });
  it('treats other origins and protocol-relative URLs as external', () => {
    expect(internalPath('https://portal.example.org/login', site)).toBeNull();
    expect(internalPath('http://www.school.example/events', site)).toBeNull();
    expect(internalPath('//evil.example/x', site)).toBeNull();
    expect(internalPath('https://www.school.example.evil.example/', site)).toBeNull();
  });
  it('without a known site origin only paths are internal', () => {
    expect(internalPath('https://www.school.example/events', '')).toBeNull();
    expect(internalPath('/events', '')).toBe('/events');
  });
});
