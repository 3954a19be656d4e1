// Typed analytics calls (issue 19 §6) and the live stream. The stream is read with fetch rather
// than EventSource, which cannot send the bearer token.
import { defineCall, type Refusal } from '../../api/define-call';
import { getAccessToken } from '../../api/storage';
import {
  analyticsBotPath,
  conversationsAnswer,
  conversationsQuery,
  metricsAnswer,
  metricsQuery,
  transcriptAnswer,
  transcriptPath,
} from '../../core/api/analytics';

export type Filters = Record<string, string | number | undefined>;

const calls = {
  metrics: defineCall('GET', '/api/bots/:botId/metrics', {
    params: analyticsBotPath,
    query: metricsQuery,
    response: metricsAnswer,
  }),
  conversations: defineCall('GET', '/api/bots/:botId/conversations', {
    params: analyticsBotPath,
    query: conversationsQuery,
    response: conversationsAnswer,
  }),
  transcript: defineCall('GET', '/api/bots/:botId/conversations/:guestId', {
    params: transcriptPath,
    response: transcriptAnswer,
  }),
};

const queryOf = (filters: Filters) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};

function checked<T extends { success: true }>(answer: T | Refusal, fallback: string): T {
  if (!answer.success) throw new Error(answer.message || fallback);
  return answer;
}

export async function fetchMetrics(botId: number, filters: Filters, signal?: AbortSignal) {
  return checked(
    await calls.metrics({ params: { botId }, query: filters, signal }),
    'Unable to load the figures',
  );
}

export async function fetchConversations(botId: number, filters: Filters, signal?: AbortSignal) {
  return checked(
    await calls.conversations({ params: { botId }, query: filters, signal }),
    'Unable to load the conversations',
  );
}

export async function fetchTranscript(botId: number, guestId: string) {
  return checked(await calls.transcript({ params: { botId, guestId } }), 'Unable to load the conversation');
}

/** Downloads the CSV export (streamed by the server) under its own name. */
export async function downloadCsv(botId: number, filters: Filters): Promise<void> {
  const response = await fetch(`/api/bots/${botId}/conversations.csv${queryOf(filters)}`, {
    headers: { Authorization: `Bearer ${getAccessToken() ?? ''}` },
  });
  if (!response.ok) throw new Error('Unable to export the conversations');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `conversations-bot-${botId}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const RECONNECT_MS = 2000;

/**
 * Calls `onChange` whenever the bot's figures change (a guest's turn stored on any server),
 * reconnecting when the stream drops; answers how to stop.
 */
export function watchMetrics(botId: number, onChange: (stamp: number) => void): () => void {
  const controller = new AbortController();
  let stopped = false;
  const connect = async () => {
    while (!stopped) {
      try {
        const response = await fetch(`/api/bots/${botId}/metrics/stream`, {
          headers: { Authorization: `Bearer ${getAccessToken() ?? ''}` },
          signal: controller.signal,
        });
        if (!response.ok || !response.body) throw new Error(String(response.status));
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const event = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = /^data: (.*)$/m.exec(event);
            if (/^event: change$/m.test(event) && data)
              onChange((JSON.parse(data[1]) as { stamp: number }).stamp);
          }
        }
      } catch {
        if (stopped) return;
      }
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
    }
  };
  void connect();
  return () => {
    stopped = true;
    controller.abort();
  };
}
