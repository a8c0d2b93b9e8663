import type { PageContent } from '@sthsm/contract/pages';

export const contactUs: PageContent<'contact-us'> = {
  description:
    'Contact St. Thomas Higher Secondary School: address, telephone and WhatsApp numbers, e-mail, website, social media and a map of the campus.',
  lead: 'We are glad to hear from you. For admissions, fees, certificates and general questions, please call, write or visit the school office.',
  officeHours: 'School office: 7:10 AM - 2:00 PM on school days.',
  directions: 'The school is on Church Road in Civil Lines, next to the parish church, about ten minutes from the railway station.',
};
