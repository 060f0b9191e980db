import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const NotificationsContainer = lazy(async () => ({
  default: (await import('./notifications-container')).NotificationsContainer,
}));

/**
 * `notifications.show()` works on every screen, but the container that draws the notifications (with its
 * transitions and scroll lock, about 10 kB gzipped) loads the first time one is shown, not on every first load.
 * Once loaded it stays, so the next ones animate as Mantine's do.
 */
export function NotificationsOnDemand() {
  const { notifications } = useNotifications();
  const [isNeeded, setIsNeeded] = useState(false);
  if (!isNeeded && notifications.length > 0) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  );
}
