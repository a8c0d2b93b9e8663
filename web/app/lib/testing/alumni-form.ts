// Tests only: alumni forms the shared schema accepts (SPEC §3 fields; packages/contract/src/alumni.ts),
// for the contract's unit tests and the API's tests alike. The people are fictional.

/** The required fields (and one profession code), valid. */
export const VALID_ALUMNI_FORM: Record<string, string> = {
  fromYear: '2004 to 2005',
  class: '1',
  toYear: '2015 to 2016',
  school2: '12',
  fatherName: 'Kabir',
  subject: '3',
  name: 'Riya Sen',
  email: 'riya@example.org',
  phone: '+91 98765 43210',
  location: 'Lucknow',
  address: '12 Park Road',
  profession1: '20',
};

/** Every field of the form filled in, valid. */
export const FULL_ALUMNI_FORM: Record<string, string> = {
  ...VALID_ALUMNI_FORM,
  school: 'City College',
  profession3: 'B.Sc.',
  school1: 'Acme Labs',
  designation: 'Analyst',
  address1: '5 Mall Road',
};

/** Addresses the form's rule refuses: one @, no white space, a domain of two or more non-empty dot-separated labels. */
export const MALFORMED_EMAILS = [
  'a@localhost',
  'a@b',
  'a@@b.example',
  'a@b@c.example',
  'a b@c.example',
  'a@b .example',
  'a@b.example.',
  'a@.b.example',
  'a@b..example',
  '@b.example',
  'a@',
  'a.b.example',
  'ab.example',
  'a@b.example\tx',
];
