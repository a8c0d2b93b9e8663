import type { PageContent } from '@sthsm/contract/pages';

// Every rule of SPEC §9 appears below, in the school's own words.

export const admissionWithdrawal: PageContent<'admission-withdrawal'> = {
  description:
    'Admission and withdrawal rules of St. Thomas: Nursery admission in February/March, entrance tests, Class XI admission by merit, documents, dues and conduct.',
  lead: 'Please read these rules carefully before applying. Admission forms are issued by the school office when admissions are announced.',
  sections: [
    {
      heading: 'Admission to Nursery',
      paragraphs: [],
      list: [
        'Admission to Nursery is usually held in February/March; the dates are announced on the website and on the notice board.',
        'The child must have completed 3 years of age by March of the year of admission.',
        'Two attested copies of the birth certificate must be submitted with the admission form.',
        'The name and date of birth given at admission cannot be changed later.',
      ],
    },
    {
      heading: 'Admission to other classes',
      paragraphs: [],
      list: [
        'Admission to other classes is by an entrance test in English, Mathematics and, from Class VI, Science.',
        'New admissions are made only against vacant seats.',
        'A transfer certificate from the previous school and a copy of the last report card must be produced.',
      ],
    },
    {
      heading: 'Admission to Class XI',
      paragraphs: [],
      list: [
        'Class XI entry is by merit: the marks obtained in the CISCE (ICSE) examination plus the student’s conduct and general performance.',
        'Students of other boards are admitted against vacant seats on the same criteria.',
      ],
    },
    {
      heading: 'Withdrawal and dismissal',
      paragraphs: [],
      list: [
        'A calendar month’s notice in writing, or a month’s fee in lieu, is required before a student is withdrawn.',
        'No leaving certificate will be issued until all dues to the school have been paid.',
        'The school may dismiss a student for poor performance or for conduct harmful to the school community.',
      ],
    },
  ],
};
