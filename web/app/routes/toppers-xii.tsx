import type { Route } from './+types/toppers-xii';
import { ToppersPage } from '../components/listing/toppers-page';
import { loadToppers } from '../lib/toppers.server';
import { NO_HYDRATION } from '../lib/hydration';

export function loader({ request }: Route.LoaderArgs) {
  return loadToppers(request, 'XII');
}

/** No React in the browser (docs/decisions/0075): the filters are the shell script's (lib/enhance.server.ts). */
export const handle = NO_HYDRATION;

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
