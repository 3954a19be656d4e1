// What the dashboard shell offers the app: the frame (drawer and outlet) of the signed-in pages.
export { DashboardShell } from './DashboardShell';
