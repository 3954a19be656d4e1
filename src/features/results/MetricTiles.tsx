import type { MetricsAnswer } from '../../core/api/analytics';
import { formatMs, formatPercent } from './format';

/** The headline figures of the period. */
export function MetricTiles({ metrics }: { metrics: MetricsAnswer }) {
  const { totals, latency } = metrics;
  const tiles = [
    { label: 'Conversations', value: String(totals.conversations), testId: 'tile-conversations' },
    { label: 'Completion rate', value: formatPercent(totals.completionRate) },
    { label: 'Fallback rate', value: formatPercent(totals.fallbackRate) },
    { label: 'Messages in / out', value: `${totals.messagesIn} / ${totals.messagesOut}` },
    { label: 'AI latency p50 / p95', value: `${formatMs(latency.ai.p50)} / ${formatMs(latency.ai.p95)}` },
    { label: 'API latency p50 / p95', value: `${formatMs(latency.api.p50)} / ${formatMs(latency.api.p95)}` },
  ];
  return (
    <dl className="results-tiles">
      {tiles.map((tile) => (
        <div key={tile.label} className="results-tile" data-testid={tile.testId}>
          <dt>{tile.label}</dt>
          <dd>{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Conversations and completions by channel or by language. */
export function SplitTable({ title, rows }: { title: string; rows: MetricsAnswer['byChannel'] }) {
  const most = Math.max(1, ...rows.map((r) => r.conversations));
  return (
    <section className="results-split" aria-label={title}>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="results-muted">No conversations yet.</p>
      ) : (
        <ul>
          {rows.map((row) => (
            <li key={row.key}>
              <span className="results-split-key">{row.key}</span>
              <span
                className="results-bar"
                style={{ width: `${(row.conversations / most) * 100}%` }}
                aria-hidden="true"
              />
              <span className="results-split-value">
                {row.conversations} ·{' '}
                {formatPercent(row.conversations ? row.completed / row.conversations : 0)} completed
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
