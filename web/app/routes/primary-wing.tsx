import { primaryWing, type MonthPlan } from '@sthsm/content/pages/primary-wing';
import type { Route } from './+types/primary-wing';
import { PageHeader } from '../components/PageHeader';
import { infoPage, infoPageMeta } from '../components/pages/info-page';
import { RowTable } from '../components/pages/RowTable';
import { currentProfile } from '../components/pages/school.server';
import '../styles/pages.css';

const PATH = '/primary-wing';

export function meta(args: Route.MetaArgs) {
  return infoPageMeta(PATH, primaryWing.description, args);
}

export function loader() {
  return { schoolName: currentProfile().name };
}

function MonthTable({ id, heading, plans }: { id: string; heading: string; plans: MonthPlan[] }) {
  return (
    <RowTable
      id={id}
      heading={heading}
      className="month-table"
      columns={['Month', 'Activity', 'Sports']}
      rows={plans.map((plan) => ({ header: plan.month, cells: [plan.activity, plan.sports] }))}
    />
  );
}

export default function PrimaryWing() {
  const { title, section } = infoPage(PATH);
  return (
    <>
      <PageHeader title={title} section={section} />
      <div className="container info-page">
        {primaryWing.lead.map((text) => (
          <p key={text} className="lead">
            {text}
          </p>
        ))}
        <MonthTable
          id="calendar-kindergarten"
          heading={`Nursery – UKG: activities and sports ${primaryWing.session}`}
          plans={primaryWing.kindergarten}
        />
        <MonthTable
          id="calendar-juniors"
          heading={`Classes I – IV: activities and sports ${primaryWing.session}`}
          plans={primaryWing.juniors}
        />
      </div>
    </>
  );
}
