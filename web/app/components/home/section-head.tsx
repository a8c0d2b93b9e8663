import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';

/** A home section's heading, with its "view all" link to the inner page when it has one. */
export function SectionHead({
  id,
  title,
  kicker,
  link,
}: {
  id: string;
  title: string;
  kicker?: string;
  link?: { to: string; label: string };
}) {
  const { path } = useI18n();
  return (
    <div className="home-section__head">
      <div>
        {kicker ? <p className="home-section__kicker">{kicker}</p> : null}
        <h2 id={id}>{title}</h2>
      </div>
      {link ? (
        <Link className="home-section__link" to={path(link.to)} prefetch="intent">
          {link.label}
          <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
            <path d="M9 5l7 7-7 7" />
          </svg>
        </Link>
      ) : null}
    </div>
  );
}
