import type { PageContent } from '@sthsm/contract/pages';

// Every figure here is SPEC §9's, exactly.

export const timings: PageContent<'timings'> = {
  description:
    'School timings at St. Thomas: summer and winter hours for KG & Nursery, Classes I-III and IV-XII, principal visiting hours and school office hours.',
  lead: 'The school follows summer timings in the warmer months and winter timings in the colder months; the dates of each change are announced in a circular.',
  classes: [
    { classes: 'KG & Nursery', summer: '7:20 AM - 12:30 PM', winter: '8:20 AM - 1:30 PM' },
    { classes: 'Classes I - III', summer: '7:20 AM - 1:00 PM', winter: '8:20 AM - 2:00 PM' },
    { classes: 'Classes IV - XII', summer: '7:20 AM - 1:30 PM', winter: '8:20 AM - 2:30 PM' },
  ],
  principalVisiting: { summer: '8:30 - 11:00 AM', winter: '9:30 AM - 12:30' },
  office: '7:10 AM - 2:00 PM',
  houses: 4,
  notes: [
    'Students must reach school at least ten minutes before the first bell.',
    'Parents may meet teachers only by appointment, made through the school diary or the school office.',
    'The school office is closed on Sundays and school holidays.',
  ],
};
