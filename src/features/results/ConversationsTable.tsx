import { useEffect, useState } from 'react';
import type { ConversationRow } from '../../core/api/analytics';
import { Alert, Button, SearchField } from '../../ui';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { formatTime } from './format';
import { fetchConversations, type Filters } from './results-api';

const PAGE = 25;

interface ConversationsTableProps {
  botId: number;
  filters: Filters;
  /** Bumped by the live stream: the first page reloads. */
  revision: number;
  onOpen: (row: ConversationRow) => void;
}

const answersText = (answers: Record<string, unknown>) =>
  Object.entries(answers)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');

/** The conversations of the period, newest first, paged by the server's keyset cursor. */
export function ConversationsTable({ botId, filters, revision, onOpen }: ConversationsTableProps) {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search, 300);
  const [rows, setRows] = useState<ConversationRow[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const query = { ...filters, search: settled.trim() || undefined, limit: PAGE };
  const key = JSON.stringify(query);

  useEffect(() => {
    const controller = new AbortController();
    fetchConversations(botId, JSON.parse(key) as Filters, controller.signal).then(
      (page) => {
        setRows(page.conversations);
        setNext(page.next);
        setError(null);
      },
      (e: unknown) => !controller.signal.aborted && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => controller.abort();
  }, [botId, key, revision]);

  const more = async () => {
    if (!next) return;
    setLoading(true);
    try {
      const page = await fetchConversations(botId, { ...(JSON.parse(key) as Filters), cursor: next });
      setRows((old) => [...old, ...page.conversations]);
      setNext(page.next);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setLoading(false);
    }
  };

  return (
    <section className="results-conversations" aria-label="Conversations">
      <div className="results-section-head">
        <h2>Conversations</h2>
        <SearchField
          label="Search conversations"
          placeholder="Search answers or guest id"
          value={search}
          onChange={setSearch}
        />
      </div>
      {error && <Alert kind="error">{error}</Alert>}
      <div className="results-table-wrap">
        <table className="results-table">
          <thead>
            <tr>
              <th scope="col">Last activity</th>
              <th scope="col">Channel</th>
              <th scope="col">Language</th>
              <th scope="col">Outcome</th>
              <th scope="col">Last node</th>
              <th scope="col">Messages</th>
              <th scope="col">Answers</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.guestId}
                tabIndex={0}
                onClick={() => onOpen(row)}
                onKeyDown={(e) => e.key === 'Enter' && onOpen(row)}
              >
                <td>{formatTime(row.lastAt)}</td>
                <td>{row.channel}</td>
                <td>{row.language}</td>
                <td>
                  <span className={`results-outcome results-outcome-${row.outcome}`}>{row.outcome}</span>
                </td>
                <td>{row.lastNode ?? '–'}</td>
                <td>
                  {row.messagesIn} / {row.messagesOut}
                </td>
                <td className="results-answers">{answersText(row.answers) || '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && !error && <p className="results-muted">No conversations in this period.</p>}
      </div>
      {next && (
        <Button variant="outline" size="sm" loading={loading} onClick={() => void more()}>
          Load more
        </Button>
      )}
    </section>
  );
}
