import type { ReactNode } from 'react';
import { SiteLink } from '../site-link';

// Links inside these pages' messages, in the page's language, loaded as a whole page (no React here).
export { SiteLink };

/** `<again>…</again>` in a message: a link to /subscribe. */
export const subscribeLink = (chunks: ReactNode[]) => (
  <SiteLink to="/subscribe" reloadDocument>
    {chunks}
  </SiteLink>
);
