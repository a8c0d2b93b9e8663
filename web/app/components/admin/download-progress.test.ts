import { describe, expect, it } from 'vitest';
import { countRecordEnds } from './download-progress';

describe('countRecordEnds', () => {
  it('counts CSV records, not the line breaks inside quoted cells, across chunk boundaries', () => {
    const csv = '"Name","Address"\r\n"Asha","1 Park Road\r\nLucknow"\r\n"Ravi ""R""","2 Mall\nRoad"\r\n';
    const whole = { quoted: false };
    expect(countRecordEnds(csv, whole)).toBe(3);
    const state = { quoted: false };
    let ends = 0;
    for (let i = 0; i < csv.length; i += 5) ends += countRecordEnds(csv.slice(i, i + 5), state);
    expect(ends).toBe(3);
    expect(state.quoted).toBe(false);
  });
});
