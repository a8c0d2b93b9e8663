import type { SchoolProfile } from '@sthsm/contract/profile';
import { useI18n } from '../../i18n/i18n';
import { SchoolText } from './info-page';

/** Links to the parents' app on the App Store (iOS) and Google Play (Android). */
export function AppLinks({ app }: { app: Pick<NonNullable<SchoolProfile['app']>, 'name' | 'iosUrl' | 'androidUrl'> }) {
  const { t, rich } = useI18n();
  const name = <SchoolText>{app.name}</SchoolText>;
  return (
    <ul className="btn-row store-links">
      <li>
        <a className="btn" href={app.iosUrl} target="_blank" rel="noopener noreferrer">
          {rich('info.app.ios', { app: name })}
          <span className="visually-hidden">{t('info.app.iosHidden')}</span>
        </a>
      </li>
      <li>
        <a className="btn" href={app.androidUrl} target="_blank" rel="noopener noreferrer">
          {rich('info.app.android', { app: name })}
          <span className="visually-hidden">{t('info.app.androidHidden')}</span>
        </a>
      </li>
    </ul>
  );
}
