import { useParams } from 'react-router';
import { NoLinkPage } from './components/status-pages';
import { DriverApp } from './driver-app';

/**
 * /driver/{token} reached inside the office app (a link followed without a page load): the same page, outside the
 * office layout and its login. Opened directly, main.tsx loads the driver page without the office app at all.
 */
export function DriverRoute() {
  const { token } = useParams();
  return token ? <DriverApp token={token} /> : <NoLinkPage />;
}
