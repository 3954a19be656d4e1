// How the results page writes figures. Times arrive in UTC (epoch ms) and are shown in the
// author's own time zone, which is the browser's.

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const formatTime = (at: number) => dateTime.format(new Date(at));

export const formatPercent = (share: number) =>
  `${(share * 100).toFixed(share > 0 && share < 0.1 ? 1 : 0)} %`;

export const formatMs = (ms: number | null) =>
  ms === null ? '–' : ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;

/** The author's offset from UTC in minutes, east positive (days on the charts start at their midnight). */
export const authorOffset = () => -new Date().getTimezoneOffset();

export const PERIODS = [
  { key: '24h', label: 'Last 24 hours', ms: 24 * 3_600_000, bucket: 'hour' },
  { key: '7d', label: 'Last 7 days', ms: 7 * 24 * 3_600_000, bucket: 'day' },
  { key: '30d', label: 'Last 30 days', ms: 30 * 24 * 3_600_000, bucket: 'day' },
] as const;
export type PeriodKey = (typeof PERIODS)[number]['key'];

export const periodOf = (key: PeriodKey) => PERIODS.find((p) => p.key === key) ?? PERIODS[1];
