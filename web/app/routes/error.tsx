import { Link } from 'react-router';
import type { Route } from './+types/error';
import { PageHeader } from '../components/PageHeader';
import { pageMeta, siteUrlFrom } from '../lib/seo';
import { schoolNameFrom } from '../lib/root-data';

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(
      { title: 'Something went wrong', description: 'The page you asked for could not be shown.', path: '/error' },
      siteUrlFrom(matches),
      schoolNameFrom(matches),
    ),
    { name: 'robots', content: 'noindex' },
  ];
}

/** SPEC §8: where a failed album (sub-gallery) load sends the visitor. */
export default function ErrorPage() {
  return (
    <>
      <PageHeader title="Something went wrong" />
      <div className="container section prose">
        <p>
          We could not load what you asked for. The album may have been removed, or the connection to the school's server
          was interrupted. Please try again in a moment.
        </p>
        <p className="btn-row">
          <Link className="btn" to="/gallery">Back to the Photo Gallery</Link>
          <Link className="btn btn--outline" to="/">Go to the home page</Link>
        </p>
      </div>
    </>
  );
}
