import { useEffect, useState } from 'react';
import { useSessionStore } from '../../api/session-store';
import type { KnowledgeItem, SearchAnswer } from '../../core/api/knowledge';
import { Alert, Button, TextField } from '../../ui';
import { fetchList, searchKnowledge, type TabKind } from './knowledge-api';

type Choice = { kind: TabKind; item: KnowledgeItem };
const KINDS: TabKind[] = ['files', 'links', 'videos'];
const LABEL = { files: 'File', links: 'Link', videos: 'Video' } as const;

const nameOf = (item: KnowledgeItem) => ('metadata' in item ? item.metadata.title || item.name : item.name);

/**
 * The retrieval test panel (issue 17 item 6): a question, the sources to search (all when none is
 * ticked), and the passages an AI node would be given, with scores and where they come from.
 */
export function RetrievalPanel() {
  const customerId = useSessionStore((s) => s.user?.customer_id ?? null) as number | null;
  const [choices, setChoices] = useState<Choice[]>([]);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState<SearchAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all(
      KINDS.map((kind) => fetchList(kind, customerId).then((l) => l.items.map((item) => ({ kind, item })))),
    )
      .then((lists) => live && setChoices(lists.flat().filter((c) => c.item.status === 'processed')))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [customerId, answer]);

  const key = (c: Choice) => `${c.kind}:${c.item.id}`;
  const toggle = (c: Choice) => {
    const next = new Set(picked);
    if (next.has(key(c))) next.delete(key(c));
    else next.add(key(c));
    setPicked(next);
  };

  const search = async () => {
    setBusy(true);
    setError(null);
    const sources = picked.size
      ? Object.fromEntries(
          KINDS.map((kind) => [
            kind,
            choices.filter((c) => c.kind === kind && picked.has(key(c))).map((c) => c.item.id),
          ]),
        )
      : undefined;
    try {
      setAnswer(await searchKnowledge({ query: question, sources, limit: 5 }));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="knowledge-panel" aria-labelledby="retrieval-title">
      <h2 id="retrieval-title">Test retrieval</h2>
      <p className="knowledge-panel-sub">See the passages an AI node would be given for a question.</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (question.trim()) void search();
        }}
      >
        <TextField
          label="Question"
          value={question}
          onChange={setQuestion}
          placeholder="How long do refunds take?"
        />
        {choices.length > 0 && (
          <fieldset className="knowledge-fieldset">
            <legend>Sources (all when none is chosen)</legend>
            <div className="knowledge-options knowledge-source-list">
              {choices.map((c) => (
                <label key={key(c)} className="knowledge-option">
                  <input type="checkbox" checked={picked.has(key(c))} onChange={() => toggle(c)} />
                  <span className="knowledge-chip">{LABEL[c.kind]}</span> {nameOf(c.item)}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <Button type="submit" icon="search" loading={busy} disabled={!question.trim()}>
          Search
        </Button>
      </form>
      {error && <Alert kind="error">{error}</Alert>}
      {answer && (
        <ol className="knowledge-passages" aria-label="Passages">
          {answer.passages.length === 0 && (
            <li className="card-grid-empty knowledge-empty">No passage matches this question.</li>
          )}
          {answer.passages.map((p, i) => (
            <li key={i} className="knowledge-passage">
              <header>
                <strong>
                  [{i + 1}] {p.source.name}
                </strong>
                {p.source.page !== undefined && <span>page {p.source.page}</span>}
                {p.source.url && (
                  <a href={p.source.url} target="_blank" rel="noopener noreferrer">
                    {p.source.url}
                  </a>
                )}
                <span className="knowledge-score" title={`${answer.mode} score`}>
                  score {p.score}
                </span>
              </header>
              {/* The server escapes the passage and adds only <mark> around the question's words. */}
              <p dangerouslySetInnerHTML={{ __html: p.snippet }} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
