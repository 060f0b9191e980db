import { Navigate, Outlet, useLocation } from 'react-router';
import { buildLoginPath } from '../lib/return-to';
import { useSession } from '../lib/session-store';

/** App screens need a login; a logged-out visitor logs in first and then comes back to the same route. */
export function RequireLogin() {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  if (!isLoggedIn) return <Navigate to={buildLoginPath(`${location.pathname}${location.search}`)} replace />;
  return <Outlet />;
}
