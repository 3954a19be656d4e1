// The results of a bot (issue 19 §3). The page itself loads with its route (src/app/dashboard-routes.tsx,
// like the other pages), so uPlot stays out of other pages; here are the pieces the board's
// Analytics overlay shares.
export { fetchConversations, fetchMetrics, watchMetrics } from './results-api';
export { formatPercent, formatTime, periodOf, PERIODS, type PeriodKey } from './format';
