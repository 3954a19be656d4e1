// The call-provider relay: /api/call-provider/{guestId}/api/call/… (spec 3 §7 "Call provider
// backend"). The widget places a guest's call with the provider of the call node the guest waits
// at, but the provider's bearer token must never reach a browser, so the widget calls here and
// this route passes the request on to the provider's endpoint with `Authorization: Bearer
// <token>`, and with the token, the provider and its endpoint filled into the schedule body.
//
// Who may use it: a guest currently waiting at a call node (the guest id is a random UUID only
// that guest's chat knows, as for ping and language), and only towards that node's provider. Only
// the call API's four requests pass. The provider's endpoint is the operator's configuration
// (PROVIDERS_FILE, CALL_PROVIDER_ENDPOINT, the providers table), so, like LLM_BASE_URL, it is
// not held to the private-address rule of the api node.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callRelayPath as params, callRelayRequest as body } from '../../../src/core/api/chat.js';
import { WIDGET_TEXTS } from '../../../src/core/widget/constants.js';
import { findGuest } from '../../repos/guests.js';
import { findProvider } from '../../repos/providers.js';
import type { Provider } from '../../db/schema.js';
import { matchCallApi, providerPath, type CallApiRequest } from './call-api.js';

export const NOT_CALL_API = 'Only the call API of the call provider is relayed';
export const GUEST_NOT_FOUND = 'No such guest';
export const NOT_AT_CALL = 'This guest is not waiting at a call node';
export const PROVIDER_UNREACHABLE = 'The call provider did not answer';
const TIMEOUT_MS = 15_000;

/**
 * The relay's own refusals use the provider's error shape (spec 3 §8: an errors list; the chat
 * shows a `client` item's message, the configuration-issue sentence otherwise).
 */
function refuse(reply: FastifyReply, status: number, message: string, key = 'relay') {
  return reply.code(status).send({ success: false, message, errors: [{ key, message }] });
}

/** The request body as the provider receives it: the schedule is completed from our records. */
function forwardedBody(request: CallApiRequest, sent: Record<string, unknown>, provider: Provider) {
  if (request.kind !== 'schedule') return sent;
  return {
    ...sent,
    provider: provider.mre_call_provider_id,
    access_token: provider.access_token,
    endpoint: provider.endpoint,
    profile_id: provider.profile_id ?? sent.profile_id ?? null,
  };
}

/**
 * The provider's answer without our token, should it echo it back (a call record may hold the
 * schedule's fields): access_token fields are dropped and the token is cut out of any text.
 */
export function scrubbed(value: unknown, token: string | null): unknown {
  if (typeof value === 'string') return token ? value.split(token).join('') : value;
  if (Array.isArray(value)) return value.map((item) => scrubbed(item, token));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'access_token')
        .map(([key, item]) => [key, scrubbed(item, token)]),
    );
  }
  return value;
}

const relayRoute: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const url = '/call-provider/:guestId/*';
  type Params = z.infer<typeof params>;

  async function relay(
    request: FastifyRequest<{ Params: Params }>,
    reply: FastifyReply,
    sent: Record<string, unknown>,
  ) {
    const call = matchCallApi(request.method, request.params['*']);
    if (!call) return refuse(reply, 404, NOT_CALL_API);
    const guest = await findGuest(app.db, request.params.guestId);
    if (!guest) return refuse(reply, 404, GUEST_NOT_FOUND);
    const wait = guest.session.at?.wait;
    if (wait?.kind !== 'call') return refuse(reply, 409, NOT_AT_CALL);
    const provider = wait.providerId ? await findProvider(app.db, wait.providerId) : null;
    if (!provider?.endpoint) return refuse(reply, 503, WIDGET_TEXTS.callMisconfigured, 'client');

    const url = `${provider.endpoint.replace(/\/+$/, '')}${providerPath(call, provider.mre_call_provider_id)}`;
    const token = provider.access_token;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    let init: RequestInit = { method: request.method, headers, signal: AbortSignal.timeout(TIMEOUT_MS) };
    if (request.method === 'POST') {
      headers['content-type'] = 'application/json';
      init = { ...init, body: JSON.stringify(forwardedBody(call, sent, provider)) };
    }
    let status: number;
    let text: string;
    try {
      const answer = await fetch(url, init);
      status = answer.status;
      text = await answer.text();
    } catch (error) {
      request.log.warn({ err: error, provider: provider.mre_call_provider_id }, 'call provider failed');
      return refuse(reply, 502, PROVIDER_UNREACHABLE);
    }
    let json: unknown;
    try {
      json = scrubbed(JSON.parse(text), token);
    } catch {
      request.log.warn({ status, provider: provider.mre_call_provider_id }, 'call provider answered no JSON');
      return refuse(reply, 502, PROVIDER_UNREACHABLE);
    }
    return reply.code(status).header('cache-control', 'no-store').send(json);
  }

  app.get(url, { schema: { params } }, (request, reply) => relay(request, reply, {}));
  app.post(url, { schema: { params, body } }, (request, reply) => relay(request, reply, request.body ?? {}));
  // Other methods are no part of the call API: said in the relay's words rather than a bare 404.
  app.route({
    method: ['PUT', 'PATCH', 'DELETE'],
    url,
    schema: { params },
    handler: (_request, reply) => refuse(reply, 404, NOT_CALL_API),
  });
};

export default relayRoute;
