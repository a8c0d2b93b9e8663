import type { PageContent } from '@sthsm/contract/pages';
import type { SiteImages } from '../media-catalog.ts';

type Lab = Omit<PageContent<'laboratory'>['labs'][number], 'photos'> & { key: keyof SiteImages['labs'] };

/** The facility texts; the seed adds each page's photos from the school's catalogue. */
export const laboratory: Omit<PageContent<'laboratory'>, 'labs'> & { labs: Lab[] } = {
  description:
    'The Physics, Chemistry and Biology laboratories of St. Thomas Higher Secondary School, where ICSE and ISC students learn by experiment. Photos inside.',
  lead: 'Science is learnt best by doing. Our three laboratories are used by every class from VI to XII for the practical work of the ICSE and ISC courses, and by the Science Club for its projects.',
  labs: [
    {
      key: 'physics',
      heading: 'Physics Laboratory',
      text: 'Optical benches, metre bridges, potentiometers, vernier callipers, screw gauges and oscilloscopes for 30 students at a time, with a dark room for experiments in optics.',
    },
    {
      key: 'chemistry',
      heading: 'Chemistry Laboratory',
      text: 'Twenty-four work stations with gas and water points, fume cupboards, a balance room and a well-stocked store of chemicals, kept under the care of a trained laboratory assistant.',
    },
    {
      key: 'biology',
      heading: 'Biology Laboratory',
      text: 'Compound microscopes for every pair of students, permanent slides, specimens, models and charts, and a small garden outside for the study of plants.',
    },
  ],
  safety: {
    heading: 'Safety first',
    paragraphs: [
      'Students work under a teacher’s supervision, wear lab coats and goggles where needed, and learn the safety rules before their first practical. Every laboratory has a first-aid box, fire extinguishers and an eye-wash point.',
    ],
  },
};

export const computerLab: Omit<PageContent<'computer-lab'>, 'photos'> = {
  description:
    'The computer laboratory of St. Thomas: 40 networked computers, a projector and broadband for Computer Applications and Computer Science. Photos inside.',
  sections: [
    {
      heading: 'Learning with computers',
      paragraphs: [
        'Our computer laboratory has 40 networked computers, a projector and a broadband connection, so that every student in a section has a machine of his or her own. Computer Studies is taught from Class I; Computer Applications (ICSE) and Computer Science (ISC) students write and run their Java programs here.',
        'The laboratory is also used for digital-literacy lessons, typing practice, online safety workshops and the Quiz and F. M. clubs. Internet access is filtered and supervised.',
      ],
      list: [
        'Power back-up so lessons are not interrupted',
        'Licensed office, programming and educational software',
        'A teacher and a lab assistant present during every lesson',
      ],
    },
  ],
};

export const library: Omit<PageContent<'library'>, 'photos'> = {
  description:
    'The St. Thomas library and reading room: over 15,000 books, magazines, newspapers and reference works for every class. Photos inside.',
  sections: [
    {
      heading: 'A place to read and wonder',
      paragraphs: [
        'The library holds more than 15,000 books in English and Hindi — fiction, reference works, encyclopaedias and books for the ICSE and ISC syllabus — together with 30 magazines and journals and six daily newspapers.',
        'Every class from I to VIII has a library period each week. Senior students may borrow two books at a time for two weeks, and the reading room is open for quiet study during breaks and after school.',
      ],
      list: [
        'Open on school days from 7:30 AM to 2:30 PM',
        'A separate children’s corner with picture books for the primary wing',
        'Book week, author visits and a reading challenge every year',
      ],
    },
  ],
};
