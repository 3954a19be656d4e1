// The api node (spec 2 §3): a real outbound request, tried again on a network failure, a timeout
// or a server error (5xx, 408, 429) up to `retries` more times, `retryDelay` seconds apart (the
// wait goes through the clock port). The response body (parsed when it is JSON) and the status
// code are stored in the named variables; a 2xx answer follows the node's branches, anything else
// its failure path. `showResult` shows the response to the guest.
import type { ApiNode } from '../../../src/core/flow/index.js';
import { HttpError, type HttpResponse } from '../ports.js';
import { go, type NodeHandler, type Outcome, type Turn } from '../turn.js';
import { buildRequest } from './api-request.js';

/** Bounds on what an author can ask for, so one guest's turn cannot hold the server for minutes. */
export const MAX_RETRIES = 10;
export const MAX_RETRY_DELAY_SECONDS = 30;

const RETRY_STATUSES = new Set([408, 429]);

function worthRetrying(outcome: HttpResponse | HttpError): boolean {
  if (outcome instanceof HttpError) return outcome.kind === 'network' || outcome.kind === 'timeout';
  return outcome.status >= 500 || RETRY_STATUSES.has(outcome.status);
}

async function send(node: ApiNode, turn: Turn): Promise<HttpResponse | HttpError> {
  let request;
  try {
    request = await buildRequest(node, turn);
  } catch (error) {
    return new HttpError('invalid-url', (error as Error).message);
  }
  const retries = Math.min(Math.max(0, Math.floor(node.api.retries)), MAX_RETRIES);
  const delayMs = Math.min(Math.max(0, node.api.retryDelay), MAX_RETRY_DELAY_SECONDS) * 1000;
  for (let attempt = 0; ; attempt++) {
    let outcome: HttpResponse | HttpError;
    try {
      outcome = await turn.ports.http.request(request);
    } catch (error) {
      outcome = error instanceof HttpError ? error : new HttpError('network', String(error));
    }
    if (attempt >= retries || !worthRetrying(outcome)) return outcome;
    if (delayMs > 0) await turn.ports.clock.sleep(delayMs);
  }
}

/** A JSON body as data (so conditions can read `order.status`), anything else as text. */
export function responseValue(response: HttpResponse): unknown {
  const text = response.body;
  if (/json/i.test(response.contentType) || /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function failureTarget(node: ApiNode): string | null {
  const slot = node.next.find((s) => s.onFailure);
  return slot?.node ?? node.store.failureTarget ?? null;
}

export const apiNode: NodeHandler<ApiNode> = {
  async enter(node, turn): Promise<Outcome> {
    const outcome = await send(node, turn);
    const response = outcome instanceof HttpError ? null : outcome;
    const variables = turn.session.variables;
    if (node.store.name) variables[node.store.name] = response ? responseValue(response) : null;
    if (node.store.statusCodeVariable) variables[node.store.statusCodeVariable] = response?.status ?? null;
    if (node.showResult && response) {
      turn.say({ type: 'api', content: response.body, status: response.status });
    }
    if (!response || response.status < 200 || response.status >= 300) return go(failureTarget(node));
    const next = turn.branch(node);
    return next.kind === 'go' && next.to === null ? go(node.store.successTarget ?? null) : next;
  },
};
