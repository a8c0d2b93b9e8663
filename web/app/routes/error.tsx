import { Link } from 'react-router';
import { PageHeader } from '../components/page-header';

/** SPEC §8: where a failed album (sub-gallery) load sends the visitor. */
export default function ErrorPage() {
  return (
    <>
      <PageHeader />
      <div className="container section prose">
        <p>
          We could not load what you asked for. The album may have been removed, or the connection to the school's server was interrupted.
          Please try again in a moment.
        </p>
        <p className="btn-row">
          <Link className="btn" to="/gallery">
            Back to the Photo Gallery
          </Link>
          <Link className="btn btn--outline" to="/">
            Go to the home page
          </Link>
        </p>
      </div>
    </>
  );
}
