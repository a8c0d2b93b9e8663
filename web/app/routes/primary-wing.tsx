import type { PageContent } from '@sthsm/contract/pages';
import type { Route } from './+types/primary-wing';
import { useI18n } from '../i18n/i18n';
import { InfoPage } from '../components/pages/info-page';
import { RowTable } from '../components/pages/row-table';
import { infoPageLoader } from '../lib/pages.server';
import { pageMeta } from '../lib/seo';
import '../styles/pages.css';
import { NO_HYDRATION } from '../lib/hydration';

type MonthPlan = PageContent<'primary-wing'>['juniors'][number];

export const meta = pageMeta;

/** No React in the browser (docs/decisions/0075): the tables' scroll hints are the shell script's (lib/enhance.server.ts). */
export const handle = NO_HYDRATION;

export const loader = infoPageLoader('primary-wing');

function MonthTable({ id, heading, plans }: { id: string; heading: string; plans: MonthPlan[] }) {
  const { t } = useI18n();
  return (
    <RowTable
      id={id}
      heading={heading}
      className="month-table"
      columns={[t('info.primary.month'), t('info.primary.activity'), t('info.primary.sports')]}
      rows={plans.map((plan) => ({ header: plan.month, cells: [plan.activity, plan.sports], schoolHeader: true, schoolCells: true }))}
    />
  );
}

export default function PrimaryWing({ loaderData }: Route.ComponentProps) {
  const { t, contentLang, contentDir } = useI18n();
  return (
    <InfoPage content={loaderData.page}>
      {(page) => (
        <>
          {page.lead.map((text) => (
            <p key={text} className="lead" lang={contentLang} dir={contentDir}>
              {text}
            </p>
          ))}
          <MonthTable
            id="calendar-kindergarten"
            heading={t('info.primary.kindergarten', { session: page.session })}
            plans={page.kindergarten}
          />
          <MonthTable id="calendar-juniors" heading={t('info.primary.juniors', { session: page.session })} plans={page.juniors} />
        </>
      )}
    </InfoPage>
  );
}
