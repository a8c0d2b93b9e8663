import type { PageContent } from '@sthsm/contract/pages';

// The message itself comes from the API's principal-message list; this is the page's own text.
export const principalMessage: PageContent<'principal-message'> = {
  description: 'A message from the Principal of St. Thomas Higher Secondary School to students, parents and well-wishers.',
};
