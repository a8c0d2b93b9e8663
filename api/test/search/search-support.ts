import type { PageContent } from '@sthsm/contract';

/** A syllabus page with one document whose title is searched on its own. */
export function syllabusPage(): PageContent<'syllabus'> {
  return {
    description: 'Syllabus documents of the school.',
    lead: 'The syllabus for each stage, as PDF files.',
    documents: [
      {
        label: 'Classes V to VIII',
        title: 'Middle school syllabus',
        file: 'STHSM/public/Docs/middle.pdf',
        summary: 'Science covers photosynthesis and simple machines.',
      },
    ],
    note: 'Ask the office for a printed copy.',
  };
}
