import { OfficeContacts } from '../components/office-contacts';
import { PageHeader } from '../components/page-header';
import { SchoolText } from '../components/pages/info-page';
import { useI18n } from '../i18n/i18n';
import { useRootData } from '../lib/root-data';
import { NO_HYDRATION } from '../lib/hydration';

/** When this statement was last reviewed (update it with every accessibility review). */
const REVIEWED = '2026-11-21';

/** Nothing here needs React in the browser: the shell's small script does the rest (lib/hydration.ts). */
export const handle = NO_HYDRATION;

/** The accessibility statement, linked from the footer (WCAG 2.2 AA is the site's target). */
export default function Accessibility() {
  const { t, rich, longDate } = useI18n();
  const school = useRootData().school;
  const name = school?.name ? <SchoolText>{school.name}</SchoolText> : t('info.theSchool');
  return (
    <>
      <PageHeader />
      <div className="container section prose">
        <p>{rich('info.a11y.intro', { school: name })}</p>
        <h2>{t('info.a11y.meets')}</h2>
        <p>{t('info.a11y.target')}</p>
        <ul>
          <li>{t('info.a11y.keyboard')}</li>
          <li>{t('info.a11y.structure')}</li>
          <li>{t('info.a11y.motion')}</li>
          <li>{t('info.a11y.zoom')}</li>
          <li>{t('info.a11y.form')}</li>
        </ul>
        <h2>{t('info.a11y.testing')}</h2>
        <p>{t('info.a11y.checks')}</p>
        <h2>{t('info.a11y.limitations')}</h2>
        <ul>
          <li>{t('info.a11y.photos')}</li>
          <li>{t('info.a11y.pdfs')}</li>
          <li>{t('info.a11y.videos')}</li>
          <li>{t('info.a11y.map')}</li>
          <li>{t('info.a11y.portal')}</li>
        </ul>
        <h2>{t('info.a11y.report')}</h2>
        <p>{t('info.a11y.reportText')}</p>
        <OfficeContacts subject={t('info.a11y.subject')} />
        <p>{t('info.a11y.reviewed', { date: longDate(REVIEWED) })}</p>
      </div>
    </>
  );
}
