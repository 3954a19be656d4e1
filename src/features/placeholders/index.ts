// The sections later issues fill in (knowledge, notifications): their pages, each loaded on
// first visit by src/app/dashboard-routes.tsx.
export { KnowledgePage, knowledgeTabs } from './KnowledgePage';
export { NotificationsPage } from './NotificationsPage';
