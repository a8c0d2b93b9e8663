import type { Route } from './+types/toppers-xii';
import { listingMeta } from '../components/listing/listing';
import { loadToppers } from '../components/listing/toppers.server';
import { ToppersPage } from '../components/listing/ToppersPage';

const PATH = '/ToppersXII';

export function meta({ matches }: Route.MetaArgs) {
  return listingMeta(PATH, matches, 'Class XII (ISC) toppers by session, with their streams and percentages.');
}

export function loader({ request }: Route.LoaderArgs) {
  return loadToppers(request, 'XII');
}

export default function ToppersXII({ loaderData }: Route.ComponentProps) {
  return <ToppersPage path={PATH} data={loaderData} />;
}

export function ErrorBoundary() {
  return (
    <div className="container listing">
      <h1>Toppers Class XII (ISC)</h1>
      <p>The toppers could not be shown just now. Please try again in a moment.</p>
    </div>
  );
}
