import { useLocation } from 'react-router';
import { pathWithoutLocale } from '@sthsm/contract/languages';
import { useI18n } from '../../i18n/i18n';
import { ALL } from '../../lib/filters';
import { findPage } from '../../lib/site-map';
import { PageHeader } from '../page-header';
import { TopperPhoto, TopperResult } from '../topper-parts';
import { FilterForm } from './filter-form';
import { ListingResults } from './listing-results';
import { listingSummary } from './listing';
import type { ToppersData } from '../../lib/toppers.server';

const TOPPER_PHOTO = { width: 400, height: 500 };

/** The page body shared by /Toppers (class X) and /ToppersXII (class XII). */
export function ToppersPage({ data }: { data: ToppersData }) {
  const { items, totalInSession, sessions, filters, failed, topperClass } = data;
  const { t, path, contentLang, contentDir } = useI18n();
  const { pathname } = useLocation();
  const page = pathWithoutLocale(pathname);
  const clearTo = path(`${findPage(page)?.path ?? page}?session=All`);
  const count = (n: number) => t('lists.toppers.count', { count: n, n: String(n) });
  const summary = listingSummary(t, items.length, totalInSession, count);
  return (
    <>
      <PageHeader />
      <div className="container listing">
        <FilterForm
          selects={[
            {
              name: 'session',
              label: t('lists.session'),
              value: filters.session,
              options: [{ value: ALL, label: t('lists.all') }, ...sessions.map((s) => ({ value: s, label: s }))],
            },
          ]}
          q={filters.q}
          searchLabel={t('lists.toppers.filter', { topperClass })}
          searchFieldLabel={t('lists.searchByName')}
          summary={filters.session === ALL ? summary : t('lists.summaryInSession', { summary, session: filters.session })}
          clearTo={clearTo}
        />
        <ListingResults
          items={items}
          failed={failed}
          failedWhat={t('lists.toppers.what')}
          what={t('lists.toppers.what')}
          clearTo={clearTo}
          listClass="topper-grid"
          label={t('lists.toppers.label', { topperClass })}
          renderItem={(topper) => {
            return (
              <article className="topper-card">
                <TopperPhoto
                  photo={topper.attachments[0]}
                  width={TOPPER_PHOTO.width}
                  height={TOPPER_PHOTO.height}
                  maxWidth={640}
                  sizes="(min-width: 992px) 25vw, (min-width: 600px) 33vw, 50vw"
                  alt={topper.name}
                />
                <h2 className="topper-card__name" lang={contentLang} dir={contentDir}>
                  {topper.name}
                </h2>
                <TopperResult stream={topper.stream} division={topper.division} />
                <p className="topper-card__session">{topper.sessionYear}</p>
              </article>
            );
          }}
        />
      </div>
    </>
  );
}
