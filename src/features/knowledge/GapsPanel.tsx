import { useEffect, useState } from 'react';
import type { KnowledgeGap } from '../../core/api/knowledge';
import { Alert } from '../../ui';
import { fetchGaps } from './knowledge-api';

/**
 * "Unanswered questions" (issue 17 item 5): what guests asked AI nodes that no source answered,
 * most asked first, so the author knows what to add.
 */
export function GapsPanel() {
  const [gaps, setGaps] = useState<KnowledgeGap[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetchGaps().then(
      (list) => live && setGaps(list),
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <section className="knowledge-panel" aria-labelledby="gaps-title">
      <h2 id="gaps-title">Unanswered questions</h2>
      <p className="knowledge-panel-sub">
        Questions your AI nodes found nothing about in the selected sources.
      </p>
      {error && <Alert kind="error">{error}</Alert>}
      {gaps && gaps.length === 0 && (
        <p className="card-grid-empty knowledge-empty">No unanswered questions yet.</p>
      )}
      {gaps && gaps.length > 0 && (
        <ul className="knowledge-gaps">
          {gaps.map((gap) => (
            <li key={gap.question}>
              <span className="knowledge-gap-count" title="Times asked">
                {gap.count}×
              </span>
              <span>{gap.question}</span>
              <time dateTime={gap.last_asked_at}>{new Date(gap.last_asked_at).toLocaleDateString()}</time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
