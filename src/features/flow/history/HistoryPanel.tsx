import { useCallback, useEffect, useState } from 'react';
import { Button, IconButton, Spinner } from '../../../ui';
import * as flowApi from '../flow-api';
import type { FlowVersionInfo } from '../flow-api';
import { useFlow } from '../store/flow-context';
import { selectBotId, selectFlowName, selectVersion, selectViewing } from '../store/flow-store';
import { useToolEditor } from '../tools-context';
import './history.css';

/** "3 added, 1 removed, 2 changed" for a version's counts. */
export function countsText(summary: FlowVersionInfo['summary']): string {
  const parts = [
    summary.added && `${summary.added} added`,
    summary.removed && `${summary.removed} removed`,
    summary.changed && `${summary.changed} changed`,
    summary.moved && `${summary.moved} moved`,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'No node changes';
}

export const whenText = (at: number) =>
  new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Issue 20 §4: the History panel. Every publish of the main flow with its time, author and what it
 * changed; Open shows it read-only on the board, Roll back publishes it again as a new version.
 */
export function HistoryPanel({ onClose }: { onClose(): void }) {
  const editor = useToolEditor();
  const botId = useFlow(selectBotId);
  const flowName = useFlow(selectFlowName);
  const current = useFlow(selectVersion);
  const viewing = useFlow(selectViewing);
  const [versions, setVersions] = useState<FlowVersionInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    if (botId === null) return;
    setError(null);
    flowApi.fetchVersions(botId).then(setVersions, (e: unknown) => {
      setError(e instanceof Error ? e.message : 'Unable to load the version history');
    });
  }, [botId]);
  // Reloaded whenever the flow's version moves (a publish here, a roll back, another author's).
  useEffect(load, [load, current]);

  return (
    <aside className="side-panel flow-history" aria-label="Version history">
      <header className="side-panel-head flow-history-head">
        <h2>Version history</h2>
        <IconButton icon="close" label="Close version history" size={16} onClick={onClose} />
      </header>
      {flowName !== flowApi.MAIN_FLOW && (
        <p className="flow-history-note">Versions are kept for the main flow.</p>
      )}
      {error && <p className="flow-history-note">{error}</p>}
      {!versions && !error && <Spinner size={22} label="Loading the versions" />}
      {versions && versions.length === 0 && (
        <p className="flow-history-note">No version yet: each publish of the main flow is kept here.</p>
      )}
      {versions && versions.length > 0 && (
        <ol className="flow-history-list">
          {versions.map((v) => (
            <li
              key={v.version}
              className="flow-history-item"
              aria-current={viewing?.version === v.version ? 'true' : undefined}
            >
              <div className="flow-history-title">
                <strong>Version {v.version}</strong>
                {v.version === current && <span className="flow-history-badge">Published</span>}
              </div>
              <div className="flow-history-meta">
                {whenText(v.created_at)}
                {v.author_name && ` · ${v.author_name}`}
              </div>
              <div className="flow-history-summary">{countsText(v.summary)}</div>
              <div className="flow-history-actions">
                <Button size="sm" variant="outline" onClick={() => void editor.openVersion(v.version)}>
                  Open
                </Button>
                {v.version !== current && (
                  <Button size="sm" variant="outline" onClick={() => void editor.rollBack(v.version)}>
                    Roll back
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}
