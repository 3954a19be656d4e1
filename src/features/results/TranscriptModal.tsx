import { useEffect, useState } from 'react';
import { messageText } from '../../core/analytics';
import type { ConversationRow, TranscriptAnswer } from '../../core/api/analytics';
import { Alert, Modal, Spinner } from '../../ui';
import { formatTime } from './format';
import { fetchTranscript } from './results-api';

/** One conversation as the guest saw it (passwords were stored masked). */
export function TranscriptModal({
  botId,
  row,
  onClose,
}: {
  botId: number;
  row: ConversationRow;
  onClose: () => void;
}) {
  const [answer, setAnswer] = useState<TranscriptAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetchTranscript(botId, row.guestId).then(setAnswer, (e: unknown) =>
      setError(e instanceof Error ? e.message : String(e)),
    );
  }, [botId, row.guestId]);
  return (
    <Modal
      title="Conversation"
      subtitle={`${formatTime(row.startedAt)} · ${row.channel} · ${row.language} · ${row.outcome}`}
      onClose={onClose}
      size="lg"
    >
      {error && <Alert kind="error">{error}</Alert>}
      {!answer && !error && <Spinner />}
      {answer && (
        <ol className="results-transcript">
          {answer.messages.map((message) => (
            <li key={message.id} className={`results-message results-message-${message.from}`}>
              <span className="results-message-who">{message.from === 'bot' ? 'Bot' : 'Guest'}</span>
              <span className="results-message-text">{messageText(message.content)}</span>
              <time dateTime={message.date}>{formatTime(Date.parse(message.date))}</time>
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}
