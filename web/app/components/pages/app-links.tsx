import type { SchoolProfile } from '@sthsm/contract/profile';

/** Links to the parents' app on the App Store (iOS) and Google Play (Android). */
export function AppLinks({ app }: { app: Pick<NonNullable<SchoolProfile['app']>, 'name' | 'iosUrl' | 'androidUrl'> }) {
  return (
    <ul className="btn-row store-links">
      <li>
        <a className="btn" href={app.iosUrl} target="_blank" rel="noopener noreferrer">
          Download {app.name} for iOS<span className="visually-hidden"> (App Store, opens in a new tab)</span>
        </a>
      </li>
      <li>
        <a className="btn" href={app.androidUrl} target="_blank" rel="noopener noreferrer">
          Get {app.name} for Android<span className="visually-hidden"> (Google Play, opens in a new tab)</span>
        </a>
      </li>
    </ul>
  );
}
