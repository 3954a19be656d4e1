// The results of a bot (issue 19 §3): its page, and the calls the board's analytics overlay shares.
export { ResultsPage } from './ResultsPage';
export { fetchConversations, fetchMetrics, watchMetrics } from './results-api';
export { formatPercent } from './format';
