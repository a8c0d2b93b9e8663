import type { PageContent } from '@sthsm/contract/pages';

export const schoolInformation: PageContent<'school-information'> = {
  description:
    'St. Thomas Higher Secondary School at a glance: address, contacts, CISCE affiliation UP-168 since 2003, trust, principal, academic session and vacation.',
  lead: 'The school at a glance. For admissions, fees and certificates, please contact the school office.',
};
