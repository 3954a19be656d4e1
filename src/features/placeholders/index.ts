// The sections later issues fill in (notifications): their pages, each loaded on
// first visit by src/app/dashboard-routes.tsx.
export { NotificationsPage } from './NotificationsPage';
