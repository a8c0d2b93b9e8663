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
    expect(fixed.profile.phones?.map((p) => [p.label, p.whatsapp])).toEqual([
      ['Office', false],
      ['Reception', false],
      ['Hostel', true],
    ]);
    expect(fixed.profile.address?.lines).toEqual([demo.address.lines[0]]);
    expect(fixed.profile.social?.x).toBeUndefined();
    expect(Object.keys(changedFields(demo, fixed.profile).after).sort()).toContain('social.x');
  });

  it('saves a school with its name alone, and leaves out every empty fact and group', () => {
    const parsed = parseSettingsForm({ name: ' Hillview Public School ', whatsapp: 'none', 'social.x': ' ', 'brand.primary': '' });
    expect(parsed).toEqual({ success: true, profile: { name: 'Hillview Public School' } });
    expect(parseSettingsForm({ name: '' })).toEqual({ success: false, errors: { name: 'School name is required.' } });
  });

  it('asks for the rest of a group partly filled, and takes a lone fact of a group of parts', () => {
    const parsed = parseSettingsForm({
      name: 'Hillview',
      'app.name': 'Hillview App',
      'parentPortal.loginUrl': 'https://portal.example.org',
    });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.errors).toEqual({
      'app.iosUrl': 'App Store link must be a web address starting with https:// or http://.',
      'app.androidUrl': 'Google Play link must be a web address starting with https:// or http://.',
      'app.schoolCode': 'App school code must be 1 to 32 letters, digits, _ or -.',
    });
    const portal = parseSettingsForm({ name: 'Hillview', 'parentPortal.loginUrl': 'https://portal.example.org' });
    expect(portal).toEqual({ success: true, profile: { name: 'Hillview', parentPortal: { loginUrl: 'https://portal.example.org' } } });
  });

  it('asks for the data protection contact\u2019s name and e-mail together, the phone optional', () => {
    const parsed = parseSettingsForm({ name: 'Hillview', 'privacyContact.phone': '+91 00000 00999' });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.errors).toEqual({
      'privacyContact.name': 'Data protection contact is required.',
      'privacyContact.email': 'Data protection contact\u2019s e-mail must be an e-mail address, like office@school.org.',
    });
    const given = parseSettingsForm({
      name: 'Hillview',
      'privacyContact.name': 'The Bursar',
      'privacyContact.email': 'dp@hillview.example.org',
    });
    expect(given).toEqual({
      success: true,
      profile: { name: 'Hillview', privacyContact: { name: 'The Bursar', email: 'dp@hillview.example.org' } },
    });
  });

  it('takes the brand: one picture reference each, colours in lower case, a failing colour refused with its nearest shade', () => {
    const parsed = parseSettingsForm({
      name: 'Hillview',
      'brand.crest': 'm0123456789abcdef0123456789abcdef012345\n',
      'brand.primary': '#0A7D3B',
    });
    expect(parsed).toEqual({
      success: true,
      profile: { name: 'Hillview', brand: { crest: 'm0123456789abcdef0123456789abcdef012345', primary: '#0a7d3b' } },
    });
    const refused = parseSettingsForm({ name: 'Hillview', 'brand.primary': '#88aaff', 'brand.accent': 'gold' });
    expect(refused).toEqual({
      success: false,
      errors: {
        'brand.primary':
          'Primary colour #88aaff gives white text on it a contrast of 2.2:1; it needs 4.5:1. The nearest shade that passes is #5e75b0.',
        'brand.accent': 'Accent colour must be a colour like #12386b (# and six hexadecimal digits).',
      },
    });
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
