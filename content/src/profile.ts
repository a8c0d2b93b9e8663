import type { Phone, SchoolProfile } from '@sthsm/contract/profile';

/** A demo school's profile: every fact given (a real school may give only its name; docs/decisions/0132). */
type Filled<T> = T extends readonly (infer U)[]
  ? Array<Filled<U>>
  : T extends object
    ? { [K in keyof T]-?: Filled<Exclude<T[K], undefined>> }
    : T;
export type DemoProfile = Filled<Omit<SchoolProfile, 'social' | 'brand'>> &
  Pick<SchoolProfile, 'social'> & { brand: NonNullable<SchoolProfile['brand']> };

/** Where the seed writes each demo school's crest (content/src/demo/crests.ts draws them). */
export const crestPath = (code: string) => `${code}/public/Images/crest.png`;

// Every fact about a school that the site shows (SPEC §2: header, footer, contact, school
// information table, parent portal page). All of it is fictional: the names, the town, the
// numbers (the "00000" numbers cannot be dialled) and the example.org addresses.

function phone(number: string, label: string, whatsapp = false): Phone {
  return { label, number, whatsapp };
}

function osmEmbed(latitude: number, longitude: number): string {
  const d = 0.006;
  const bbox = [longitude - d, latitude - d, longitude + d, latitude + d].map((n) => n.toFixed(4)).join('%2C');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${latitude}%2C${longitude}`;
}

const STHSM_LAT = 28.9712;
const STHSM_LON = 77.7064;

const sthsm: DemoProfile = {
  name: 'St. Thomas Higher Secondary School',
  shortName: "St. Thomas'",
  fullName: 'St. Thomas Higher Secondary School, Mahimnagar',
  tagline: 'A Catholic co-educational English-medium school affiliated to CISCE',
  motto: 'Lux et Veritas — Light and Truth',
  vision:
    'To form young people of competence, conscience and compassion who seek the truth, serve their neighbours and grow to their full potential in mind, body and spirit.',
  about:
    'Founded in 1976 by the Society of St. Thomas Educational Trust, St. Thomas Higher Secondary School is a Catholic, co-educational, English-medium school in Mahimnagar. It prepares students from Nursery to Class XII for the ICSE and ISC examinations of the Council for the Indian School Certificate Examinations, and has been affiliated since 2003. Its primary and senior wings share a green campus with science and computer laboratories, a library, smart classrooms and wide playing fields.',
  address: {
    lines: ['St. Thomas Higher Secondary School', 'Church Road, Civil Lines'],
    city: 'Mahimnagar',
    state: 'Uttar Pradesh',
    postalCode: '299999',
    country: 'India',
  },
  addressLine: 'Church Road, Civil Lines, Mahimnagar, Uttar Pradesh 299999 (demo address)',
  phones: [phone('+91 00000 00101', 'Office'), phone('+91 00000 00102', 'WhatsApp', true), phone('+91 00000 00103', 'Reception')],
  email: 'office@sthsm.example.org',
  emails: {
    office: 'office@sthsm.example.org',
    admissions: 'admissions@sthsm.example.org',
    principal: 'principal@sthsm.example.org',
  },
  website: 'https://sthsm.example.org',
  social: {
    facebook: 'https://facebook.example.org/sthsm-demo',
    instagram: 'https://instagram.example.org/sthsm-demo',
    youtube: 'https://youtube.example.org/@sthsm-demo',
    x: 'https://x.example.org/sthsm_demo',
  },
  map: {
    embedUrl: osmEmbed(STHSM_LAT, STHSM_LON),
    linkUrl: `https://www.openstreetmap.org/?mlat=${STHSM_LAT}&mlon=${STHSM_LON}#map=16/${STHSM_LAT}/${STHSM_LON}`,
    latitude: STHSM_LAT,
    longitude: STHSM_LON,
  },
  app: {
    name: 'SchoolConnect (demo)',
    iosUrl: 'https://apps.example.org/ios/schoolconnect-demo',
    androidUrl: 'https://apps.example.org/android/schoolconnect-demo',
    schoolCode: 'STHSM',
  },
  parentPortal: {
    loginUrl: 'https://portal.example.org/login?school=STHSM',
    helpDesk: { hours: '8:00 AM to 8:00 PM', phone: '+91 00000 00110', email: 'helpdesk@sthsm.example.org' },
  },
  erp: { provider: 'SchoolConnect ERP (demo)', url: 'https://erp.example.org' },
  principal: {
    name: 'Rev. Fr. Anselm Varkey',
    title: 'Principal',
    address: "Principal's Residence, St. Thomas Campus, Church Road, Mahimnagar, Uttar Pradesh 299999",
    email: 'principal@sthsm.example.org',
    phone: '+91 00000 00104',
  },
  privacyContact: { name: 'The Administrative Officer', email: 'privacy@sthsm.example.org', phone: '+91 00000 00105' },
  languages: ['hi', 'bn'],
  trust: 'Society of St. Thomas Educational Trust (demo)',
  board: 'CISCE',
  examinations: 'ICSE (Class X) and ISC (Class XII)',
  affiliationNo: 'UP-168',
  affiliatedSince: 2003,
  established: 1976,
  medium: 'English',
  schoolType: 'Co-educational',
  academicSession: 'April to March',
  vacation: 'Mid May to end of June',
  copyrightYear: 2024,
  developer: { name: 'Pixelgrove Web Studio (demo)', url: 'https://pixelgrove.example.org' },
  // The site's stylesheet colours were drawn for this school: they keep its hand-tuned shades.
  brand: { crest: crestPath('STHSM'), primary: '#12386b', accent: '#b8860b' },
};

const DEMO2_LAT = 26.4811;
const DEMO2_LON = 80.3319;

/** A second, small school: proves the platform is multi-tenant and nothing leaks between schools. */
const demo2: DemoProfile = {
  name: 'Little Flower Convent School',
  shortName: 'Little Flower',
  fullName: 'Little Flower Convent School, Rosepur',
  tagline: 'A small co-educational English-medium primary and secondary school',
  motto: 'Grow in Grace',
  vision: 'Every child known, every child cared for, every child learning.',
  about:
    'Little Flower Convent School is a small demo school used to show that the platform serves many schools from one API. Its data is deliberately sparse.',
  address: {
    lines: ['Little Flower Convent School', 'Station Road'],
    city: 'Rosepur',
    state: 'Uttar Pradesh',
    postalCode: '299998',
    country: 'India',
  },
  addressLine: 'Station Road, Rosepur, Uttar Pradesh 299998 (demo address)',
  phones: [phone('+91 00000 00201', 'Office'), phone('+91 00000 00202', 'WhatsApp', true), phone('+91 00000 00203', 'Reception')],
  email: 'office@demo2.example.org',
  emails: { office: 'office@demo2.example.org', admissions: 'admissions@demo2.example.org', principal: 'principal@demo2.example.org' },
  website: 'https://demo2.example.org',
  social: {
    facebook: 'https://facebook.example.org/demo2',
    instagram: 'https://instagram.example.org/demo2',
    youtube: 'https://youtube.example.org/@demo2',
    x: 'https://x.example.org/demo2',
  },
  map: {
    embedUrl: osmEmbed(DEMO2_LAT, DEMO2_LON),
    linkUrl: `https://www.openstreetmap.org/?mlat=${DEMO2_LAT}&mlon=${DEMO2_LON}#map=16/${DEMO2_LAT}/${DEMO2_LON}`,
    latitude: DEMO2_LAT,
    longitude: DEMO2_LON,
  },
  app: {
    name: 'SchoolConnect (demo)',
    iosUrl: 'https://apps.example.org/ios/schoolconnect-demo',
    androidUrl: 'https://apps.example.org/android/schoolconnect-demo',
    schoolCode: 'DEMO2',
  },
  parentPortal: {
    loginUrl: 'https://portal.example.org/login?school=DEMO2',
    helpDesk: { hours: '9:00 AM to 5:00 PM', phone: '+91 00000 00210', email: 'helpdesk@demo2.example.org' },
  },
  erp: { provider: 'SchoolConnect ERP (demo)', url: 'https://erp.example.org' },
  principal: {
    name: 'Sr. Celine Mathias',
    title: 'Principal',
    address: 'Convent House, Station Road, Rosepur, Uttar Pradesh 299998',
    email: 'principal@demo2.example.org',
    phone: '+91 00000 00204',
  },
  privacyContact: { name: 'The School Office', email: 'privacy@demo2.example.org', phone: '+91 00000 00205' },
  languages: [],
  trust: 'Little Flower Education Society (demo)',
  board: 'CISCE',
  examinations: 'ICSE (Class X)',
  affiliationNo: 'UP-999',
  affiliatedSince: 2011,
  established: 1994,
  medium: 'English',
  schoolType: 'Co-educational',
  academicSession: 'April to March',
  vacation: 'Mid May to end of June',
  copyrightYear: 2024,
  developer: { name: 'Pixelgrove Web Studio (demo)', url: 'https://pixelgrove.example.org' },
  brand: { crest: crestPath('DEMO2'), primary: '#7a1f3d', accent: '#f4b6c2' },
};

/** The demo schools' profiles by school code (what the seed stores for each). */
export const profiles: Record<string, DemoProfile> = { STHSM: sthsm, DEMO2: demo2 };

/** The profile of a school code (matched exactly, like the API), or undefined. */
export function getProfile(code: string): DemoProfile | undefined {
  return Object.hasOwn(profiles, code) ? profiles[code] : undefined;
}
