// The Notifications section (spec 3 §2, issue 18).
export { NotificationsPage } from './NotificationsPage';
