// What the flow editor offers the app: its page (loaded on first visit by src/app/dashboard-routes.tsx).
export { FlowPage } from './FlowPage';
