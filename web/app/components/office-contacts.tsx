import type { ReactNode } from 'react';
import { useI18n } from '../i18n/i18n';
import { telOf } from '../lib/phone';
import { useRootData } from '../lib/root-data';
import { SiteLink } from './pages/info-page';

const contactLink = (chunks: ReactNode[]) => <SiteLink to="/contactUs">{chunks}</SiteLink>;

/**
 * How to reach the school office about a request (the privacy notice, the accessibility
 * statement): its e-mail with the subject filled in, its first telephone number, and the contact
 * page. From the root data, so every school shows its own.
 */
export function OfficeContacts({ subject }: { subject: string }) {
  const { t, rich, contentLang, contentDir } = useI18n();
  const school = useRootData().school;
  const email = school?.emails?.office ?? school?.email ?? '';
  const phone = school?.phones?.[0];
  return (
    <ul>
      {email ? (
        <li>
          {t('info.email')}
          <a href={`mailto:${email}?subject=${encodeURIComponent(subject)}`} lang={contentLang} dir={contentDir}>
            {email}
          </a>
        </li>
      ) : null}
      {phone ? (
        <li>
          {rich('info.office.telephone', {
            phone: (
              <a href={`tel:${telOf(phone.number)}`} dir={contentDir}>
                {phone.number}
              </a>
            ),
          })}
        </li>
      ) : null}
      <li>{rich('info.office.visit', { contact: contactLink })}</li>
    </ul>
  );
}
