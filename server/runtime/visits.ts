// What a turn reports for analytics (issue 19): the nodes it entered, in order, and the AI and API
// calls it made with their latencies. Recording is a push per node and a clock read per call, so
// it costs the interpreter next to nothing; the conversation service turns it into rows written
// with the turn (server/analytics/turn-events.ts).
import type { Clock, HttpPort, LlmPort, RuntimePorts } from './ports.js';

export interface NodeVisit {
  flow: string;
  node: string;
  /** The node entered just before in the same flow; null when the run started here. */
  from: string | null;
  /** The guest's language when the node was entered. */
  language: string;
}

export interface TimedCall {
  kind: 'ai' | 'api';
  ms: number;
  /** The node that made the call. */
  node: string | null;
}

/** The ports a turn runs with, whose HTTP and LLM calls are timed into `calls`. */
export function timedPorts(ports: RuntimePorts, calls: TimedCall[], at: () => string | null): RuntimePorts {
  const clock: Clock = ports.clock;
  const time = async <T>(kind: TimedCall['kind'], work: () => Promise<T>): Promise<T> => {
    const start = clock.now();
    try {
      return await work();
    } finally {
      calls.push({ kind, ms: clock.now() - start, node: at() });
    }
  };
  const http: HttpPort = { request: (request) => time('api', () => ports.http.request(request)) };
  const llm: LlmPort = {
    configured: ports.llm.configured,
    chat: (messages, options) => time('ai', () => ports.llm.chat(messages, options)),
  };
  return { ...ports, http, llm };
}
