import { Outlet } from 'react-router';
import '../../styles/admin.css';
import '../../styles/admin-nav.css';

/** The staff area is personal: never stored by browsers or proxies (api/src/site.ts also enforces it). */
export function headers() {
  return { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' };
}

/** Every page under /admin: the staff area's own styles (never loaded by public pages). */
export default function AdminLayout() {
  return (
    <div className="admin">
      <Outlet />
    </div>
  );
}
