import { PlaceholderPage } from './PlaceholderPage';

export function NotificationsPage() {
  return <PlaceholderPage title="Notifications" />;
}
