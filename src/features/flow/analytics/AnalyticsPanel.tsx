import { useEffect, useState } from 'react';
import { dropOffSeverity } from '../../../core/analytics';
import type { ConversationRow } from '../../../core/api/analytics';
import { fetchConversations, formatPercent, formatTime, periodOf } from '../../results';
import { useFlow } from '../store/flow-context';
import { useOverlayStore } from './overlay-store';

/**
 * Over the board while the overlay is on: the selected node's figures and a sample of the
 * conversations that stopped there, a legend, and every node's figures as text for screen readers
 * (the badges are drawn on a canvas).
 */
export function AnalyticsPanel({ botId }: { botId: number | null }) {
  const on = useOverlayStore((s) => s.on);
  const metrics = useOverlayStore((s) => s.metrics);
  const error = useOverlayStore((s) => s.error);
  const period = useOverlayStore((s) => s.period);
  const nodeId = useFlow((s) => s.selection.nodeId);
  const nodeName = useFlow((s) => s.nodes.find((n) => n.id === s.selection.nodeId)?.name ?? null);
  const [sample, setSample] = useState<ConversationRow[]>([]);
  const metric = nodeId ? metrics?.nodes.find((n) => n.node === nodeId) : undefined;
  const version = metrics?.version;

  useEffect(() => {
    if (!on || botId === null || !nodeId || version === undefined) return setSample([]);
    const controller = new AbortController();
    fetchConversations(
      botId,
      { node: nodeId, version, from: Date.now() - periodOf(period).ms, limit: 5 },
      controller.signal,
    ).then(
      (page) => setSample(page.conversations),
      () => setSample([]),
    );
    return () => controller.abort();
    // The sample follows the figures (a new turn may have ended there).
  }, [on, botId, nodeId, version, period, metrics]);

  if (!on) return null;
  return (
    <aside className="flow-analytics-panel" aria-label="Analytics">
      {error && <p className="flow-analytics-error">{error}</p>}
      <ul className="visually-hidden" aria-label="Figures by node">
        {metrics?.nodes.map((n) => (
          <li key={n.node} data-node={n.node}>
            {`${n.node}: ${n.visits} visits, ${n.guests} guests, ${n.left} left (${formatPercent(n.share)})`}
          </li>
        ))}
      </ul>
      <ul className="flow-analytics-legend" aria-label="Share of guests who left">
        <li>
          <span className="sev sev-low" aria-hidden="true" /> under 10 %
        </li>
        <li>
          <span className="sev sev-medium" aria-hidden="true" /> 10–33 %
        </li>
        <li>
          <span className="sev sev-high" aria-hidden="true" /> a third or more
        </li>
      </ul>
      {nodeId && (
        <section className="flow-analytics-node" aria-label="Selected node">
          <h3>{nodeName || nodeId}</h3>
          {metric ? (
            <dl>
              <div>
                <dt>Visits</dt>
                <dd>{metric.visits}</dd>
              </div>
              <div>
                <dt>Guests</dt>
                <dd>{metric.guests}</dd>
              </div>
              <div>
                <dt>Left here</dt>
                <dd className={`sev-text-${dropOffSeverity(metric.share)}`}>
                  {metric.left} ({formatPercent(metric.share)})
                </dd>
              </div>
            </dl>
          ) : (
            <p>No guest reached this node in this period.</p>
          )}
          {sample.length > 0 && (
            <>
              <h4>Conversations that ended here</h4>
              <ul className="flow-analytics-sample">
                {sample.map((row) => (
                  <li key={row.guestId}>
                    <span>{formatTime(row.lastAt)}</span> · {row.channel} · {row.language}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
    </aside>
  );
}
