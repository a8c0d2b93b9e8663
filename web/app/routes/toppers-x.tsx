import type { Route } from './+types/toppers-x';
import { ToppersPage } from '../components/listing/toppers-page';
import { loadToppers } from '../lib/toppers.server';
import { NO_HYDRATION } from '../lib/hydration';
import { useI18n } from '../i18n/i18n';

export function loader({ request }: Route.LoaderArgs) {
  return loadToppers(request, 'X');
}

/** No React in the browser (docs/decisions/0075): the filters are the shell script's (lib/enhance.server.ts). */
export const handle = NO_HYDRATION;

export default function ToppersX({ loaderData }: Route.ComponentProps) {
  return <ToppersPage data={loaderData} />;
}

export function ErrorBoundary() {
  const { t } = useI18n();
  return (
    <div className="container listing">
      <h1>{t('page.toppers-x.title')}</h1>
      <p>{t('lists.toppers.error')}</p>
    </div>
  );
}
