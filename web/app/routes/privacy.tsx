import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { z } from '@sthsm/contract/zod';
import { DEFAULT_RETENTION_MONTHS } from '@sthsm/contract/submissions';
import type { Route } from './+types/privacy';
import { OfficeContacts } from '../components/office-contacts';
import { telOf } from '../lib/phone';
import { PageHeader } from '../components/page-header';
import { getParsed } from '../lib/api.server';
import { useRootData } from '../lib/root-data';
import { currentSchool } from '../lib/school.server';
import { NO_HYDRATION } from '../lib/hydration';
import { SchoolText } from '../components/english-note';
import { useI18n, type Translate } from '../i18n/i18n';
import '../styles/privacy.css';

/** When this notice was last reviewed (update it with every change to what the site collects). */
const REVIEWED = '2026-11-28';

const privacyAnswer = z.object({ retentionMonths: z.number().int().positive() });

export async function loader({ request }: Route.LoaderArgs) {
  // The school's own retention period (set by its administrators); the default when the API has none.
  const answer = await getParsed(`/api/privacy/${encodeURIComponent(currentSchool(request))}`, privacyAnswer, { quietWhenMissing: true });
  return { retentionMonths: answer?.retentionMonths ?? DEFAULT_RETENTION_MONTHS };
}

function period(t: Translate, months: number): string {
  return months % 12 === 0 ? t('forms.privacy.years', { count: months / 12 }) : t('forms.privacy.months', { count: months });
}

/** Nothing here needs React in the browser: the shell's small script does the rest (lib/hydration.ts). */
export const handle = NO_HYDRATION;

/** One kind of personal data: what is stored, why, for how long, and how to stop it. */
function Item({ title, what, why, kept, stop }: { title: string; what: ReactNode; why: ReactNode; kept: ReactNode; stop: ReactNode }) {
  const { t } = useI18n();
  return (
    <section className="privacy-item" aria-label={title}>
      <h3>{title}</h3>
      <dl>
        <dt>{t('forms.privacy.whatWeStore')}</dt>
        <dd>{what}</dd>
        <dt>{t('forms.privacy.why')}</dt>
        <dd>{why}</dd>
        <dt>{t('forms.privacy.howLong')}</dt>
        <dd>{kept}</dd>
        <dt>{t('forms.privacy.howToStop')}</dt>
        <dd>{stop}</dd>
      </dl>
    </section>
  );
}

/** Who answers questions about personal data (School settings: Data protection contact), else the office. */
function PrivacyContact() {
  const { t, contentLang, contentDir } = useI18n();
  const contact = useRootData().school?.privacyContact;
  // The e-mail's subject stays English: it is read by the school's staff.
  if (!contact) return <OfficeContacts subject="Personal data request" />;
  return (
    <ul>
      <li>
        <SchoolText>{contact.name}</SchoolText>
      </li>
      <li>
        {t('forms.privacy.email')}
        <a href={`mailto:${contact.email}?subject=${encodeURIComponent('Personal data request')}`} lang={contentLang} dir={contentDir}>
          {contact.email}
        </a>
      </li>
      {contact.phone ? (
        <li>
          {t('forms.privacy.telephone')}
          <a href={`tel:${telOf(contact.phone)}`} dir={contentDir}>
            {contact.phone}
          </a>
          {t('forms.privacy.officeHours')}
        </li>
      ) : null}
    </ul>
  );
}

/** A link of the notice's text to another page of the site, in the page's language. */
function SiteLink({ to, children }: { to: string; children: ReactNode }) {
  const { path } = useI18n();
  return <Link to={path(to)}>{children}</Link>;
}
const alumniLink = (chunks: ReactNode[]) => <SiteLink to="/alumni">{chunks}</SiteLink>;
const subscribeLink = (chunks: ReactNode[]) => <SiteLink to="/subscribe">{chunks}</SiteLink>;
const requestLink = (chunks: ReactNode[]) => <SiteLink to="/privacy/request">{chunks}</SiteLink>;
const strongTag = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

/**
 * The privacy notice (issues 16 and 37), linked from the footer and every form that collects
 * personal data. What DPDP Rules 2025 r.3 asks of a notice: each item of personal data and what
 * it is for, how to withdraw consent, how to exercise one's rights and how to complain to the
 * Data Protection Board; r.9: who answers questions about it. Its words are the site's (our
 * notice, translated: forms.privacy.*), not the school's.
 */
export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { t, rich, longDate } = useI18n();
  const school = useRootData().school;
  // The school's name, as it gave it (English until content is translated).
  const name = school?.name ? <SchoolText>{school.name}</SchoolText> : t('forms.privacy.theSchool');
  const kept = period(t, loaderData.retentionMonths);
  const items = ['alumni', 'news', 'pupils', 'consent', 'requests', 'counter'] as const;
  const links = { alumni: alumniLink, subscribe: subscribeLink };
  return (
    <>
      <PageHeader />
      <div className="container section prose">
        <p>{rich('forms.privacy.intro', { school: name })}</p>
        <h2>{t('forms.privacy.whoToAsk')}</h2>
        <p>{t('forms.privacy.whoToAskLine')}</p>
        <PrivacyContact />

        <h2>{t('forms.privacy.whatWeCollect')}</h2>
        {items.map((item) => (
          <Item
            key={item}
            title={t(`forms.privacy.${item}.title`)}
            what={rich(`forms.privacy.${item}.what`, links)}
            why={t(`forms.privacy.${item}.why`)}
            kept={rich(`forms.privacy.${item}.kept`, { period: kept, b: strongTag })}
            stop={t(`forms.privacy.${item}.stop`)}
          />
        ))}

        <h2>{t('forms.privacy.safe')}</h2>
        <p>{t('forms.privacy.safe1')}</p>
        <p>{t('forms.privacy.safe2')}</p>
        <p>{t('forms.privacy.safe3')}</p>

        <h2>{t('forms.privacy.rights')}</h2>
        <p>{t('forms.privacy.rightsIntro')}</p>
        <ul>
          <li>{t('forms.privacy.right1')}</li>
          <li>{t('forms.privacy.right2')}</li>
          <li>{t('forms.privacy.right3')}</li>
          <li>{t('forms.privacy.right4')}</li>
          <li>{t('forms.privacy.right5')}</li>
          <li>{t('forms.privacy.right6')}</li>
        </ul>
        <p>{rich('forms.privacy.howToAsk', { request: requestLink })}</p>

        <h2>{t('forms.privacy.notSatisfied')}</h2>
        <p>{t('forms.privacy.complain')}</p>
        <p>{t('forms.privacy.reviewed', { date: longDate(REVIEWED) })}</p>
      </div>
    </>
  );
}
