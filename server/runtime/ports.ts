// Everything `step` reaches outside itself goes through these ports, so the interpreter is tested
// and benchmarked with fakes and no network, and the server plugs in the real ones.
import type { FlowNode } from '../../src/core/flow/index.js';
import type { CallProvider, GuestFile } from './replies.js';

/** An outbound request of an api node (already interpolated). */
export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: { kind: 'json'; text: string } | { kind: 'form'; form: FormData };
}

export interface HttpResponse {
  status: number;
  contentType: string;
  body: string;
  /** The address that answered, after redirects (the real port sets it). */
  url?: string;
}

/** Why a request got no response; only `network` and `timeout` are worth trying again. */
export type HttpFailure = 'blocked' | 'invalid-url' | 'timeout' | 'too-large' | 'network';

export class HttpError extends Error {
  constructor(
    readonly kind: HttpFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface HttpPort {
  /** Answers any HTTP status; throws HttpError when there is no usable response. */
  request(request: HttpRequest): Promise<HttpResponse>;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmPort {
  /** False when no endpoint is configured (LLM_BASE_URL empty). */
  readonly configured: boolean;
  /** The assistant's answer; throws when the endpoint fails. */
  chat(messages: ChatMessage[], options?: { json?: boolean }): Promise<string>;
}

export interface RetrievalQuery {
  query: string;
  language: string;
  /** The knowledge sources the node names (ids). */
  sources: { files: unknown[]; links: unknown[]; videos: unknown[] };
}

/** Where a passage comes from: what the reply's citation shows. */
export interface PassageCitation {
  kind: 'file' | 'link' | 'video';
  id: number;
  name: string;
  url?: string;
  page?: number;
}

export interface RetrievedPassage {
  text: string;
  source: PassageCitation;
}

export interface RetrievalPort {
  /** Passages that may answer the query, best first (only relevant ones: none is "don't know"). */
  retrieve(query: RetrievalQuery): Promise<RetrievedPassage[]>;
  /** Keeps a question no passage answered, for the author (a knowledge gap). */
  recordGap?(query: RetrievalQuery): Promise<void>;
  /** What the node says when no passage answers. */
  readonly noAnswerText?: string;
  /** The retriever of one bot's conversations (searching its owner's sources only). */
  forBot?(botId: number): RetrievalPort;
}

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** A notification node's subscription (delivered by the notifications issue). */
export interface Subscription {
  pushMessageType: string;
  template: Record<string, string>;
  startAt: string;
  frequency: number;
  language: string;
}

export interface SubscriptionPort {
  subscribe(subscription: Subscription): void;
}

/** A compiled flow: its nodes by id and where a run starts. */
export interface RunnableFlow {
  name: string;
  version: number;
  nodes: readonly FlowNode[];
  byId: ReadonlyMap<string, FlowNode>;
  start: FlowNode | null;
}

export interface FlowPort {
  /** A flow template of the same bot by name, or null when there is none. */
  template(name: string): Promise<RunnableFlow | null>;
}

export interface FilePort {
  /** The bytes of a file the guest uploaded (for form-data bodies), or null when gone. */
  read(file: GuestFile): Promise<Buffer | null>;
}

export interface ProviderPort {
  find(id: string): Promise<CallProvider | null>;
}

export interface RuntimePorts {
  http: HttpPort;
  llm: LlmPort;
  retrieval: RetrievalPort;
  clock: Clock;
  subscriptions: SubscriptionPort;
  flows: FlowPort;
  files: FilePort;
  providers: ProviderPort;
  /** Language codes by id (1 ar, 2 en, …), for the language-changer node. */
  languageCode(id: number): string | null;
}

/** A retriever that knows nothing (until the knowledge issue plugs in the real index). */
export const emptyRetriever: RetrievalPort = { retrieve: async () => [] };

/** Builds a RunnableFlow from a node list; the first node of the list is where a run starts. */
export function runnableFlow(name: string, version: number, nodes: readonly FlowNode[]): RunnableFlow {
  return { name, version, nodes, byId: new Map(nodes.map((n) => [n.id, n])), start: nodes[0] ?? null };
}
