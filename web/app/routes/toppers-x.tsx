import type { Route } from './+types/toppers-x';
import { listingMeta } from '../components/listing/listing';
import { loadToppers } from '../components/listing/toppers.server';
import { ToppersPage } from '../components/listing/ToppersPage';

const PATH = '/Toppers';

export function meta({ matches }: Route.MetaArgs) {
  return listingMeta(PATH, matches, 'Class X (ICSE) toppers by session, with their streams and percentages.');
}

export function loader({ request }: Route.LoaderArgs) {
  return loadToppers(request, 'X');
}

export default function ToppersX({ loaderData }: Route.ComponentProps) {
  return <ToppersPage path={PATH} data={loaderData} />;
}

export function ErrorBoundary() {
  return (
    <div className="container listing">
      <h1>Toppers Class X (ICSE)</h1>
      <p>The toppers could not be shown just now. Please try again in a moment.</p>
    </div>
  );
}
