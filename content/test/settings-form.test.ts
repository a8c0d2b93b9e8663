import { describe, expect, it } from 'vitest';
import { profiles } from '../src/profile.ts';
import { changedFields, formFromProfile, mergeSettingsForm, parseSettingsForm } from '@sthsm/contract/settings';

// The settings form's mapping onto the one profile schema: a stored profile survives the round trip,
// errors land on the row the person typed in, and a conflicting save merges three ways.

const demo = profiles.STHSM!;

describe('the settings form and the profile schema', () => {
  it('reads back the profile it was filled with', () => {
    const parsed = parseSettingsForm(formFromProfile(demo));
    expect(parsed).toEqual({ success: true, profile: demo });
  });

  it('drops empty rows, keeps the WhatsApp choice on its row, and reports errors on the row as shown', () => {
    const values = formFromProfile(demo);
    // Row 2 emptied; row 4 filled in with a bad number; WhatsApp moved to row 4.
    values['phones.1.label'] = '';
    values['phones.1.number'] = '';
    values['phones.3.label'] = 'Hostel';
    values['phones.3.number'] = '12';
    values.whatsapp = '3';
    values['address.lines.1'] = '';
    values['social.x'] = '  ';
    values.established = 'nineteen';
    const parsed = parseSettingsForm(values);
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.errors).toEqual({
      'phones.3.number': 'Phone number must be a telephone number of 7 to 15 digits, like +91 98765 43210.',
      established: 'Year of establishment must be a year.',
    });
    values['phones.3.number'] = '+91 98765 43210';
    values.established = '1976';
    const fixed = parseSettingsForm(values);
    expect(fixed.success).toBe(true);
    if (!fixed.success) return;
    expect(fixed.profile.phones.map((p) => [p.label, p.whatsapp])).toEqual([
      ['Office', false],
      ['Reception', false],
      ['Hostel', true],
    ]);
    expect(fixed.profile.address.lines).toEqual([demo.address.lines[0]]);
    expect(fixed.profile.social.x).toBeUndefined();
    expect(Object.keys(changedFields(demo, fixed.profile).after).sort()).toContain('social.x');
  });

  it('merges a conflicting save three ways', () => {
    const base = { motto: 'old', tagline: 'old', 'phones.1.label': 'Office', whatsapp: '1', csrf: 'x' };
    const typed = { motto: 'old', tagline: 'mine', 'phones.1.label': 'Front desk', whatsapp: '1', csrf: 'y', version: '3' };
    const saved = { motto: 'theirs', tagline: 'theirs', 'phones.1.label': 'Office', whatsapp: '0' };
    expect(mergeSettingsForm(base, typed, saved)).toEqual({
      values: { motto: 'theirs', tagline: 'mine', 'phones.1.label': 'Front desk', whatsapp: '0' },
      taken: ['motto', 'whatsapp'],
      both: ['tagline'],
    });
  });
});
