import type { PageContent } from '@sthsm/contract/pages';
import type { SiteCatalogue } from '../media-catalog.ts';

/** What each booklet covers, keyed like the catalogue's syllabus documents (the seed adds the files). */
export const syllabus: Omit<PageContent<'syllabus'>, 'documents'> & { documents: Record<keyof SiteCatalogue['syllabus'], string> } = {
  description:
    'Download the 2024-25 syllabus of St. Thomas Higher Secondary School: Nursery to LKG, Classes I to IV and Classes V to XII (PDF).',
  lead: 'The syllabus for the 2024-25 session, with the topics of each term and the schedule of examinations. Each booklet opens as a PDF in a new tab.',
  documents: {
    nurseryLkg: 'Language readiness, phonics, numbers, rhymes, environmental awareness, art and play for our youngest learners.',
    primary: 'English, Hindi, Mathematics, Environmental Studies, Computer Studies, General Knowledge, Art, Music and Moral Science.',
    senior: 'The CISCE subjects for Classes V to X (ICSE) and the Science, Commerce and Humanities streams of Classes XI and XII (ISC).',
  },
  note: 'A PDF reader is needed to open the files; most phones and browsers have one built in. Printed copies are available from the school office.',
};
