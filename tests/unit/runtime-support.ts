// Fakes for the runtime's ports and a tiny conversation driver, shared by the runtime unit tests.
import { newNode, type FlowNode, type NodeOfType, type NodeType } from '../../src/core/flow/index.js';
import {
  emptyRetriever,
  runnableFlow,
  type ChatMessage,
  type HttpRequest,
  type HttpResponse,
  type RetrievalQuery,
  type RetrievedPassage,
  type RunnableFlow,
  type RuntimePorts,
  type Subscription,
} from '../../server/runtime/ports.js';
import type { RenderedReply } from '../../server/runtime/replies.js';
import { newSession, type GuestSession, type TurnInput } from '../../server/runtime/session.js';
import { step, type StepResult } from '../../server/runtime/step.js';

const CODES: Record<number, string> = { 1: 'ar', 2: 'en', 3: 'fr', 4: 'de', 5: 'es' };

export interface Fakes {
  ports: RuntimePorts;
  requests: HttpRequest[];
  sleeps: number[];
  subscriptions: Subscription[];
  chats: { messages: ChatMessage[]; json?: boolean }[];
  templates: Map<string, RunnableFlow>;
  /** What the retriever was asked, and the questions it kept as knowledge gaps. */
  retrievals: RetrievalQuery[];
  gaps: string[];
}

export function fakePorts(
  options: {
    respond?: (request: HttpRequest, attempt: number) => HttpResponse | Promise<HttpResponse>;
    answer?: (messages: ChatMessage[]) => string;
    llmConfigured?: boolean;
    /** Passages the retriever finds (text only: cited as the file "Handbook"). */
    passages?: (string | RetrievedPassage)[];
    /** What the node says when the retriever finds nothing. */
    noAnswerText?: string;
  } = {},
): Fakes {
  const fakes: Fakes = {
    requests: [],
    sleeps: [],
    subscriptions: [],
    chats: [],
    templates: new Map(),
    retrievals: [],
    gaps: [],
    ports: undefined as unknown as RuntimePorts,
  };
  fakes.ports = {
    http: {
      async request(request) {
        fakes.requests.push(request);
        const respond =
          options.respond ?? (() => ({ status: 200, contentType: 'application/json', body: '{}' }));
        return respond(request, fakes.requests.length);
      },
    },
    llm: {
      configured: options.llmConfigured ?? true,
      async chat(messages, opts) {
        fakes.chats.push({ messages, json: opts?.json });
        return (options.answer ?? (() => 'AI says hi'))(messages);
      },
    },
    retrieval:
      options.passages || options.noAnswerText
        ? {
            noAnswerText: options.noAnswerText,
            retrieve: async (query) => {
              fakes.retrievals.push(query);
              return (options.passages ?? []).map((p) =>
                typeof p === 'string'
                  ? { text: p, source: { kind: 'file' as const, id: 1, name: 'Handbook' } }
                  : p,
              );
            },
            recordGap: async (query) => void fakes.gaps.push(query.query),
          }
        : emptyRetriever,
    clock: { now: () => 1_700_000_000_000, sleep: async (ms) => void fakes.sleeps.push(ms) },
    subscriptions: { subscribe: (s) => void fakes.subscriptions.push(s) },
    flows: { template: async (name) => fakes.templates.get(name) ?? null },
    files: { read: async () => Buffer.from('%PDF-1.4 file') },
    providers: {
      find: async (id) => ({
        id,
        name: 'BotFlow Calls',
        endpoint: 'https://calls.example.com',
        profile_id: 'p1',
      }),
    },
    languageCode: (id) => CODES[id] ?? null,
  };
  return fakes;
}

/** A node of `type` with the editor's defaults, then `fields` over them. */
export function node<T extends NodeType>(
  type: T,
  id: string,
  fields: Partial<NodeOfType<T>> = {},
): NodeOfType<T> {
  return { ...newNode(type, id, 0, 0, id), ...fields } as NodeOfType<T>;
}

/** Links `from`'s default (first) slot to `to`. */
export function link<N extends FlowNode>(from: N, to: string | null, slot = 0): N {
  from.next[slot] = { ...from.next[slot], node: to };
  return from;
}

export function text(content: string | Record<string, string>) {
  const texts = typeof content === 'string' ? { en: content } : content;
  return { type: 'content' as const, content: { type: 'text' as const, title: 'Text', content: texts } };
}

export function flowOf(nodes: FlowNode[], name = 'main'): RunnableFlow {
  return runnableFlow(name, 1, nodes);
}

/** Drives a conversation: each `send` runs one turn and keeps the session. */
export function conversation(
  flow: RunnableFlow,
  fakes: Fakes,
  session: GuestSession = newSession(flow.name, 'en'),
) {
  let current = session;
  const chat = {
    last: undefined as StepResult | undefined,
    get session() {
      return current;
    },
    set session(next: GuestSession) {
      current = next;
    },
    async send(input: string | TurnInput): Promise<RenderedReply[]> {
      const turn = typeof input === 'string' ? { text: input } : input;
      chat.last = await step(flow, current, turn, fakes.ports);
      current = chat.last.session;
      return chat.last.replies;
    },
  };
  return chat;
}

/** The contents of replies, for compact assertions. */
export function contents(replies: RenderedReply[]): unknown[] {
  return replies.map((r) => r.content);
}
