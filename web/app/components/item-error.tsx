import { isRouteErrorResponse, Link } from 'react-router';
import { PageHeader } from './page-header';

/** The ErrorBoundary body of an item page: not found (404) or not loadable now, with the way back. */
export function ItemError({ error, noun, back }: { error: unknown; noun: string; back: { to: string; label: string } }) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <PageHeader title={missing ? `${noun} not found` : `${noun} not available`} />
      <div className="container section prose">
        <p>
          {missing
            ? `There is no such ${noun.toLowerCase()} on this website: it may have been removed.`
            : `This ${noun.toLowerCase()} could not be shown just now. Please try again in a moment.`}
        </p>
        <p>
          <Link to={back.to}>{back.label}</Link>
        </p>
      </div>
    </>
  );
}
