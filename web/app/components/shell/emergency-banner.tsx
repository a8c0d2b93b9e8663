import type { PublicAlert } from '@sthsm/contract/alerts';
import '../../styles/emergency.css';
import { useI18n } from '../../i18n/i18n';

// The school's emergency alert (issue 34), first on every public page until it ends: one line and an
// optional link, in a band that holds 4.5:1 in every state. Server-rendered: it is there before any
// script, and takes its place in the first paint (no layout shift).

export function EmergencyBanner({ alerts }: { alerts: readonly PublicAlert[] }) {
  const { t, contentLang, contentDir } = useI18n();
  if (alerts.length === 0) return null;
  return (
    <section className="emergency-banner" aria-label={t('shell.emergencyRegion')}>
      {alerts.map((alert) => (
        <p key={alert._id} className="container emergency-banner__line">
          <strong>{t('shell.alert')}</strong>{' '}
          <span lang={contentLang} dir={contentDir}>
            {alert.message}
          </span>
          {alert.link ? (
            <>
              {' '}
              <a href={alert.link} className="emergency-banner__link">
                {t('shell.readMore')}
              </a>
            </>
          ) : null}
        </p>
      ))}
    </section>
  );
}
