import type { Route } from './+types/toppers-xii';
import { ToppersPage } from '../components/listing/toppers-page';
import { loadToppers } from '../lib/toppers.server';

export function loader({ request }: Route.LoaderArgs) {
  return loadToppers(request, 'XII');
}

export default function ToppersXII({ loaderData }: Route.ComponentProps) {
  return <ToppersPage data={loaderData} />;
}

export function ErrorBoundary() {
  return (
    <div className="container listing">
      <h1>Toppers Class XII (ISC)</h1>
      <p>The toppers could not be shown just now. Please try again in a moment.</p>
    </div>
  );
}
