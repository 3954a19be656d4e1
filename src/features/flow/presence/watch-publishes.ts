import { createStore } from 'zustand/vanilla';
import { getAccessToken } from '../../../api/storage';
import type { FlowVersionInfo } from '../flow-api';
import { EDITOR_TAB, MAIN_FLOW } from '../flow-api';
import type { FlowEditor } from '../store/flow-editor';

// Issue 20 §7: two authors on one bot. The editor listens to the bot's publish events (Server-Sent
// Events, read with fetch so the sign-in token goes in a header) and, when a version it did not
// publish itself lands, says so and offers to load it or to keep its own draft.

const RETRY_MS = 3000;

export interface PublishNews {
  version: number;
  author: string;
  at: number;
}

/** The events of a text/event-stream body: each block's `data:` as JSON. */
export async function* streamEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let at;
    while ((at = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (data) yield JSON.parse(data);
    }
  }
}

export function watchPublishes(editor: FlowEditor) {
  const news = createStore<{ news: PublishNews | null }>()(() => ({ news: null }));
  let controller: AbortController | null = null;
  let watching: number | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const heard = (event: Partial<FlowVersionInfo>) => {
    const state = editor.store.getState();
    if (typeof event.version !== 'number' || event.editor === EDITOR_TAB || state.publishing) return;
    // Before the flow is loaded there is nothing to compare with (the stream's first event is the
    // version being opened).
    if (state.version === null || event.version <= state.version) return;
    news.setState({
      news: {
        version: event.version,
        author: event.author_name || 'Another author',
        at: event.created_at ?? Date.now(),
      },
    });
  };

  async function listen(botId: number, signal: AbortSignal): Promise<void> {
    const token = getAccessToken();
    const response = await fetch(`/api/flow/${botId}/events`, {
      headers: { accept: 'text/event-stream', ...(token && { authorization: `Bearer ${token}` }) },
      signal,
    });
    if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
    for await (const event of streamEvents(response.body)) heard(event as Partial<FlowVersionInfo>);
  }

  function watch(botId: number | null): void {
    if (botId === watching) return;
    controller?.abort();
    if (retry !== null) clearTimeout(retry);
    watching = botId;
    news.setState({ news: null });
    if (botId === null) return;
    const own = (controller = new AbortController());
    const run = () =>
      listen(botId, own.signal)
        .catch(() => undefined)
        .finally(() => {
          // The stream ended (a restart, a dropped connection): listen again unless stopped.
          if (!own.signal.aborted) retry = setTimeout(run, RETRY_MS);
        });
    void run();
  }

  const unsubscribe = editor.store.subscribe((state) => watch(state.status === 'idle' ? null : state.botId));
  watch(editor.store.getState().botId);

  return {
    news,
    /** Loads the other author's version (this draft's unpublished changes are dropped). */
    loadTheirs(): void {
      news.setState({ news: null });
      const { botId } = editor.store.getState();
      if (botId !== null) void editor.openFlow(MAIN_FLOW);
    },
    /**
     * Keeps this draft: the editor now counts from their version, so the next publish is the
     * author's explicit choice to replace it (without this, it is refused with 409).
     */
    keepMine(): void {
      const current = news.getState().news;
      news.setState({ news: null });
      if (!current) return;
      editor.store.setState({
        version: current.version,
        notice: {
          kind: 'warning',
          text: `Publishing now replaces version ${current.version} by ${current.author}.`,
        },
      });
    },
    stop(): void {
      unsubscribe();
      watching = -1;
      controller?.abort();
      if (retry !== null) clearTimeout(retry);
    },
  };
}
