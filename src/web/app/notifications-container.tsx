import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Mantine's notifications with their styles and transitions: loaded only once a notification is shown. */
export function NotificationsContainer() {
  return <Notifications position="top-right" />;
}
