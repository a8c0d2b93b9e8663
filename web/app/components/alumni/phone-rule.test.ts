import { describe, expect, it } from 'vitest';
import { PHONE_MESSAGE, isPhoneNumber, validateAlumniForm } from '@sthsm/contract';
import { VALID_ALUMNI_FORM } from '../../lib/testing/alumni-form';

// Issue 17 / decision 0004: the alumni form takes any number a person writes — a mobile or a
// landline, at home or abroad — with 7 to 15 digits; an empty field keeps SPEC §5's message.

const ACCEPTED = [
  '(0121) 2345678',
  '0121-2345678',
  '+91 98765 43210',
  '+91 98765-43210',
  '098765 43210',
  '9876543210',
  '+44 20 7946 0958',
  '+1 (555) 010-4477',
  '020.7946.0958',
  '2345678',
  '+123456789012345',
];

const REFUSED = [
  '12345',
  '123456',
  '+1234567890123456',
  '98765 43210 ext 2',
  'call me',
  '+91 98765 4321O',
  '++91 9876543210',
  '98765+43210',
  '9876543210#',
];

describe('the alumni phone rule', () => {
  it.each(ACCEPTED)('accepts %s', (value) => expect(isPhoneNumber(value)).toBe(true));
  it.each(REFUSED)('refuses %s', (value) => expect(isPhoneNumber(value)).toBe(false));

  it('the schema checks the same rule and keeps the value as typed (trimmed)', () => {
    const base = validBase();
    const landline = validateAlumniForm({ ...base, phone: '  (0121) 2345678 ' });
    expect(landline.ok && landline.data.phone).toBe('(0121) 2345678');
    const short = validateAlumniForm({ ...base, phone: '12 34' });
    expect(!short.ok && short.errors.phone).toBe(PHONE_MESSAGE);
    const empty = validateAlumniForm({ ...base, phone: '   ' });
    expect(!empty.ok && empty.errors.phone).toBe('Mobile is required.');
  });
});

function validBase(): Record<string, string> {
  return { ...VALID_ALUMNI_FORM };
}
