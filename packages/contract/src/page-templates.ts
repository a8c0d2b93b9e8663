import type { PageSlug } from './pages.ts';

// Where a page nobody has written yet starts (docs/decisions/0134): the parts and headings an
// information page of a CISCE school usually has, every text to write left empty, and for each text
// a hint that says what to write there. The staff form shows the hints; they are never content, so
// nothing of them can be published, and an empty text is refused by the page's schema on publishing.
// Neutral on purpose: no school's own words or pictures.

/** A picture to choose from the media library (its size follows the chosen photo on saving). */
const picture = () => ({ path: '', width: 1200, height: 800, alt: '' });
const section = (heading: string) => ({ heading, paragraphs: [''] });

const TEMPLATES: { [S in PageSlug]: unknown } = {
  home: {
    banner: picture(),
    slider: [picture()],
    aboutImage: picture(),
    facilities: [{ title: 'Library', image: picture(), link: '/library' }],
    activities: [{ title: 'Morning assembly', image: picture() }],
  },
  'about-us': {
    description: '',
    lead: '',
    image: picture(),
    history: section('Our history'),
    vision: '',
    mission: [''],
    values: [{ name: '', text: '' }],
    wings: [section('Primary wing'), section('Senior wing')],
    campus: section('Our campus'),
  },
  patrons: { description: '', lead: '', patrons: [{ name: '', role: '', bio: '', portrait: picture() }], closing: '' },
  'principal-message': { description: '' },
  'school-information': { description: '', lead: '' },
  activities: {
    description: '',
    lead: '',
    items: [
      { name: 'Morning assembly', text: '' },
      { name: 'Art and craft', text: '' },
    ],
  },
  syllabus: {
    description: '',
    lead: '',
    documents: [
      { label: 'Nursery to UKG', title: '', file: '', summary: '' },
      { label: 'Classes I to V', title: '', file: '', summary: '' },
      { label: 'Classes VI to X (ICSE)', title: '', file: '', summary: '' },
      { label: 'Classes XI and XII (ISC)', title: '', file: '', summary: '' },
    ],
    note: '',
  },
  timings: {
    description: '',
    lead: '',
    classes: [
      { classes: 'Nursery to UKG', summer: '', winter: '' },
      { classes: 'Classes I to V', summer: '', winter: '' },
      { classes: 'Classes VI to XII', summer: '', winter: '' },
    ],
    principalVisiting: { summer: '', winter: '' },
    office: '',
    houses: 0,
    notes: [''],
  },
  'admission-withdrawal': {
    description: '',
    lead: '',
    sections: [
      section('Admission to Nursery'),
      section('Admission to other classes'),
      section('Admission to Class XI (ISC)'),
      section('Withdrawal and transfer certificate'),
    ],
  },
  'primary-wing': {
    description: '',
    lead: [''],
    session: '',
    kindergarten: [{ month: 'April', activity: '', sports: '' }],
    juniors: [{ month: 'April', activity: '', sports: '' }],
  },
  'clubs-association': { description: '', lead: '', clubs: [{ name: '', text: '' }], closing: '' },
  house: {
    description: '',
    lead: '',
    houses: [{ id: 'house-1', name: '', colour: '', swatch: '#1d4ed8', motto: '', text: '', image: picture() }],
  },
  laboratory: {
    description: '',
    lead: '',
    labs: [
      { key: 'physics', heading: 'Physics laboratory', text: '', photos: [picture()] },
      { key: 'chemistry', heading: 'Chemistry laboratory', text: '', photos: [picture()] },
      { key: 'biology', heading: 'Biology laboratory', text: '', photos: [picture()] },
    ],
    safety: section('Safety in the laboratories'),
  },
  'computer-lab': { description: '', sections: [section('The computer laboratory')], photos: [picture()] },
  library: { description: '', sections: [section('The library')], photos: [picture()] },
  'erp-software': { description: '', lead: [''], modules: [{ title: '', text: '' }], app: '', appImage: picture() },
  'parent-portal': {
    description: '',
    lead: '',
    webSteps: [''],
    paymentModes: [''],
    receipts: '',
    appIntro: '',
    appSteps: [''],
    helpDesk: '',
  },
  'contact-us': { description: '', lead: '', officeHours: '', directions: '' },
};

/** A fresh copy of the page's template: the structure its form starts from. */
export function pageTemplate(slug: PageSlug): unknown {
  return structuredClone(TEMPLATES[slug]);
}

/** What to write, by the text's key, on every page (a page's own hints below come first). */
const BY_KEY: Record<string, string> = {
  description: 'Write one or two sentences about this page, as search engines show it under its title.',
  lead: 'Write a short introduction: what a parent finds on this page, in two or three sentences.',
  heading: 'A heading of this part; change it if your school calls it otherwise.',
  paragraphs: 'Write this part in your own words. Add a paragraph for each new thought.',
  path: 'Choose a photo of your school from the media library (upload it there first).',
  alt: 'Describe what the photo shows, for people who cannot see it.',
  title: 'Write the title shown with this entry.',
  name: 'Write the name.',
  text: 'Write a few sentences about it.',
  list: 'One point per line; add a line for each point.',
  key: 'A short key in lowercase letters, digits or -, used in the page\u2019s addresses; leave it as it is.',
};

/** What to write in a text of a page, by its path with list positions as `*` ("history.paragraphs.*"). */
const BY_PAGE: { [S in PageSlug]?: Record<string, string> } = {
  home: {
    'banner.path': 'The wide photo at the top of the home page: the school building or its pupils.',
    'slider.*.path': 'Photos of school life that the home page shows one after another. Add a photo for each.',
    'aboutImage.path': 'The photo beside the "About school" blurb.',
    'facilities.*.title': 'A facility, such as Library, Computer Lab or Smart Classes.',
    'facilities.*.link': 'The page it leads to, like /library (leave as it is if unsure).',
    'activities.*.title': 'An activity, such as Morning assembly, Art and craft or Sports.',
  },
  'about-us': {
    lead: 'Write who the school is in two or three sentences: founded when, by whom, for which classes.',
    'history.paragraphs.*': 'Write how and when the school began, and the milestones since (new wings, affiliation, buildings).',
    vision: 'Write the school\u2019s vision in one or two sentences.',
    'mission.*': 'Write one point of the school\u2019s mission. Add a point for each.',
    'values.*.name': 'A value the school lives by (for example honesty or service).',
    'values.*.text': 'Write what this value means in the school\u2019s daily life.',
    'wings.*.paragraphs.*': 'Write which classes this wing teaches and how.',
    'campus.paragraphs.*': 'Write about the buildings, grounds and facilities.',
  },
  patrons: {
    lead: 'Write who guides the school: its management, trust or society.',
    'patrons.*.name': 'Write the patron\u2019s full name.',
    'patrons.*.role': 'Write their role, such as Chairperson or Manager.',
    'patrons.*.bio': 'Write a few sentences about them and their part in the school.',
    'patrons.*.portrait.path': 'Choose their photo from the media library.',
    closing: 'Write a closing paragraph, such as a word of thanks.',
  },
  'principal-message': {
    description: 'Write one sentence about the message; the message itself is written under Principal\u2019s message.',
  },
  'school-information': {
    lead: 'Write one or two sentences above the table; the facts in the table come from the school settings.',
  },
  activities: {
    'items.*.name': 'An activity (for example Morning assembly, Art and craft, Student council).',
    'items.*.text': 'Write what pupils do in it and when.',
  },
  syllabus: {
    lead: 'Write which classes\u2019 syllabuses are here and where the board publishes its own.',
    'documents.*.label': 'The link text, such as the classes the document covers.',
    'documents.*.title': 'Write the document\u2019s full title, such as "Syllabus for Classes I to V, 2025-26".',
    'documents.*.file': 'Choose the PDF from the media library (upload it there first).',
    'documents.*.summary': 'Write what the document contains, in one or two sentences.',
    note: 'Write a note, for example when the syllabus is next revised.',
  },
  timings: {
    'classes.*.classes': 'The classes these hours are for.',
    'classes.*.summer': 'Write the summer hours, like 7:30 AM - 1:00 PM.',
    'classes.*.winter': 'Write the winter hours, like 8:30 AM - 2:00 PM.',
    'principalVisiting.summer': 'Write when parents can meet the principal in summer.',
    'principalVisiting.winter': 'Write when parents can meet the principal in winter.',
    office: 'Write the school office\u2019s hours.',
    houses: 'How many houses the school has (0 if none).',
    'notes.*': 'Write a note on timings, such as when the gates open.',
  },
  'admission-withdrawal': {
    'sections.*.paragraphs.*': 'Write the rules of this part: ages, documents, tests, dates and fees.',
  },
  'primary-wing': {
    'lead.*': 'Write about the primary wing: its classes and how it teaches.',
    session: 'The session these plans are for, like 2025-26.',
    'kindergarten.*.month': 'A month of the session.',
    'kindergarten.*.activity': 'Write the activities of Nursery to UKG in this month.',
    'kindergarten.*.sports': 'Write their sports in this month.',
    'juniors.*.month': 'A month of the session.',
    'juniors.*.activity': 'Write the activities of the junior classes in this month.',
    'juniors.*.sports': 'Write their sports in this month.',
  },
  'clubs-association': {
    'clubs.*.name': 'A club (for example Science club, Nature club, Quiz club).',
    'clubs.*.text': 'Write what the club does and who may join.',
    closing: 'Write a closing paragraph, such as how to join a club.',
  },
  house: {
    'houses.*.name': 'The house\u2019s name.',
    'houses.*.colour': 'Its colour in words, like Blue.',
    'houses.*.swatch': 'Its colour as a code like #1d4ed8, for the colour sample.',
    'houses.*.motto': 'Its motto.',
    'houses.*.text': 'Write about the house and what it stands for.',
    'houses.*.id': 'A short key in lowercase letters, digits or -, like house-1.',
  },
  laboratory: {
    'labs.*.text': 'Write what pupils do in this laboratory and its equipment.',
    'labs.*.photos.*.path': 'Choose a photo of this laboratory from the media library.',
    'safety.paragraphs.*': 'Write the laboratories\u2019 safety rules.',
  },
  'computer-lab': { 'photos.*.path': 'Choose a photo of the computer laboratory from the media library.' },
  library: { 'photos.*.path': 'Choose a photo of the library from the media library.' },
  'erp-software': {
    'lead.*': 'Write which ERP the school uses and what parents do with it.',
    'modules.*.title': 'A part of the ERP, such as Fees, Attendance or Report cards.',
    'modules.*.text': 'Write what parents or pupils do with it.',
    app: 'Write about the mobile app and where to get it.',
    'appImage.path': 'Choose a picture of the app from the media library.',
  },
  'parent-portal': {
    'webSteps.*': 'Write one step of paying fees on the website. Add a step for each.',
    'paymentModes.*': 'A way to pay, such as UPI or Net banking.',
    receipts: 'Write how parents get their receipts.',
    appIntro: 'Write a sentence introducing the steps in the app.',
    'appSteps.*': 'Write one step in the app. {schoolCode} shows the school\u2019s app code.',
    helpDesk: 'Write when and how parents reach the help desk.',
  },
  'contact-us': {
    lead: 'Write a welcome line above the address and phone numbers (those come from the school settings).',
    officeHours: 'Write when the office is open.',
    directions: 'Write how to reach the school: landmarks, bus stops, parking.',
  },
};

/** The hint for the text at `path` ("c.history.paragraphs.0" or "history.paragraphs.0") of a page; undefined for none. */
export function pageGuidance(slug: PageSlug, path: string): string | undefined {
  const steps = path.replace(/^c\./, '').split('.');
  const pattern = steps.map((s) => (/^\d+$/.test(s) ? '*' : s)).join('.');
  const key = steps.findLast((s) => !/^\d+$/.test(s)) ?? '';
  return BY_PAGE[slug]?.[pattern] ?? BY_KEY[key];
}
