import type { ReactNode } from 'react';
import type { Route } from './+types/timings';
import { useI18n } from '../i18n/i18n';
import { InfoPage, SchoolText, SiteLink } from '../components/pages/info-page';
import { RowTable } from '../components/pages/row-table';
import { infoPageLoader } from '../lib/pages.server';
import { pageMeta } from '../lib/seo';
import '../styles/pages.css';
import { NO_HYDRATION } from '../lib/hydration';

export const meta = pageMeta;

/** No React in the browser (docs/decisions/0075): the tables' scroll hints are the shell script's (lib/enhance.server.ts). */
export const handle = NO_HYDRATION;

export const loader = infoPageLoader('timings');

const houseLink = (chunks: ReactNode[]) => <SiteLink to="/house">{chunks}</SiteLink>;

export default function Timings({ loaderData }: Route.ComponentProps) {
  const { t, rich, contentLang, contentDir } = useI18n();
  return (
    <InfoPage content={loaderData.page} printable>
      {(page) => (
        <>
          <p className="lead" lang={contentLang} dir={contentDir}>
            {page.lead}
          </p>
          <RowTable
            id="class-timings"
            heading={t('info.timings.classes')}
            columns={[t('info.timings.classesColumn'), t('info.timings.summer'), t('info.timings.winter')]}
            rows={page.classes.map((row) => ({
              header: row.classes,
              cells: [row.summer, row.winter],
              schoolHeader: true,
              schoolCells: true,
            }))}
          />
          <RowTable
            id="visiting-hours"
            heading={t('info.timings.visiting')}
            columns={[t('info.timings.who'), t('info.timings.summer'), t('info.timings.winter')]}
            rows={[
              {
                header: t('info.timings.principal'),
                cells: [page.principalVisiting.summer, page.principalVisiting.winter],
                schoolCells: true,
              },
              {
                header: t('info.timings.office'),
                cells: [rich('info.timings.allYear', { hours: <SchoolText>{page.office}</SchoolText> })],
              },
            ]}
          />
          <section className="prose-section">
            <h2>{t('info.timings.goodToKnow')}</h2>
            <ul>
              {page.houses > 0 ? <li>{rich('info.timings.houses', { count: page.houses, link: houseLink })}</li> : null}
              {page.notes.map((note) => (
                // The note's own direction on an inner span: a left-to-right item in a right-to-left list would hang its bullet outside the list.
                <li key={note}>
                  <SchoolText>{note}</SchoolText>
                </li>
              ))}
            </ul>
          </section>
          <p className="no-print">
            <button type="button" className="btn" onClick={() => window.print()}>
              {t('info.timings.print')}
            </button>
          </p>
        </>
      )}
    </InfoPage>
  );
}
