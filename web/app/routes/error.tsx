import { Link } from 'react-router';
import { PageHeader } from '../components/page-header';
import { useI18n } from '../i18n/i18n';

/** SPEC §8: where a failed album (sub-gallery) load sends the visitor. */
export default function ErrorPage() {
  const { t, path } = useI18n();
  return (
    <>
      <PageHeader />
      <div className="container section prose">
        <p>{t('info.error.text')}</p>
        <p className="btn-row">
          <Link className="btn" to={path('/gallery')}>
            {t('info.error.gallery')}
          </Link>
          <Link className="btn btn--outline" to={path('/')}>
            {t('shell.goHome')}
          </Link>
        </p>
      </div>
    </>
  );
}
