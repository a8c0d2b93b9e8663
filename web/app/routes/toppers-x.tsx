import type { Route } from './+types/toppers-x';
import { ToppersPage } from '../components/listing/toppers-page';
import { loadToppers } from '../lib/toppers.server';

export function loader({ request }: Route.LoaderArgs) {
  return loadToppers(request, 'X');
}

export default function ToppersX({ loaderData }: Route.ComponentProps) {
  return <ToppersPage data={loaderData} />;
}

export function ErrorBoundary() {
  return (
    <div className="container listing">
      <h1>Toppers Class X (ICSE)</h1>
      <p>The toppers could not be shown just now. Please try again in a moment.</p>
    </div>
  );
}
