import type { PageContent } from '@sthsm/contract/pages';

/** The ERP text; the seed adds each module's screenshot and the app photo from the catalogue. */
export const erpSoftware: Omit<PageContent<'erp-software'>, 'appImage'> = {
  description:
    'How St. Thomas uses its school ERP: fees, attendance, results, circulars and the parents’ mobile app, provided by the school’s ERP partner.',
  lead: [
    'St. Thomas Higher Secondary School runs its administration on a cloud school ERP (enterprise resource planning) system from its technology partner. Admissions, fees, attendance, timetables, examinations and report cards are kept in one secure place.',
    'For parents this means fewer queues and fewer paper slips: fees can be paid online at any hour, and attendance, marks, homework and circulars reach the family’s phone the same day.',
  ],
  modules: [
    { title: 'Fee management', text: 'Online payment of fees, instant receipts and a full payment history for each child.' },
    {
      title: 'Attendance and results',
      text: 'Daily attendance, examination marks and report cards, visible to parents as soon as they are published.',
    },
    {
      title: 'Circulars and messages',
      text: 'Notices, homework and messages from class teachers, delivered to the app with a notification.',
    },
  ],
  app: 'The same information is available in the parents’ mobile app for iPhone and Android. Log in with the school code and the user name and password given by the school office.',
};
