import { data } from 'react-router';

/** Any other path under /admin (after signing in): the staff area's own 404. */
export async function loader() {
  throw data({ message: 'There is no such page in the staff area.' }, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
