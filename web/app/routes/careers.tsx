import type { ReactNode } from 'react';
import { PageHeader } from '../components/page-header';
import { SchoolText, SiteLink } from '../components/pages/info-page';
import { useI18n } from '../i18n/i18n';
import { telOf } from '../lib/phone';
import { useRootData } from '../lib/root-data';
import { NO_HYDRATION } from '../lib/hydration';

/** Nothing here needs React in the browser: the shell's small script does the rest (lib/hydration.ts). */
export const handle = NO_HYDRATION;

const newsLink = (chunks: ReactNode[]) => <SiteLink to="/news">{chunks}</SiteLink>;
const contactLink = (chunks: ReactNode[]) => <SiteLink to="/contactUs">{chunks}</SiteLink>;

/** The footer's "Careers" link (docs/decisions/0013): how to apply, from the school profile. */
export default function Careers() {
  const { t, rich, contentLang, contentDir } = useI18n();
  const school = useRootData().school;
  const email = school?.emails?.office ?? school?.email ?? '';
  const subject = encodeURIComponent(t('info.careers.subject'));
  const phone = school?.phones?.[0];
  return (
    <>
      <PageHeader />
      <div className="container section prose">
        <p>
          {rich('info.careers.intro', {
            school: school?.name ? <SchoolText>{school.name}</SchoolText> : t('info.theSchool'),
            news: newsLink,
          })}
        </p>
        <h2>{t('info.careers.howToApply')}</h2>
        <ol>
          <li>
            {email
              ? rich('info.careers.writeEmail', {
                  email: (
                    <a href={`mailto:${email}?subject=${subject}`} lang={contentLang} dir={contentDir}>
                      {email}
                    </a>
                  ),
                })
              : rich('info.careers.writeOffice', { contact: contactLink })}
          </li>
          <li>{t('info.careers.cv')}</li>
          <li>{t('info.careers.certificates')}</li>
          <li>{t('info.careers.letter')}</li>
        </ol>
        <p>{t('info.careers.shortlist')}</p>
        <h2>{t('info.careers.note')}</h2>
        <p>
          {phone
            ? rich('info.careers.noFeePhone', {
                phone: (
                  <a href={`tel:${telOf(phone.number)}`} dir={contentDir}>
                    {phone.number}
                  </a>
                ),
              })
            : t('info.careers.noFee')}
        </p>
        <p>
          <SiteLink to="/contactUs">{t('info.careers.contact')}</SiteLink>
        </p>
      </div>
    </>
  );
}
